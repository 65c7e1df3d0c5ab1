import Foundation
import Testing

@testable import KeelTokens

/// Token files are read by Keel's one JSON parser (KeelSupport's, through `JSONValue.parse`):
/// a token file's syntax issue is exactly the parser's located error, never U+FFFD.
@Suite struct TokenFileSyntaxTests {
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
