import Foundation
import KeelStorage
import KeelStorageTesting
import Testing

/// The original foundation's storage calls, as its README writes them.
@Suite struct SeedStorageTests {
    @Test func userDefaultsStoreWithoutArgumentsDoesNotThrowAndRoundTrips() throws {
        let defaults = UserDefaultsStore()
        let key = "keel-seed-hasShownGuide-\(UUID().uuidString)"
        defer { try? defaults.removeValue(forKey: key) }
        let before: Bool? = try defaults.value(forKey: key)
        #expect(before == nil)
        try defaults.set(true, forKey: key)
        let hasShownGuide: Bool? = try defaults.value(forKey: key)
        #expect(hasShownGuide == true)
        #expect(defaults.defaults === UserDefaults.standard)
    }

    /// `set(_:forKey:)` (the original `save(_:forKey:)`, which KeelCompat keeps) and
    /// `value(forKey:)` are `SecureStore`'s, so the keychain's behaviour is the one every secure
    /// store has; checked here on the stores Linux has.
    @Test(arguments: SecureKind.allCases)
    func saveThenValueAndNilWhenAbsent(kind: SecureKind) throws {
        let fixture = try SecureFixture.make(kind)
        defer { fixture.cleanUp() }
        let keychain = fixture.store
        let missing: String? = try keychain.value(forKey: "accessToken")
        #expect(missing == nil)
        try keychain.set("token-value", forKey: "accessToken")
        let token: String? = try keychain.value(forKey: "accessToken")
        #expect(token == "token-value")
        try keychain.set(Profile.sample, forKey: "profile")
        #expect(try keychain.value(forKey: "profile", as: Profile.self) == .sample)
        try keychain.removeValue(forKey: "accessToken")
        #expect(try keychain.value(forKey: "accessToken", as: String.self) == nil)
    }

    @Test(arguments: SecureKind.allCases)
    func aStringStoredAsPlainTextReadsAsAString(kind: SecureKind) throws {
        let fixture = try SecureFixture.make(kind)
        defer { fixture.cleanUp() }
        try fixture.store.setString("token-value", forKey: "accessToken")
        let token: String? = try fixture.store.value(forKey: "accessToken")
        #expect(token == "token-value")
        #expect(try fixture.store.value(forKey: "accessToken", as: String.self) == "token-value")
        try fixture.store.set("token-value", forKey: "saved")
        #expect(try fixture.store.string(forKey: "saved") == #""token-value""#)
    }

    @Test(arguments: SecureKind.allCases)
    func aStoredSecretOfAnotherTypeStillThrows(kind: SecureKind) throws {
        let fixture = try SecureFixture.make(kind)
        defer { fixture.cleanUp() }
        try fixture.store.set("plain", forKey: "k")
        #expect(throws: SecureStoreError.self) { try fixture.store.value(forKey: "k", as: Int.self) }
    }

    @Test func theStandardKeychainPolicyIsTheValidatedDefault() throws {
        #expect(KeychainPolicy.standard == (try KeychainPolicy()))
        #expect(KeychainPolicy.standard.accessibility == .afterFirstUnlockThisDeviceOnly)
        #expect(!KeychainPolicy.standard.synchronizable)
        #expect(KeychainPolicy.standard.userPresence == nil)
    }
}
