import Testing
import StrictJSON

@Suite struct StrictJSONTests {
    func parse(_ text: String, byteOrderMark: JSONDocument.ByteOrderMark = .skipped) throws(JSONSyntaxError) -> JSONValue {
        try JSONDocument(parsing: Array(text.utf8), byteOrderMark: byteOrderMark).root
    }

    func error(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do { _ = try JSONDocument(parsing: bytes) } catch { return error }
        return nil
    }

    @Test func readsWhatRFC8259Allows() throws {
        let root = try parse(" {\"a\": [0, -0, 1, -2.5e3, 10E+2, 3.25E-7, true, false, null], \"b\": {\"c\": \"d\"}, \"\": \"empty\"}\r\n\t")
        #expect(root.kind == .object && root.count == 3)
        let a = try #require(root.member("a"))
        #expect(a.elements.map(\.kind) == [.number, .number, .number, .number, .number, .number, .bool, .bool, .null])
        #expect(a.elements.compactMap(\.numberText) == ["0", "-0", "1", "-2.5e3", "10E+2", "3.25E-7"])
        #expect(a.elements.compactMap(\.bool) == [true, false])
        #expect(root.member("b")?.member("c")?.string == "d")
        #expect(root.member("")?.string == "empty")
        #expect(root.member("x") == nil && a.member("a") == nil)
        #expect(root.members.map(\.name) == ["a", "b", ""])
    }

