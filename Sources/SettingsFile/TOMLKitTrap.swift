/// What toml++ 3.4.0, inside TOMLKit 0.6.0, stops the whole process on instead of reporting: assertions that
/// should have been errors. Themes and config.toml are checked for these before TOMLKit reads them, so that
/// a file, whoever wrote it, gets a line naming its mistake and never aborts PayDesk.
public enum TOMLKitTrap: Equatable, Sendable {
    /// A table header that does not start with a key, such as `[# roles]` or `[[=x]]` (fixed upstream in
    /// toml++ #301).
    case headerWithoutName(line: Int)
    /// A `}` where an array wants a value or its `]`, such as `fg = [ }` or `[1,\n}` (found by fuzz-theme).
    case braceInArray(line: Int)

    /// The first trap in `text`, or nil. Strings and comments are skipped, and values that span lines are
    /// followed, so only real headers and brackets are looked at.
    public static func first(in text: String) -> TOMLKitTrap? {
        let bytes = Array(text.utf8)
        // toml++ reads from after a byte-order mark, so a `[` right after one starts a header.
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1, atLineStart = true
        /// The arrays (`[`) and inline tables (`{`) open where `index` is.
        var open: [UInt8] = []
        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        func isKeyStart(_ byte: UInt8?) -> Bool {
            guard let byte else { return true }  // the end: toml++ reports that itself
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "]"): return true
            default: return false
            }
        }
        /// Moves past a string that starts at `index`, counting the lines it spans.
        func skipString(_ quote: UInt8) {
            let triple = at(1) == quote && at(2) == quote
            index += triple ? 3 : 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") {
                    guard triple else { return }
                    line += 1
                } else if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
                    index += 1
                } else if byte == quote, !triple || (at(1) == quote && at(2) == quote) {
                    index += triple ? 3 : 1
                    return
                }
                index += 1
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                atLineStart = true
                index += 1
                continue
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
                continue
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                skipString(byte)
                atLineStart = false
                continue
            case UInt8(ascii: "[") where atLineStart && open.isEmpty:
                var offset = at(1) == UInt8(ascii: "[") ? 2 : 1
                while at(offset) == UInt8(ascii: " ") || at(offset) == UInt8(ascii: "\t") { offset += 1 }
                guard isKeyStart(at(offset)) else { return .headerWithoutName(line: line) }
                // The rest of a header's line is its key and perhaps a comment.
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                open.append(byte)
            case UInt8(ascii: "]"):
                _ = open.popLast()
            case UInt8(ascii: "}"):
                guard open.last != UInt8(ascii: "[") else { return .braceInArray(line: line) }
                _ = open.popLast()
            default:
                break
            }
            atLineStart = false
            index += 1
        }
        return nil
    }
}
