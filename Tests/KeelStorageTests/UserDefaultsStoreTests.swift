import Foundation
import KeelStorage
import KeelTesting
import Testing

@Suite struct UserDefaultsStoreTests {
    @Test func aFreshProcessReadsTheValueOnceCoalescingSettles() async throws {
        let suite = "keel-tests-\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        let clock = TestClock()
        let store = try UserDefaultsStore(suiteName: suite, coalescing: .milliseconds(10), clock: clock)
        try store.set("persisted", forKey: "greeting")
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .milliseconds(10))
        var output = ""
        for _ in 0..<200 where output != "persisted" {
            await Task.yield()
            output = try await runHelper(["defaults-read", suite, "greeting"]).output
        }
        #expect(output == "persisted")
    }

    @Test func valuesWrittenByPlainUserDefaultsStayReadable() throws {
        let suite = "keel-tests-\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        let defaults = try #require(UserDefaults(suiteName: suite))
        defaults.set("legacy", forKey: "name")
        defaults.set(42, forKey: "count")
        defaults.synchronize()
        let store = try UserDefaultsStore(suiteName: suite)
        #expect(try store.value(forKey: "name", as: String.self) == "legacy")
        #expect(try store.value(forKey: "count", as: Int.self) == 42)
    }
}
