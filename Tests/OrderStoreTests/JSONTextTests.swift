@testable import OrderStore
import Testing

@Suite struct JSONTextTests {
    /// The escapes `JSONText` promises, one byte at a time: the reference its eight-byte scan must agree with.
    func escapedByteByByte(_ value: String) -> [UInt8] {
        let hex = Array("0123456789abcdef".utf8)
        return value.utf8.flatMap { byte -> [UInt8] in
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): [UInt8(ascii: "\\"), byte]
            case ..<0x20: Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: [byte]
            }
        }
    }

    func written(_ value: String) -> [UInt8] {
        var out = JSONText()
        out.object { $0.member("s", value) }
        return out.utf8
    }

    @Test func everyByteThatNeedsAnEscapeIsEscapedWhereverItFallsInAWord() {
        // Given 24 characters of plain text with one or two characters put in at every offset: those that need an
        // escape, and their neighbours and look-alikes that do not (space, !, #, [, ], DEL, and UTF-8 of two, three
        // and four bytes)
        let special = ["\"", "\\", "\u{0}", "\u{1}", "\u{1F}", " ", "!", "#", "[", "]", "\u{7F}", "é", "茶", "🙂"]
        let plain = "abcdefghijklmnopqrstuvwx"
        for offset in 0...plain.count {
            for first in special {
                // (After a `"` or `\`, a borrow flags the next byte when it is `#` or `]`, one above them.)
                for second in ["", "\"", "\u{1}", "é", "#", "]"] {
                    let value = String(plain.prefix(offset)) + first + second + String(plain.dropFirst(offset))
                    // Then the value is written exactly as the byte-by-byte reference writes it
                    let expected = Array(#"{"s":""#.utf8) + escapedByteByByte(value) + Array(#""}"#.utf8)
                    #expect(written(value) == expected, "\(first.unicodeScalars.map(\.value)) then \(second.unicodeScalars.map(\.value)) at \(offset)")
                }
            }
        }
    }

    @Test func textShorterThanAWordIsWrittenByteByByte() {
        // Given text of fewer than eight bytes, down to none
        for value in ["", "\"", "\\", "\u{0}", "a\u{1F}", "茶\"", "ab#cd]e", "\\\"é"] {
            // Then it is written as the reference writes it
            #expect(written(value) == Array(#"{"s":""#.utf8) + escapedByteByByte(value) + Array(#""}"#.utf8), "\(value.debugDescription)")
        }
    }

    @Test func longTextWithEscapesAfterPlainRunsIsWrittenWhole() {
        // Given text longer than the writer's first buffer, its escapes spread through it
        let value = String(repeating: "茶 plain text \"quoted\" \\ and\ta tab; ", count: 200)
        // Then every byte is there, escaped as the reference escapes it
        #expect(written(value) == Array(#"{"s":""#.utf8) + escapedByteByByte(value) + Array(#""}"#.utf8))
    }
}
