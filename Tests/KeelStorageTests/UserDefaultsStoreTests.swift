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

    /// A unique suite, removed when `body` returns.
    private func withSuite(_ body: (String) throws -> Void) throws {
        let suite = "keel-tests-\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        try body(suite)
    }

    @Test func aDottedKeyInTheDefaultNamespaceSurvivesFlushAndReopen() throws {
        // Used to vanish after flush: load() skipped every default-namespace name containing ".".
        try withSuite { suite in
            let store = try UserDefaultsStore(suiteName: suite)
            try store.set("Ada", forKey: "user.name")
            try store.flush()
            #expect(try store.value(forKey: "user.name", as: String.self) == "Ada")
            let reopened = try UserDefaultsStore(suiteName: suite)
            #expect(try reopened.value(forKey: "user.name", as: String.self) == "Ada")
            #expect(try reopened.keys(in: .default) == ["user.name"])
        }
    }

    @Test func namespacesAndDottedKeysDoNotShareEntries() throws {
        // Used to collide: "a.b" + "c" and "a" + "b.c" were both the entry "a.b.c".
        try withSuite { suite in
            let store = try UserDefaultsStore(suiteName: suite)
            try store.set(1, for: StoreKey("c", default: 0, namespace: "a.b"))
            try store.set(2, for: StoreKey("b.c", default: 0, namespace: "a"))
            try store.set(3, forKey: "a.b.c")
            try store.flush()
            let reopened = try UserDefaultsStore(suiteName: suite)
            #expect(try reopened.value(for: StoreKey("c", default: 0, namespace: "a.b")) == 1)
            #expect(try reopened.value(for: StoreKey("b.c", default: 0, namespace: "a")) == 2)
            #expect(try reopened.value(forKey: "a.b.c", as: Int.self) == 3)
            #expect(try reopened.keys(in: .default) == ["a.b.c"])
            #expect(try reopened.keys(in: "a") == ["b.c"])
        }
    }

    @Test func aDefaultKeyStartingWithTheNamespacePrefixIsRefused() throws {
        try withSuite { suite in
            let store = try UserDefaultsStore(suiteName: suite)
            #expect(throws: StoreError.self) { try store.set(1, forKey: "keel-namespace:61:b") }
        }
    }

    @Test func namespaceEntriesOfEarlierVersionsAreReadAndCopiedOver() throws {
        // Earlier versions stored namespace "settings" key "theme" as the entry "settings.theme".
        try withSuite { suite in
            let defaults = try #require(UserDefaults(suiteName: suite))
            defaults.set(Data(#""dark""#.utf8), forKey: "settings.theme")
            defaults.set(Data(#""en""#.utf8), forKey: "settings.language")
            defaults.synchronize()
            let theme = StoreKey("theme", default: "", namespace: "settings")
            let language = StoreKey("language", default: "", namespace: "settings")
            let store = try UserDefaultsStore(suiteName: suite)
            #expect(try store.value(for: theme) == "dark")
            try store.set("light", for: theme)
            try store.remove(language)
            try store.flush()
            let reopened = try UserDefaultsStore(suiteName: suite)
            #expect(try reopened.value(for: theme) == "light")
            // Removed stays removed: the earlier entry does not come back.
            #expect(try reopened.value(for: language) == "")
            #expect(try reopened.keys(in: "settings") == ["theme"])
        }
    }

    @Test func writingANamespaceNeverTouchesADottedDefaultKey() throws {
        // The first fix removed "a.b" (taken for namespace "a"'s earlier entry) when "a"/"b" was
        // written; a default key is never an earlier version's entry in a store that began
        // empty.
        try withSuite { suite in
            let store = try UserDefaultsStore(suiteName: suite)
            try store.set("default", forKey: "a.b")
            try store.flush()
            let namespaced = StoreKey("b", default: "", namespace: "a")
            #expect(try UserDefaultsStore(suiteName: suite).value(for: namespaced) == "")
            try store.set("namespaced", for: namespaced)
            try store.removeValue(forKey: "b", in: "a")
            try store.flush()
            let reopened = try UserDefaultsStore(suiteName: suite)
            #expect(try reopened.value(forKey: "a.b", as: String.self) == "default")
            #expect(try reopened.keys(in: "a") == [])
        }
    }
}
