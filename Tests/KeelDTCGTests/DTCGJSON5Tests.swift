import Foundation
import KeelSupport
import KeelTestSupport
import Testing

@testable import KeelDTCG

/// Token sources kept as JSON5, as GitHub Primer (`src/tokens/**/*.json5`) and Telekom Scale
/// (`*.tokens.json5`) keep theirs: comments, unquoted names, single quotes, trailing commas.
/// The samples are hand-written. Before, each file was one syntax error at its first JSON5
/// byte (`unexpected '/', expected a value`) and none of its tokens were read.
@Suite(.onOwnThread) struct DTCGJSON5Tests {
    private func document(_ text: String, name: String = "brand.tokens.json5", strict: Bool = false)
        -> DTCGDocument
    {
        DTCGDocument(source: DTCGSource(name: name, text: text), options: DTCGOptions(strict: strict))
    }

    private func json5Issues(_ document: DTCGDocument) -> [DTCGIssue] {
        document.issues.filter {
            if case .departure(.json5Syntax, _) = $0.kind { return true }
            return false
        }
    }

    static let sample = """
        // Brand tokens, edited by hand.
        {
          color: {
            $type: 'color',
            /* the primary colour */
            brand: {
              $value: { colorSpace: 'srgb', components: [0, 0.4, 0.8,], },
              $description: 'Primary',
            },
            link: { $value: '{color.brand}' },
          },
          size: {
            $type: 'dimension',
            sm: { $value: { value: 0x4, unit: 'px' } },
            md: { $value: { value: +8, unit: 'px' } },
            lg: { $value: { value: .75, unit: 'rem' } },
          },
        }
        """

    @Test func json5FileIsReadWithOneWarning() {
        let doc = document(Self.sample)
        #expect(doc.errors.isEmpty, "\(doc.errors)")
        let json = document(
            #"{"color": {"$type": "color", "brand": {"$value": {"colorSpace": "srgb", "components": [0, 0.4, 0.8]}}}}"#,
            name: "same.tokens.json")
        #expect(doc["color.brand"]?.value != nil)
        #expect(doc["color.brand"]?.value == json["color.brand"]?.value)
        #expect(doc["color.brand"]?.description == "Primary")
        #expect(doc["color.link"]?.value == doc["color.brand"]?.value)
        #expect(doc["size.sm"]?.value == .dimension(DTCGDimension(value: 4, unit: .px)))
        #expect(doc["size.md"]?.value == .dimension(DTCGDimension(value: 8, unit: .px)))
        #expect(doc["size.lg"]?.value == .dimension(DTCGDimension(value: 0.75, unit: .rem)))
        let json5 = json5Issues(doc)
        #expect(json5.count == 1)
        // Where the JSON5 starts: the comment on line 1.
        #expect(json5.first?.line == 1)
        #expect(json5.first?.column == 1)
        #expect(json5.first?.severity == .warning)
        #expect(
            json5.first?.message == "JSON5 syntax (comments, unquoted keys, trailing commas …): read as JSON5"
        )
    }

    /// `--strict`: JSON5 is not JSON, an error.
    @Test func json5IsAnErrorWhenStrict() {
        let doc = document(Self.sample, strict: true)
        let json5 = json5Issues(doc)
        #expect(json5.count == 1)
        #expect(json5.first?.severity == .error)
        #expect(
            json5.first?.message == "JSON5 syntax (comments, unquoted keys, trailing commas …) is not JSON")
    }

    /// A `.json` file that is JSON5 is read the same way; the warning is where JSON ends.
    @Test func json5InAJSONFileIsReadToo() {
        let doc = document(
            "{\n  \"size\": {\"$type\": \"number\", \"one\": {\"$value\": 1},},\n}", name: "plain.tokens.json"
        )
        #expect(doc.errors.isEmpty, "\(doc.errors)")
        #expect(doc["size.one"]?.value == .number(1))
        let json5 = json5Issues(doc)
        #expect(json5.count == 1)
        #expect(json5.first?.line == 2)
        #expect(json5.first?.column == 52)
    }

    /// A `.json5` file that is plain JSON (some of Primer's are) gets no warning.
    @Test func plainJSONInAJSON5FileHasNoWarning() {
        let doc = document(#"{"n": {"$type": "number", "$value": 2}}"#)
        #expect(doc.issues.isEmpty, "\(doc.issues)")
        #expect(doc["n"]?.value == .number(2))
    }

    /// Issues in a JSON5 file are located in the file as written, past comments and
    /// unquoted names.
    @Test func issuesKeepTheirPositionsInTheFileAsWritten() throws {
        let text = """
            {
              /* a comment
                 over two lines */
              bad: { $type: 'dimension', $value: true },
            }
            """
        let doc = document(text)
        let issue = try #require(doc.errors.first { $0.path == TokenPath(dotted: "bad") })
        #expect(issue.line == 4)
        #expect(issue.column == 30)
    }

    /// Malformed JSON5 is a syntax error at its line and column: the JSON5 reading's for a
    /// `.json5` file, and for a `.json` file when it gets further than JSON's.
    @Test func malformedJSON5IsALocatedSyntaxError() throws {
        let doc = document("{\n  a: { $type: 'number', $value: 1 },,\n}")
        let issue = try #require(doc.errors.first)
        guard case .syntax(let syntax) = issue.kind else {
            Issue.record("expected a syntax error, found \(issue.kind)")
            return
        }
        #expect(issue.line == 2)
        #expect(issue.column == 37)
        #expect(syntax.message.contains("member name"))
        let json = document("{ // c\n  \"a\": @ }", name: "x.tokens.json")
        #expect(json.errors.first?.line == 2)
        #expect(json.errors.first?.column == 8)
        // JSON's own error when JSON5 fails at the same place.
        let plain = document("{\"a\": @}", name: "x.tokens.json")
        #expect(plain.errors.first?.line == 1)
        #expect(plain.errors.first?.column == 7)
    }

    /// The depth limit holds for JSON5 sources as for JSON.
    @Test func depthLimitApplies() {
        let deep = String(repeating: "{a: // x\n", count: 600) + "1" + String(repeating: "}", count: 600)
        let doc = document(deep)
        #expect(doc.tokens.isEmpty)
        #expect(!doc.errors.isEmpty)
    }
}
