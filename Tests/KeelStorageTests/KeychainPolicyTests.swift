import Foundation
import KeelStorage
import Testing

/// The keychain's platform-neutral decisions, checked on every platform.
@Suite struct KeychainPolicyTests {
    @Test func theDefaultNeverLeavesTheDevice() throws {
        let policy = try KeychainPolicy()
        #expect(policy.accessibility == .afterFirstUnlockThisDeviceOnly)
        #expect(policy.accessibility.isThisDeviceOnly)
        #expect(!policy.synchronizable)
        #expect(policy.userPresence == nil)
    }

    @Test(arguments: KeychainAccessibility.allCases)
    func synchronizableNeedsAnAccessibilityThatCanLeaveTheDevice(accessibility: KeychainAccessibility) {
        let result = Result { try KeychainPolicy(accessibility: accessibility, synchronizable: true) }
        if accessibility.isThisDeviceOnly {
            #expect {
                try result.get()
            } throws: { error in
                guard case .invalidConfiguration(let reason)? = error as? SecureStoreError else {
                    return false
                }
                return reason.contains("ThisDeviceOnly")
            }
        } else {
            #expect(throws: Never.self) { try result.get() }
        }
    }

    @Test(arguments: KeychainUserPresence.allCases)
    func synchronizableCannotRequireUserPresence(presence: KeychainUserPresence) throws {
        #expect(throws: SecureStoreError.self) {
            try KeychainPolicy(accessibility: .afterFirstUnlock, synchronizable: true, userPresence: presence)
        }
        let local = try KeychainPolicy(userPresence: presence)
        #expect(local.userPresence == presence)
    }

    @Test(arguments: KeychainOperation.allCases)
    func everyQueryUsesTheDataProtectionKeychain(operation: KeychainOperation) throws {
        #expect(try KeychainPolicy().request(for: operation).usesDataProtectionKeychain)
    }

    @Test func containsReadsAttributesNotData() throws {
        let policy = try KeychainPolicy()
        let exists = policy.request(for: .exists)
        #expect(!exists.returnsData)
        #expect(exists.returnsAttributes)
        #expect(!exists.matchesAll)
        #expect(policy.request(for: .read).returnsData)
        #expect(policy.request(for: .list).matchesAll)
        #expect(!policy.request(for: .list).returnsData)
        #expect(policy.request(for: .write).setsProtection)
        #expect(!policy.request(for: .delete).returnsData)
    }

    @Test(arguments: [
        (Int32(-25300), SecureStoreError.notFound(key: "k")),
        (-25308, .interactionNotAllowed(key: "k")),
        (-34018, .missingEntitlement(key: "k")),
        (-128, .userCancelled(key: "k")),
        (-25293, .authenticationFailed(key: "k")),
        (-25299, .osStatus(key: "k", status: -25299)),
        (0, .osStatus(key: "k", status: 0)),
    ])
    func statusTable(status: Int32, expected: SecureStoreError) {
        #expect(SecureStoreError(osStatus: status, key: "k") == expected)
    }

    @Test func fileProtectionDefaultsToUntilFirstUserAuthentication() throws {
        #expect(StoreFileProtection.default == .completeUntilFirstUserAuthentication)
        #expect(
            StoreFileProtection.default.rawValue == "NSFileProtectionCompleteUntilFirstUserAuthentication")
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try FileStore(directory: directory.appendingPathComponent("kv"))
        #expect(files.fileProtection == .completeUntilFirstUserAuthentication)
        let secrets = try EncryptedFileStore(
            directory: directory.appendingPathComponent("s"), keyProvider: StaticKeyProvider(Data(count: 32)),
            fileProtection: .complete)
        #expect(secrets.fileProtection == .complete)
        #if os(Linux) || os(macOS)
            #expect(!StoreFileProtection.isApplied, "no data-protection classes here")
        #endif
    }
}
