import Foundation
import KeelTestSupport
import Testing

@testable import KeelSupport

/// The shared JSON parser: malformed input, positions, key paths, limits and policies.
@Suite struct JSONParserTests {
    static func number(_ text: String) -> JSONNode { .number(JSONNumber(validatedText: text)) }

    static func error(_ input: [UInt8]) -> JSONError? {
        do {
            _ = try JSONParser.parse(input)
            return nil
        } catch {
            #expect(error is JSONError, "untyped error \(error)")
            return error as? JSONError
        }
    }

    /// Malformed input: the reason, line, column and key path of each.
    static let malformed: [(String, JSONError.Reason, Int, Int, String)] = [
        ("", .unexpectedEnd(expected: "a value"), 1, 1, ""),
        ("   ", .unexpectedEnd(expected: "a value"), 1, 4, ""),
        ("{", .unexpectedEnd(expected: "a member name"), 1, 2, ""),
        ("{\"a\"", .unexpectedEnd(expected: "':'"), 1, 5, "/a"),
        ("{\"a\" 1}", .unexpectedCharacter(found: "'1'", expected: "':' after the member name"), 1, 6, "/a"),
        ("{\"a\":1,}", .unexpectedCharacter(found: "'}'", expected: "a member name (a string)"), 1, 8, ""),
        ("{\n  \"a\": ,\n}", .unexpectedCharacter(found: "','", expected: "a value"), 2, 8, "/a"),
        ("[1,]", .unexpectedCharacter(found: "']'", expected: "a value"), 1, 4, "/1"),
        ("[1 2]", .unexpectedCharacter(found: "'2'", expected: "',' or ']'"), 1, 4, "/0"),
        ("{\"a\":[true, {\"b\": nul}]}", .invalidLiteral, 1, 22, "/a/1/b"),
        ("[tru", .unexpectedEnd(expected: "'true'"), 1, 5, "/0"),
        ("[01]", .leadingZero, 1, 2, "/0"),
        ("[-]", .invalidNumber(detail: "expected a digit, found ']'"), 1, 3, "/0"),
        ("[1.]", .invalidNumber(detail: "expected a digit after '.'"), 1, 4, "/0"),
        ("[1e]", .invalidNumber(detail: "expected a digit in the exponent"), 1, 4, "/0"),
        ("[.5]", .unexpectedCharacter(found: "'.'", expected: "a value"), 1, 2, "/0"),
        ("[+1]", .unexpectedCharacter(found: "'+'", expected: "a value"), 1, 2, "/0"),
        ("[\"abc", .unterminatedString, 1, 6, "/0"),
        ("[\"a\tb\"]", .controlCharacterInString(0x09), 1, 4, "/0"),
        ("[\"\\x\"]", .invalidEscape(found: "x"), 1, 3, "/0"),
        ("[\"\\u12G4\"]", .invalidUnicodeEscape, 1, 7, "/0"),
        ("[\"\\uD800\"]", .unpairedSurrogate, 1, 3, "/0"),
        ("[\"\\uDC00\\uD800\"]", .unpairedSurrogate, 1, 3, "/0"),
        ("{\"k\": \"\\uD83D\\u0041\"}", .unpairedSurrogate, 1, 8, "/k"),
        ("[1] [2]", .trailingContent, 1, 5, ""),
        ("\r\n\r[x]", .unexpectedCharacter(found: "'x'", expected: "a value"), 3, 2, "/0"),
        ("[\"é\", é]", .unexpectedCharacter(found: "'é'", expected: "a value"), 1, 7, "/1"),
        ("[NaN]", .unexpectedCharacter(found: "'N'", expected: "a value"), 1, 2, "/0"),
        ("[Infinity]", .unexpectedCharacter(found: "'I'", expected: "a value"), 1, 2, "/0"),
        ("{'a': 1}", .unexpectedCharacter(found: "'''", expected: "a member name (a string)"), 1, 2, ""),
        ("[1] // comment", .trailingContent, 1, 5, ""),
    ]

    @Test(arguments: malformed)
    func malformedInputIsALocatedError(
        text: String, reason: JSONError.Reason, line: Int, column: Int, pointer: String
    ) throws {
        let error = try #require(Self.error(Array(text.utf8)), "\(text) was accepted")
        #expect(error.reason == reason, "\(text)")
        #expect(error.line == line, "\(text): \(error)")
        #expect(error.column == column, "\(text): \(error)")
        #expect(error.keyPath.jsonPointer == pointer, "\(text): \(error)")
        #expect(error.description.hasPrefix("line \(line), column \(column)"))
    }