    @Test func findsANameWrittenInTheSourceAsItFindsAString() throws {
        let root = try parse(#"{"a": 1, "\u0062c": 2, "": 3, "é": 4, "ab": 5}"#)
        let names: [StaticString] = ["a", "bc", "", "é", "ab", "b", "abc", "x"]
        for name in names {
            #expect(root.member(name)?.numberText == root.member(String(describing: name))?.numberText, "\(name)")
        }
        #expect(names.map { root.member($0)?.numberText } == ["1", "2", "3", "4", "5", nil, nil, nil])
        #expect(try parse(#"["a"]"#).member("a" as StaticString) == nil)
    }

    @Test func saysWhereAValueIs() throws {
        let root = try parse(#"{"a": [1, {"b\u0063": [true, "x"]}], "d": null, "e": {}}"#)
        let x = try #require(root.member("a")?.elements[1].member("bc")?.elements[1])
        #expect(x.string == "x" && x.path == [.member("a"), .element(1), .member("bc"), .element(1)])
        #expect(root.path.isEmpty && root.member("d")?.path == [.member("d")] && root.member("e")?.path == [.member("e")])
        var visited: [String] = []
        root.member("a")?.forEachElement { visited.append($0.numberText ?? "\($0.kind)") }
        #expect(visited == ["1", "object"])
    }

    @Test func decodesEveryEscapeAndSurrogatePair() throws {
        let text = try parse(#""\"\\\/\b\f\n\r\t\u00e9\u738B\ud83d\ude42\u0000 raw 王 🙂""#)
        #expect(text.string == "\"\\/\u{08}\u{0C}\n\r\té王🙂\u{0} raw 王 🙂")
        // A name with escapes is found by what it means
        #expect(try parse(#"{"\u0061b": 1}"#).member("ab")?.numberText == "1")
    }

    @Test(arguments: [
        ("01", 0, .leadingZero), ("-01", 1, .leadingZero), ("-", 1, .unexpectedEnd), ("--", 1, .expectedDigit),
        ("1.", 2, .unexpectedEnd), ("1.e3", 2, .expectedDigit), (".5", 0, .unexpectedCharacter), ("e", 0, .unexpectedCharacter),
        ("1e", 2, .unexpectedEnd), ("1e+", 3, .unexpectedEnd), ("+1", 0, .unexpectedCharacter), ("1 2", 2, .trailingText),
        ("0x10", 1, .trailingText), ("NaN", 0, .unexpectedCharacter), ("Infinity", 0, .unexpectedCharacter),
        ("[1,]", 3, .unexpectedCharacter), (#"{"a":1,}"#, 7, .expectedMemberName), (#"{"a" 1}"#, 5, .expectedColon),
        (#"{"a":1"#, 6, .unexpectedEnd), ("[1 2]", 3, .expectedCommaOrBracket), (#"{"a":1 "b":2}"#, 7, .expectedCommaOrBrace),
        ("{'a':1}", 1, .expectedMemberName), ("tru", 0, .unexpectedEnd), ("nul1", 3, .unexpectedCharacter), ("", 0, .unexpectedEnd),
        ("   ", 3, .unexpectedEnd), (#""unterminated"#, 0, .unterminatedString), ("\"tab\there\"", 4, .controlCharacter),
        (#""\x""#, 1, .unknownEscape), (#""\u12G4""#, 5, .badUnicodeEscape), (#""\ud83d""#, 1, .loneSurrogate),
        (#""\ude42""#, 1, .loneSurrogate), (#""\ud83d\u0041""#, 1, .loneSurrogate), (#""\ud83dx""#, 1, .loneSurrogate),
        ("\u{0B}1", 0, .unexpectedCharacter), ("\u{0C}1", 0, .unexpectedCharacter), ("\u{A0}1", 0, .unexpectedCharacter),
        (#"{"a":1} x"#, 8, .trailingText), (#"{"a":1,"a":2}"#, 7, .duplicateMemberName),
    ] as [(String, Int, JSONSyntaxError.Reason)])
    func refusesWhatIsNotJSON(text: String, offset: Int, reason: JSONSyntaxError.Reason) {
        #expect(error(Array(text.utf8)) == JSONSyntaxError(offset: offset, reason: reason))
    }

    @Test(arguments: [
        [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xF0, 0x80, 0x80, 0x80], // overlong forms
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],                                                  // surrogates in UTF-8
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],                              // past U+10FFFF
        [0x80], [0xC3], [0xE4, 0xB8], [0xC3, 0x28], [0xE4, 0x28, 0xAD],                          // cut or stray
    ] as [[UInt8]])
    func refusesInvalidUTF8(sequence: [UInt8]) {
        #expect(error([0x22, 0x61] + sequence + [0x22])?.reason == .invalidUTF8)
    }

    @Test func findsWhatEndsARunOfPlainBytesWhereverItStands() throws {
        // Given 70 plain bytes (printable ASCII from space to DEL, `"` and `\` left out), long enough to be read
        // many bytes at a time, with one byte or escape that needs attention put at each place in turn
        let plain: [UInt8] = (0..<70).map { (index: Int) -> UInt8 in
            let byte = UInt8(0x20 + index * 7 % 96)
            return byte == 0x22 || byte == 0x5C ? UInt8(ascii: "x") : byte
        }
        for place in 0...plain.count {
            func string(with middle: [UInt8]) -> [UInt8] {
                var bytes: [UInt8] = [0x22]
                bytes += plain[..<place]
                bytes += middle
                bytes += plain[place...]
                bytes.append(0x22)
                return bytes
            }
            // Then a control byte, a byte that is not UTF-8 and a quote are each found where they stand
            #expect(error(string(with: [0x1F])) == JSONSyntaxError(offset: 1 + place, reason: .controlCharacter))
            #expect(error(string(with: [0xFF])) == JSONSyntaxError(offset: 1 + place, reason: .invalidUTF8))
            // (text after the string's end starts at the first byte that is not a space)
            let spaces = plain[place...].prefix { $0 == 0x20 }.count
            #expect(error(string(with: [0x22])) == JSONSyntaxError(offset: place + 2 + spaces, reason: .trailingText))
            // And an escape and a character of two bytes are read as what they are
            let head = String(decoding: plain[..<place], as: UTF8.self), tail = String(decoding: plain[place...], as: UTF8.self)
            #expect(try JSONDocument(parsing: string(with: [0x5C, 0x2F])).root.string == head + "/" + tail)
            #expect(try JSONDocument(parsing: string(with: [0xC3, 0xA9])).root.string == head + "é" + tail)
        }
    }

    @Test func unescapesEscapesAtEveryDistanceFromOneAnother() throws {
        // Given escapes of every kind with 0 to 20 plain bytes before each, so that each falls at every place in a
        // word, and runs of plain bytes end on a word's boundary and off it
        let escapes: [(written: String, meaning: String)] = [(#"\/"#, "/"), (#"\n"#, "\n"), (#"\u00e9"#, "é"), (#"\""#, "\""),
                                                             (#"\ud83d\ude42"#, "🙂"), (#"\\"#, "\\")]
        var written = "\"", meaning = ""
        for gap in 0...20 {
            for escape in escapes {
                let plain = String(repeating: "x", count: gap)
                written += plain + escape.written
                meaning += plain + escape.meaning
            }
        }
        written += "\""
        // Then the string means what was put in, read as a String and as bytes
        let value = try JSONDocument(parsing: Array(written.utf8)).root
        #expect(value.string == meaning)
        #expect(value.withUTF8 { Array($0) } == Array(meaning.utf8))
    }

    @Test func acceptsEveryWellFormedUTF8Boundary() throws {
        for scalar in ["\u{80}", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{10000}", "\u{10FFFF}"] {
            #expect(try parse("\"\(scalar)\"").string == scalar)
        }
    }

    @Test func skipsAByteOrderMarkOnlyAtTheStartAndOnlyWhenAsked() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try JSONDocument(parsing: bom + Array(#"{"a":"b"}"#.utf8)).root.member("a")?.string == "b")
        #expect(throws: JSONSyntaxError(offset: 0, reason: .unexpectedByteOrderMark)) {
            try JSONDocument(parsing: bom + Array("1".utf8), byteOrderMark: .refused)
        }
        #expect(error(Array("[".utf8) + bom + Array("1]".utf8)) == JSONSyntaxError(offset: 1, reason: .unexpectedByteOrderMark))
        #expect(error(bom + bom + Array("1".utf8)) == JSONSyntaxError(offset: 3, reason: .unexpectedByteOrderMark))
        #expect(error(bom) == JSONSyntaxError(offset: 3, reason: .unexpectedEnd))
    }

    @Test func refusesRepeatedNamesInEveryObjectWhateverTheirSpelling() {
        #expect(error(Array(#"{"a":{"x":1,"y":2,"x":3}}"#.utf8)) == JSONSyntaxError(offset: 18, reason: .duplicateMemberName))
        #expect(error(Array(#"[{"ok":1},{"a":1,"\u0061":2}]"#.utf8)) == JSONSyntaxError(offset: 17, reason: .duplicateMemberName))
        #expect(error(Array(#"{"\/":1,"/":2}"#.utf8))?.reason == .duplicateMemberName)
        // The same name in different objects is no repeat
        #expect(error(Array(#"{"a":{"a":{"a":1}},"b":[{"a":1},{"a":2}]}"#.utf8)) == nil)
    }

    @Test func findsARepeatAmongThirtyThousandNames() throws {
        // Given an object of 30,000 distinct names, When one more repeats the first, Then it is named where it is
        let names = (0..<30_000).map { "\"member\($0)\":\($0)" }
        let unique = "{" + names.joined(separator: ",") + "}"
        #expect(try parse(unique).count == 30_000)
        let repeated = "{" + names.joined(separator: ",") + ",\"member0\":1}"
        #expect(error(Array(repeated.utf8)) == JSONSyntaxError(offset: unique.utf8.count, reason: .duplicateMemberName))
    }

    @Test func boundsNesting() throws {
        let deepest = String(repeating: "[", count: JSONDocument.maximumDepth) + String(repeating: "]", count: JSONDocument.maximumDepth)
        #expect(try parse(deepest).count == 1)
        #expect(error(Array(("[" + deepest + "]").utf8)) == JSONSyntaxError(offset: 32, reason: .nestedTooDeeply))
        #expect(error(Array(String(repeating: "{\"a\":", count: 100_000).utf8)) == JSONSyntaxError(offset: 160, reason: .nestedTooDeeply))
    }

    @Test func errorsGiveAnOffsetAndAReasonButNeverTheInput() throws {
        let secret = "4111111111111111"
        for text in [#"{"pan":"\#(secret)",}"#, #"{"pan":"\#(secret)"#, #"{"pan":\#(secret)x}"#, #"{"pan":"\#(secret)","pan":"\#(secret)"}"#] {
            let found = try #require(error(Array(text.utf8)))
            #expect(!found.description.contains("4111") && found.description.contains(" at byte "))
        }
    }

    @Test func handsOverSecretsWithoutMakingStrings() throws {
        let root = try parse(#"{"plain":"4111","escaped":"41\u00311"}"#)
        #expect(root.member("plain")?.withUTF8 { Array($0) } == Array("4111".utf8))
        #expect(root.member("escaped")?.withUTF8 { Array($0) } == Array("4111".utf8))
        #expect(root.withUTF8 { _ in true } == nil)
    }
}
