import Foundation
import KeelStorage
import KeelSupport
import Testing

/// The contract every `KeyValueStore` meets, run against each implementation.
@Suite struct KeyValueStoreContractTests {
    @Test(arguments: StoreKind.allCases)
    func codableRoundTripAlsoInAFreshInstance(kind: StoreKind) throws {
        let fixture = try StoreFixture.make(kind)
        defer { fixture.cleanUp() }
        let store = fixture.store
        #expect(try store.value(for: .profile) == StoreKey<Profile>.profile.defaultValue)
        try store.set(Profile.sample, for: .profile)
        try store.set(true, for: .hasShownGuide)
        let optional = StoreKey<Int?>("optional", default: 7)
        try store.set(nil, for: optional)
        try store.set([["a": 1.5]], forKey: "nested")
        #expect(try store.value(for: .profile) == .sample)
        #expect(try store.value(for: optional) == nil)
        try store.flush()

        let fresh = try fixture.reopen()
        #expect(try fresh.value(for: .profile) == .sample)
        #expect(try fresh.value(for: .hasShownGuide))
        #expect(try fresh.value(for: optional) == nil)
        #expect(try fresh.value(forKey: "nested", as: [[String: Double]].self) == [["a": 1.5]])
    }

    @Test(arguments: StoreKind.allCases)
    func removeContainsKeysAndNamespaces(kind: StoreKind) throws {
        let fixture = try StoreFixture.make(kind)
        defer { fixture.cleanUp() }
        let store = fixture.store
        let other = StoreKey("theme", default: "light", namespace: "appearance")
        try store.set(3, for: .counter)
        try store.set("dark", for: other)
        #expect(try store.contains(.counter))
        #expect(try store.keys(in: "appearance") == ["theme"])
        #expect(try store.keys(in: .default).contains("counter"))
        try store.remove(.counter)
        #expect(try !store.contains(.counter))
        #expect(try store.value(for: .counter) == 0)
        #expect(try store.value(for: other) == "dark")
        try store.removeValue(forKey: "missing")
    }

    @Test(arguments: StoreKind.allCases)
    func valueThatNoLongerDecodesIsATypedErrorNamingTheKey(kind: StoreKind) throws {
        let fixture = try StoreFixture.make(kind)
        defer { fixture.cleanUp() }
        try fixture.store.set("not a number", forKey: "counter")
        #expect {
            try fixture.store.value(for: .counter)
        } throws: { error in
            guard case .typeMismatch(let key, _, _)? = error as? StoreError else { return false }
            return key == "counter"
        }
        #expect(throws: StoreError.self) { try fixture.store.set(Double.nan, forKey: "nan") }
    }

    @Test(arguments: StoreKind.allCases)
    func updatesYieldCurrentThenEachChangeWithoutRepeats(kind: StoreKind) async throws {
        let fixture = try StoreFixture.make(kind)
        defer { fixture.cleanUp() }
        let store = fixture.store
        try store.set(1, for: .counter)
        let stream = store.updates(for: .counter)
        try store.set(2, for: .counter)
        try store.set(2, for: .counter)
        try store.set(3, for: .counter)
        try store.remove(.counter)
        try store.remove(.counter)
        var seen: [Int] = []
        for await value in stream {
            seen.append(value)
            if seen.count == 4 { break }
        }
        #expect(seen == [1, 2, 3, 0])
    }

    @Test(arguments: StoreKind.allCases)
    func eightTasksThousandWritesLoseNothing(kind: StoreKind) async throws {
        let fixture = try StoreFixture.make(kind)
        defer { fixture.cleanUp() }
        let store = fixture.store
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<1_000 {
                        try store.set(index, forKey: "t\(task)-\(index % 100)")
                        try store.set(task * 1_000 + index, for: StoreKey("last-\(task)", default: -1))
                    }
                }
            }
            try await group.waitForAll()
        }
        try store.flush()
        let fresh = try fixture.reopen()
        for task in 0..<8 {
            #expect(try fresh.value(for: StoreKey("last-\(task)", default: -1)) == task * 1_000 + 999)
            for key in 0..<100 {
                #expect(try fresh.value(forKey: "t\(task)-\(key)", as: Int.self) == 900 + key)
            }
        }
    }
}