    /// Invalid UTF-8 is an error at the offending byte, never U+FFFD.
    @Test(
        arguments: [
            [0x5B, 0x22, 0xFF, 0x22, 0x5D],  // not a UTF-8 byte
            [0x5B, 0x22, 0x81, 0x22, 0x5D],  // lone continuation byte
            [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D],  // overlong "/"
            [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D],  // encoded surrogate U+D800
            [0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D],  // above U+10FFFF
            [0x5B, 0x22, 0xE2, 0x82, 0x22, 0x5D],  // truncated sequence
        ] as [[UInt8]])
    func invalidUTF8IsRejectedAtItsByte(input: [UInt8]) throws {
        let error = try #require(Self.error(input))
        #expect(error.reason == .invalidUTF8)
        #expect(error.offset == 2)
        #expect(error.column == 3)
        #expect(error.keyPath == [.index(0)])
    }

    @Test func nestingIsLimitedTo512LevelsWithoutRecursion() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONNode.parse(deepest) }
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = try #require(Self.error(Array(tooDeep.utf8)))
        #expect(error.reason == .nestingTooDeep(limit: 512))
        #expect(error.offset == 512)
        #expect(error.keyPath.count == 512)
        // A hundred thousand open brackets (or braces) fail fast at the limit.
        let huge = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        #expect(Self.error(huge)?.reason == .nestingTooDeep(limit: 512))
        let objects = Array(String(repeating: "{\"a\":", count: 100_000).utf8)
        #expect(Self.error(objects)?.reason == .nestingTooDeep(limit: 512))
        #expect(Self.error(Array("[[1]]".utf8)).map { _ in true } == nil)
        #expect(throws: JSONError.self) { try JSONParser.parse(Array("[[1]]".utf8), maximumDepth: 1) }
    }

    /// Policy: a UTF-8 byte order mark at the start is skipped (RFC 8259 §8.1 allows it), and
    /// is not counted as a column; anywhere else it is an unexpected character.
    @Test func aLeadingUTF8ByteOrderMarkIsSkipped() throws {
        #expect(
            try JSONNode.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\":1}".utf8))
                == .object(JSONMembers([("a", Self.number("1"))])))
        let error = try #require(Self.error([0xEF, 0xBB, 0xBF] + Array("[x]".utf8)))
        #expect(error.column == 2)
        #expect(error.offset == 4)
        #expect(Self.error([0xEF, 0xBB, 0xBF])?.reason == .unexpectedEnd(expected: "a value"))
        #expect(Self.error(Array(" \u{FEFF}[]".utf8)) != nil)
        #expect(Self.error([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("[]".utf8)) != nil)
    }

    /// Policy: UTF-16 and UTF-32 (with a byte order mark, or recognised from the zero bytes of
    /// the first character) are transcoded strictly; positions are offsets in the input as given.
    @Test func utf16AndUTF32InputIsTranscodedWithInputPositions() throws {
        let text = "{\"é\": [1, \"😀\"]}"
        let expected = JSONNode.object(JSONMembers([("é", .array([Self.number("1"), .string("😀")]))]))
        let inputs: [[UInt8]] = [
            [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] },
            [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
            text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] },
            text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
            text.unicodeScalars.flatMap { s in [24, 16, 8, 0].map { UInt8((s.value >> $0) & 0xFF) } },
            [0xFF, 0xFE, 0, 0]
                + text.unicodeScalars.flatMap { s in [0, 8, 16, 24].map { UInt8((s.value >> $0) & 0xFF) } },
        ]
        for input in inputs {
            #expect(try JSONNode.parse(input) == expected)
        }
        // "[1, x]" in UTF-16LE with a byte order mark: the 'x' is at input offset 2 + 4 × 2.
        let bad: [UInt8] = [0xFF, 0xFE] + "[1, x]".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let error = try #require(Self.error(bad))
        #expect(error.offset == 10)
        #expect(error.column == 5)
        #expect(error.keyPath == [.index(1)])
        // Malformed UTF-16: an unpaired surrogate, an odd length.
        let lone: [UInt8] = [0x5B, 0, 0x22, 0, 0x00, 0xD8, 0x22, 0, 0x5D, 0]
        #expect(
            Self.error(lone)?.reason
                == .invalidEncoding(detail: "UTF-16 high surrogate without a low surrogate"))
        #expect(Self.error(lone)?.offset == 4)
        #expect(Self.error([0xFF, 0xFE, 0x5B, 0, 0x5D])?.offset == 4)
        // Without a byte order mark, an odd length is UTF-8: the zero byte is the error.
        let zero = try #require(Self.error([0x5B, 0, 0x5D]))
        #expect(zero.reason == .unexpectedCharacter(found: "control character U+0000", expected: "a value"))
        #expect(zero.offset == 1)
        #expect(Self.error([0x5B, 0, 0, 0, 0xFF, 0xFF, 0x11, 0])?.offset == 4)
    }

    /// Policy: numbers are kept as written. `-0` stays negative zero, `1e400` and long integers
    /// parse (their text is exact); as a `Double` they round to nearest, and beyond `Double`'s
    /// range they are `nil`, which consumers report as ``JSONError/Reason/numberOutOfRange(_:)``.
    @Test func numbersKeepTheirExactText() throws {
        let tape = try JSONParser.parse(
            "[-0, 1e400, 123456789012345678901234567890, 0.1, -0.0, 15, 1E2, -123456789012345]")
        let values = (1..<tape.tokens.count - 1).map { tape.double(at: $0) }
        #expect(values[0] == 0 && values[0]?.sign == .minus)
        #expect(values[1] == nil)
        #expect(values[2] == 123456789012345678901234567890.0)
        #expect(values[3] == 0.1)
        #expect(values[4]?.sign == .minus)
        #expect(values[5] == 15)
        #expect(values[6] == 100)
        #expect(values[7] == -123_456_789_012_345)
        #expect(tape.numberText(at: 3) == "123456789012345678901234567890")
        #expect(try JSONNode.parse("-0").serialized() == "-0")
        #expect(try JSONNode.parse("1e400").serialized() == "1e400")
        // A consumer's error about a value is positioned at it, with its key path.
        let nested = try JSONParser.parse("{\"a\": [1, {\"b\": 1e400}]}")
        let index = try #require(nested.tokens.lastIndex { $0.kind == .number })
        #expect(nested.double(at: index) == nil)
        let error = nested.error(.numberOutOfRange("1e400"), at: index)
        #expect(error.keyPath == [.key("a"), .index(1), .key("b")])
        #expect(error.column == 17)
    }

    /// Policy: of duplicate names the last value wins, in the first one's place.
    @Test func duplicateNamesKeepTheLastValueInTheFirstPlace() throws {
        let node = try JSONNode.parse("{\"a\": 1, \"b\": 2, \"a\": 3}")
        guard case .object(let members) = node else {
            Issue.record("not an object")
            return
        }
        #expect(members.keys == ["a", "b"])
        #expect(members.values == [Self.number("3"), Self.number("2")])
        // The tape keeps every occurrence for consumers that need to see them.
        let tape = try JSONParser.parse("{\"a\": 1, \"a\": 2}")
        #expect(try tape.topLevelMembers().map(\.key) == ["a", "a"])
    }

    @Test func stringsDecodeEscapesAndKeepEveryScalar() throws {
        let node = try JSONNode.parse(
            #"["a\"\\\/\b\f\n\r\t\u0041\u00e9\uD83D\uDE00\u0000", "plain é 😀", "\u2028"]"#)
        #expect(
            node
                == .array([
                    .string("a\"\\/\u{8}\u{C}\n\r\tAé😀\u{0}"), .string("plain é 😀"), .string("\u{2028}"),
                ]))
        #expect(try JSONNode.parse(node.serialized()) == node)
    }

    @Test func topLevelMembersGiveRawValueRangesAtAnyRecordingDepth() throws {
        let text = #"{"a": [1, {"x": [2]}], "b": "s", "c": {}, "d": -1.5e3}"#
        for depth in [1, 2, Int.max] {
            let tape = try JSONParser.parse(Array(text.utf8), recordingDepth: depth)
            let members = try tape.topLevelMembers()
            #expect(members.map(\.key) == ["a", "b", "c", "d"])
            let raw = members.map {
                String(decoding: tape.text.bytes[tape.valueRange(at: $0.value)], as: UTF8.self)
            }
            #expect(raw == [#"[1, {"x": [2]}]"#, #""s""#, "{}", "-1.5e3"])
        }
        // Recording depth 1 still validates everything below it.
        #expect(throws: JSONError.self) {
            try JSONParser.parse(Array(#"{"a": [1, {"x": [02]}]}"#.utf8), recordingDepth: 1)
        }
        let notObject = try JSONParser.parse("[1]")
        #expect(throws: JSONError.self) { try notObject.topLevelMembers() }
    }

    @Test func serialisationIsIterativeAndEscapesControlCharacters() throws {
        var deep = JSONNode.null
        for _ in 0..<1_000 { deep = .array([deep]) }
        #expect(deep.serialized().count == 2_004)
        #expect(JSONNode.string("\u{1}\"\\\n").serialized() == #""\u0001\"\\\n""#)
    }
}
