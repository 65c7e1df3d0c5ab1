import Foundation
import KeelLogging
import Testing

@Suite struct LogLevelTests {
    @Test(arguments: LogLevel.allCases)
    func parsesItsOwnName(level: LogLevel) throws {
        #expect(try LogLevel(parsing: level.name) == level)
        #expect(try LogLevel(parsing: " \(level.name.uppercased())\n") == level)
    }

    @Test func unknownNameListsTheValidOnes() {
        #expect(throws: LogLevelParseError(text: "loud")) { try LogLevel(parsing: "loud") }
        let message = LogLevelParseError(text: "loud").description
        #expect(message.contains("'loud'"))
        #expect(message.contains("trace, debug, info, notice, warning, error, critical"))
    }

    @Test func ordersBySeverity() {
        #expect(LogLevel.allCases == LogLevel.allCases.sorted())
        #expect(LogLevel.trace < .critical)
        #expect(LogLevel.warning > .notice)
    }

    @Test func codableAsName() throws {
        let data = try JSONEncoder().encode([LogLevel.warning])
        #expect(String(decoding: data, as: UTF8.self) == #"["warning"]"#)
        #expect(try JSONDecoder().decode([LogLevel].self, from: data) == [.warning])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([LogLevel].self, from: Data(#"["loud"]"#.utf8))
        }
    }
}
