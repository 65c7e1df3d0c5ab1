import Foundation
import KeelApp
import Testing

@Suite("AppEnvironment integers beyond 2^53")
struct AppEnvironmentIntegerTests {
    /// Bug: `9007199254740993` was kept as the `Double` 9007199254740992 and
    /// `ConfigurationKey<Int>` returned that with no error.
    @Test("an integer that a Double cannot hold exactly is a typed error naming the key and file")
    func inexactIntegerIsRefused() throws {
        for (text, pointer) in [
            ("9007199254740993", "/environments/production/appID"),
            ("-1234567890123456789", "/environments/production/appID"),
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
}
