import Foundation
import Testing

@testable import KeelSupport

/// The shared parser's opt-in JSON5 reading (`json5: true`), for hand-written design-token
/// sources. Before it, every sample below was an error at its first JSON5 byte; the strict
/// parser (the default, which networking and storage use) must still reject each of them.
@Suite struct JSON5ParserTests {
    static func value(_ text: String) throws -> JSONValue {
        try JSONValue(tape: JSONParser.parse(Array(text.utf8), json5: true))
    }

    static func error(_ text: String, json5: Bool = true) -> JSONError? {
        do {
            _ = try JSONParser.parse(Array(text.utf8), json5: json5)
            return nil
        } catch {
            #expect(error is JSONError, "untyped error \(error)")
            return error as? JSONError
        }
    }

    /// One sample of each JSON5 construct and the value it reads as.
    static let samples: [(String, JSONValue)] = [
        ("// line comment\n{\"a\": 1}", .object(JSONObject([("a", .number(1))]))),
        ("{\"a\": /* block */ 1 /* after */}", .object(JSONObject([("a", .number(1))]))),
        ("{\"a\" /* between */ : 1}", .object(JSONObject([("a", .number(1))]))),
        ("{\"a\": 1} // trailing\n", .object(JSONObject([("a", .number(1))]))),
        (
            "{a: 1, $b: 2, _c3: 3}",
            .object(JSONObject([("a", .number(1)), ("$b", .number(2)), ("_c3", .number(3))]))
        ),
        ("{größe: 1}", .object(JSONObject([("größe", .number(1))]))),
        ("{\"a\": 1,}", .object(JSONObject([("a", .number(1))]))),
        ("[1, 2,]", .array([.number(1), .number(2)])),
        ("[ /* empty */ ]", .array([])),
        ("{ // nothing\n}", .object(JSONObject())),
        ("{'a': 'it\\'s \"x\"'}", .object(JSONObject([("a", .string("it's \"x\""))]))),
        ("'\\v\\0\\x41\\q'", .string("\u{0B}\u{00}Aq")),
        ("'one \\\ntwo'", .string("one two")),
        ("'tab\there'", .string("tab\there")),
        ("0x1F", .number(31)),
        ("-0XfF", .number(-255)),
        ("+1", .number(1)),
        (".5", .number(0.5)),
        ("5.", .number(5)),
        ("-.5e1", .number(-5)),
        ("\u{A0}\u{FEFF}\u{2028}\u{0B}1", .number(1)),
        ("[0x10, +.25, 'x',]", .array([.number(16), .number(0.25), .string("x")])),
    ]

    @Test(arguments: samples.indices) func json5ConstructIsRead(_ index: Int) throws {
        let (text, expected) = Self.samples[index]
        #expect(try Self.value(text) == expected, "\(text)")
    }

    /// The default parser must keep rejecting every JSON5 sample: a server that answers with
    /// comments or trailing commas is still malformed JSON.
    @Test(arguments: samples.indices) func strictParserStillRejectsJSON5(_ index: Int) {
        let (text, _) = Self.samples[index]
        #expect(Self.error(text, json5: false) != nil, "strict parser accepted \(text)")
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(text) }
    }

    /// Positions stay those of the file as written: the token after a comment and an unquoted
    /// name is located where it is in the original text.
    @Test func errorsAfterJSON5SyntaxKeepTheirPositions() throws {
        let text = "{\n  // a comment\n  size: 1,\n  color: @\n}"
        let error = try #require(Self.error(text))
        #expect(error.line == 4)
        #expect(error.column == 10)
        #expect(error.keyPath == [.key("color")])
        #expect(error.reason == .unexpectedCharacter(found: "'@'", expected: "a value"))
        // The tape's tokens cover the bytes as written.
        let tape = try JSONParser.parse(Array("{/*c*/ name: 'v'}".utf8), json5: true)
        #expect(tape.tokens[1].kind == .key)
        #expect(tape.tokens[1].start == 7)
        #expect(tape.string(at: 1) == "name")
        #expect(tape.string(at: 2) == "v")
    }

    /// Malformed JSON5 is a typed error with its line and column, never a crash or a hang.
    static let malformed: [(String, Int, Int)] = [
        ("{a: 1 /* never closed", 1, 22),
        ("/", 1, 1),
        ("{a b: 1}", 1, 4),
        ("[1,,]", 1, 4),
        ("{,}", 1, 2),
        ("0x", 1, 3),
        ("+", 1, 2),
        ("01", 1, 1),
        ("'\\1'", 1, 2),
        ("'abc", 1, 5),
        ("'line\nbreak'", 1, 6),
        ("Infinit", 1, 8),
        ("[1] x", 1, 5),
        ("{\"a\": 1,,}", 1, 9),
    ]

    @Test(arguments: malformed.indices) func malformedJSON5IsALocatedError(_ index: Int) {
        let (text, line, column) = Self.malformed[index]
        let error = Self.error(text)
        #expect(error != nil, "accepted \(text)")
        #expect(error?.line == line, "\(text): \(String(describing: error))")
        #expect(error?.column == column, "\(text): \(String(describing: error))")
    }

    /// The depth limit applies to JSON5 as to JSON.
    @Test func depthLimitApplies() {
        let deep = String(repeating: "[ // x\n", count: 600) + String(repeating: "]", count: 600)
        #expect(Self.error(deep)?.reason == .nestingTooDeep(limit: JSONParser.maximumDepth))
    }

    /// `Infinity` and `NaN` parse, but no Keel value holds them: reading them into a
    /// `JSONValue` is a located out-of-range error, as `1e400` is.
    @Test func nonFiniteNumbersAreOutOfRange() {
        #expect(throws: JSONSyntaxError.self) { try Self.value("{a: -Infinity}") }
        #expect(throws: JSONSyntaxError.self) { try Self.value("NaN") }
        #expect(Self.error("[Infinity, -Infinity, +NaN]") == nil)
    }
}
