import Foundation
import Testing

@testable import KeelApp

@Suite("AppEnvironment integers beyond 2^53")
struct AppEnvironmentIntegerTests {
    /// Bug: `9007199254740993` was kept as the `Double` 9007199254740992 and
    /// `ConfigurationKey<Int>` returned that with no error.
    @Test("an integer that a Double cannot hold exactly is a typed error naming the key and file")
    func inexactIntegerIsRefused() throws {
        for (text, pointer) in [
            ("9007199254740993", "/environments/production/appID"),
            ("-1234567890123456789", "/environments/production/appID"),
            // The same integers spelt with a fraction or an exponent used to pass the check.
            ("9007199254740993.0", "/environments/production/appID"),
            ("9.007199254740993e15", "/environments/production/appID"),
            ("90071992547409930e-1", "/environments/production/appID"),
            ("9999999999999e5", "/environments/production/appID"),
            ("9007199254740993e000000", "/environments/production/appID"),
        ] {
            let json = "{\"environments\":{\"production\":{\"name\":\"x\",\"appID\":\(text)}}}"
            #expect {
                _ = try AppEnvironment.load(.production, from: Data(json.utf8), source: "env.json")
            } throws: { error in
                guard case AppEnvironmentError.malformedFile(let file, let reason) = error else {
                    return false
                }
                return file == "env.json" && reason.contains(text) && reason.contains(pointer)
            }
        }
    }

    /// Control: integers a `Double` holds exactly still read as before, up to and including 2^53.
    @Test("integers up to 2^53 and exact large ones still read exactly")
    func exactIntegersStillRead() throws {
        let json = """
            {"environments":{"production":{"a":9007199254740992,"b":-9007199254740991,"c":1152921504606846976}}}
            """
        let environment = try AppEnvironment.load(.production, from: Data(json.utf8), source: "env.json")
        #expect(try environment.value(for: ConfigurationKey<Int>("a")) == 9_007_199_254_740_992)
        #expect(try environment.value(for: ConfigurationKey<Int>("b")) == -9_007_199_254_740_991)
        // 2^60 is exact in a Double although it is above 2^53.
        #expect(try environment.value(for: ConfigurationKey<Int>("c")) == 1 << 60)
    }

    /// Control: other spellings of exact integers, and real numbers of any size, still load.
    @Test("exact integers in other spellings and large or fractional reals still load")
    func otherNumbersStillLoad() throws {
        let json = """
            {"environments":{"production":{"a":1.2e1,"b":9.007199254740992e15,"c":1e300,"d":0.1,"e":-0.0}}}
            """
        let environment = try AppEnvironment.load(.production, from: Data(json.utf8), source: "env.json")
        #expect(try environment.value(for: ConfigurationKey<Int>("a")) == 12)
        #expect(try environment.value(for: ConfigurationKey<Int>("b")) == 9_007_199_254_740_992)
        #expect(try environment.value(for: ConfigurationKey<Double>("c")) == 1e300)
        #expect(try environment.value(for: ConfigurationKey<Double>("d")) == 0.1)
    }

    @Test("the exact integer of a decimal spelling")
    func integerValueOfDecimals() {
        let cases: [(String, Int?)] = [
            ("12", 12), ("1.2e1", 12), ("120e-1", 12), ("12.000", 12), ("-0", 0), ("0.0e5", 0),
            ("0.5", nil), ("1e-1", nil), ("9223372036854775807", .max), ("9223372036854775808", nil),
            ("1e19", nil), ("1e400000", nil), ("-9.2e1", -92), ("1E+2", 100), ("12e000000", 12),
            ("1200e-0000002", 12), ("1e-00001", nil),
        ]
        for (text, expected) in cases {
            #expect(AppEnvironment.integerValue(ofDecimal: text) == expected, "\(text)")
        }
    }
}
