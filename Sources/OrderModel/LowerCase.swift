extension String {
    /// `lowercased()`, without making a new string when this one is ASCII without upper case, as token hex and
    /// email addresses usually are: ingest lower-cases three fields of every order.
    public func lowercasedIfNeeded() -> String {
        let isLowerASCII = withUTF8Bytes { utf8 in utf8.allSatisfy { $0 < 0x80 && $0 &- UInt8(ascii: "A") >= 26 } }
        return isLowerASCII ? self : lowercased()
    }
}
