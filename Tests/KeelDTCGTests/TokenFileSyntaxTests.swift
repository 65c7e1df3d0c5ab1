import Foundation
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// Token files are read by Keel's one JSON parser (KeelSupport's, through `JSONValue.parse`):
/// a token file's syntax issue is exactly the parser's located error, never U+FFFD.
@Suite(.onOwnThread) struct TokenFileSyntaxTests {
    @Test func invalidUTF8InATokenFileIsTheParsersLocatedError() throws {
        let bytes = Array("{\n  \"color\": {\"$value\": \"".utf8) + [0xE2, 0x82] + Array("\"}}".utf8)
        let parserError: JSONSyntaxError
        do {
            _ = try JSONValue.parse(bytes)
            Issue.record("JSONValue.parse accepted invalid UTF-8")
            return
        } catch let error as JSONSyntaxError {
            parserError = error
        }
        let document = DTCGDocument(sources: [DTCGSource(name: "bad.tokens.json", data: Data(bytes))])
        guard case .syntax(let issue)? = document.errors.first?.kind else {
            Issue.record("expected a syntax issue, got \(document.errors)")
            return
        }
        #expect(issue == parserError)
        #expect(issue.line == 2)
        #expect(issue.column == 24)
        #expect(issue.keyPath == "/color/$value")
        #expect(issue.message == "invalid UTF-8")
    }
}

/// Token and resolver files nest at most 128 levels; the shared (iterative) parser enforces it,
/// so no recursive stage of token reading sees deeper input.
@Suite(.onOwnThread) struct TokenFileNestingTests {
    static func arrays(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    @Test func aTokenFileDeeperThan128LevelsIsASyntaxIssueAtTheBracket() throws {
        let document = DTCGDocument(sources: [DTCGSource(name: "deep.tokens.json", text: Self.arrays(129))])
        guard case .syntax(let error)? = document.errors.first?.kind else {
            Issue.record("expected a syntax issue, got \(document.errors)")
            return
        }
        #expect(error.message == "arrays and objects nest deeper than 128 levels")
        #expect(error.line == 1)
        #expect(error.column == 129)
    }

    @Test func exactly128LevelsParse() {
        let document = DTCGDocument(sources: [DTCGSource(name: "deep.tokens.json", text: Self.arrays(128))])
        #expect(document.errors.map(\.kind) == [.notAnObject(found: "array")])
    }

    @Test func aResolverDocumentDeeperThan128LevelsIsASyntaxIssue() throws {
        let prefix = #"{"version": "2025.10", "x": "#
        let text = prefix + Self.arrays(128) + "}"
        do {
            _ = try DTCGResolverDocument(source: DTCGSource(name: "resolver.json", text: text))
            Issue.record("a 129-level resolver document was read")
        } catch let error as DTCGResolverError {
            guard case .syntax(let syntax)? = error.issues.first?.kind else {
                Issue.record("expected a syntax issue, got \(error)")
                return
            }
            #expect(syntax.message == "arrays and objects nest deeper than 128 levels")
            // The root object is level 1: the 128th bracket opens level 129.
            #expect(syntax.column == prefix.count + 128)
        }
    }
}

/// Issues are located by a map built from the shared parser's tokens: escaped names, array
/// elements and transcoded (UTF-16) files are placed where the file writes them.
@Suite(.onOwnThread) struct TokenFileLocationTests {
    @Test func issuesAreLocatedAtTheirKeyThroughEscapedNamesAndArrays() throws {
        let text = """
            {
              "col\\u006fr": {
                "$type": "color",
                "ok": {"$value": "#000000"},
                "bad": {"$value": [1, 2]}
              }
            }
            """
        let document = DTCGDocument(sources: [DTCGSource(name: "t.tokens.json", text: text)])
        let issue = try #require(document.errors.first { $0.path.description == "color.bad" })
        // A value's issue is placed at its `$value` member, quoting the value as written.
        #expect(issue.line == 5)
        #expect(issue.column == 13)
        #expect(issue.excerpt == "[1, 2]")
    }

    @Test func aUTF16FileIsLocatedOnItsOwnLines() throws {
        let text = "{\n  \"size\": {\n    \"$type\": \"dimension\",\n    \"bad\": {\"$value\": true}\n  }\n}"
        var bytes: [UInt8] = []
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let document = DTCGDocument(sources: [DTCGSource(name: "t.tokens.json", data: Data(bytes))])
        let issue = try #require(document.errors.first { $0.path.description == "size.bad" })
        #expect(issue.line == 4)
        #expect(issue.column == 13)
        #expect(issue.excerpt == "true")
    }
}
