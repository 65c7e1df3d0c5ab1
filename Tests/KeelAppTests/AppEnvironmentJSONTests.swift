import Foundation
import KeelApp
import Testing

/// Environment files are read by Keel's shared JSON parser: located errors, one set of policies.
@Suite struct AppEnvironmentJSONTests {
    func reason(_ bytes: [UInt8]) -> String? {
        do {
            _ = try AppEnvironment.load(.production, from: Data(bytes), source: "env.json")
            return nil
        } catch AppEnvironmentError.malformedFile(let file, let reason) {
            return file == "env.json" ? reason : nil
        } catch {
            return "\(error)"
        }
    }

    func load(_ text: String) throws -> AppEnvironment {
        try AppEnvironment.load(.production, from: Data(text.utf8), source: "env.json")
    }

    @Test func malformedFilesSayLineColumnAndKeyPath() throws {
        let text = "{\"environments\": {\n  \"production\": {\"timeout\": 01}}}"
        #expect(
            reason(Array(text.utf8))
                == "line 2, column 29, at /environments/production/timeout: invalid number: leading zeros are not allowed"
        )
    }

    @Test func numbersBeyondDoubleAreLocatedErrorsNotInfinity() throws {
        let text = "{\"environments\": {\"production\": {\"timeout\": 1e400}}}"
        #expect(
            reason(Array(text.utf8))?.contains(
                "at /environments/production/timeout: number 1e400 is out of range") == true)
        let zero = try load("{\"environments\": {\"production\": {\"offset\": -0}}}")
        let value = try zero.value(for: ConfigurationKey<Double>("offset"))
        #expect(value == 0 && value.sign == .minus)
    }

    @Test func invalidUTF8AndDeepNestingAreRejected() throws {
        let bad =
            Array("{\"environments\": {\"production\": {\"name\": \"".utf8) + [0xFF] + Array("\"}}}".utf8)
        #expect(reason(bad)?.contains("invalid UTF-8") == true)
        let deep = "{\"environments\": {\"production\": {\"a\": " + String(repeating: "[", count: 600)
        #expect(reason(Array(deep.utf8))?.contains("deeper than 512") == true)
    }

    @Test func duplicateNamesKeepTheLastValueAndBOMAndUTF16Load() throws {
        let duplicated = try load("{\"environments\": {\"production\": {\"a\": \"first\", \"a\": \"last\"}}}")
        #expect(try duplicated.value(for: ConfigurationKey<String>("a")) == "last")
        let text = "{\"environments\": {\"production\": {\"a\": \"é\"}}}"
        let bigEndian: [UInt8] = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let inputs: [[UInt8]] = [[0xEF, 0xBB, 0xBF] + Array(text.utf8), [0xFE, 0xFF] + bigEndian]
        for bytes in inputs {
            let environment = try AppEnvironment.load(.production, from: Data(bytes), source: "env.json")
            #expect(try environment.value(for: ConfigurationKey<String>("a")) == "é")
        }
    }
}
