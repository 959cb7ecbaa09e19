extension String {
    /// Hands `body` the string's UTF-8 where it lies. (`withUTF8` works on a mutable copy of the string, and
    /// copying a String costs two atomic reference counts: ingest reads every field of every line.)
    @inlinable
    public func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var contiguous = self
        return contiguous.withUTF8(body)
    }
}
