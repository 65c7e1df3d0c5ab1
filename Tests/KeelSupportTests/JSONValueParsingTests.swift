import Foundation
import Testing

@testable import KeelSupport

/// `JSONValue` is read by Keel's shared JSON parser (KeelSupport): located errors, no U+FFFD.
@Suite struct JSONValueParsingTests {
    func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONValue.parse(bytes)
            return nil
        } catch {
            return error as? JSONSyntaxError
        }
    }

    @Test func invalidUTF8InATokenFileIsALocatedErrorNotAReplacementCharacter() throws {
        let bytes = Array("{\n  \"color\": {\"$value\": \"".utf8) + [0xE2, 0x82] + Array("\"}}".utf8)
        let error = try #require(syntaxError(bytes))
        #expect(error.line == 2)
        #expect(error.column == 24)
        #expect(error.keyPath == "/color/$value")
        #expect(error.message == "invalid UTF-8")
    }

    @Test func numbersBeyondDoubleAreLocatedErrors() throws {
        let error = try #require(syntaxError(Array("{\"size\": {\"$value\": [1, -1e400]}}".utf8)))
        #expect(error.keyPath == "/size/$value/1")
        #expect(error.column == 25)
        #expect(error.message == "number -1e400 is out of range")
    }

    @Test func negativeZeroDuplicatesAndByteOrderMarksFollowTheSharedPolicies() throws {
        let value = try JSONValue.parse(
            [0xEF, 0xBB, 0xBF] + Array("{\"a\": -0, \"b\": 1, \"a\": -0.0}".utf8))
        #expect(value.objectValue?.keys == ["a", "b"])
        #expect(value["a"]?.numberValue?.sign == .minus)
        #expect(value.encoded(pretty: false) == "{\"a\":-0,\"b\":1}")
        #expect(try JSONValue.parse(value.encoded()) == value)
    }

    @Test func nestingIsLimitedAndErrorsDescribeTheirKeyPath() throws {
        let error = try #require(syntaxError(Array(("{\"a\": " + String(repeating: "[", count: 513)).utf8)))
        #expect(error.message == "arrays and objects nest deeper than 512 levels")
        #expect(error.description.hasPrefix("1:518: "))
        #expect(error.description.hasSuffix("(at /a/0/0/0" + String(repeating: "/0", count: 508) + ")"))
    }
}
