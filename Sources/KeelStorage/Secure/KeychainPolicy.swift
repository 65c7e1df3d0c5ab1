/// When keychain items can be read (``KeychainStore``'s `kSecAttrAccessible`).
public enum KeychainAccessibility: Sendable, CaseIterable {
    /// While the device is unlocked; included in encrypted backups, so it can move to another
    /// device.
    case whenUnlocked
    /// After the first unlock until restart (works in the background); can move to another
    /// device through a backup.
    case afterFirstUnlock
    /// While unlocked, only with a passcode set, never leaves the device.
    case whenPasscodeSetThisDeviceOnly
    /// While unlocked, never leaves the device.
    case whenUnlockedThisDeviceOnly
    /// After the first unlock, never leaves the device: the default.
    case afterFirstUnlockThisDeviceOnly

    /// Whether items stay on this device (no backup restore or iCloud sync elsewhere).
    package var isThisDeviceOnly: Bool {
        switch self {
        case .whenUnlocked, .afterFirstUnlock: false
        case .whenPasscodeSetThisDeviceOnly, .whenUnlockedThisDeviceOnly, .afterFirstUnlockThisDeviceOnly:
            true
        }
    }
}

/// Who must be present to read a keychain item.
public enum KeychainUserPresence: Sendable, CaseIterable {
    /// Biometry or the device passcode.
    case userPresence
    /// Any enrolled biometry.
    case biometryAny
    /// The biometry enrolled when the item was stored.
    case biometryCurrentSet
}

/// A keychain operation, for ``KeychainPolicy/request(for:)``.
package enum KeychainOperation: Sendable, CaseIterable {
    /// Read one item's data.
    case read
    /// Ask whether an item exists, without reading (or unlocking) its data.
    case exists
    /// List the items' account names.
    case list
    /// Add or update an item.
    case write
    /// Delete an item.
    case delete
}

/// What a ``KeychainStore`` query asks the keychain for: the platform-neutral decisions behind
/// the `SecItem` dictionaries, tested on Linux.
package struct KeychainRequest: Sendable, Equatable {
    /// `kSecReturnData`.
    package var returnsData = false
    /// `kSecReturnAttributes`.
    package var returnsAttributes = false
    /// `kSecMatchLimitAll` rather than `kSecMatchLimitOne` (for queries that match).
    package var matchesAll = false
    /// `kSecUseDataProtectionKeychain`: on macOS the legacy file keychain ignores
    /// `kSecAttrAccessible`, so every query targets the data-protection keychain.
    package var usesDataProtectionKeychain = true
    /// Whether the query carries the accessibility or access control attributes.
    package var setsProtection = false
}

/// A validated keychain configuration: accessibility, iCloud sync and user presence.
///
/// Apple documents `kSecAttrSynchronizable` as incompatible with the ThisDeviceOnly classes and
/// with access control (user presence); such combinations are refused with
/// ``SecureStoreError/invalidConfiguration(reason:)`` instead of failing at the first write.
package struct KeychainPolicy: Sendable, Equatable {
    /// The default accessibility: after the first unlock, never leaving the device.
    package static let defaultAccessibility = KeychainAccessibility.afterFirstUnlockThisDeviceOnly

    /// When items are readable.
    package let accessibility: KeychainAccessibility
    /// Whether items sync through iCloud Keychain.
    package let synchronizable: Bool
    /// The presence required to read items, if any.
    package let userPresence: KeychainUserPresence?

    /// The default policy: ``defaultAccessibility``, no iCloud sync, no user presence (a
    /// valid combination, so it needs no check).
    package static let standard = KeychainPolicy(
        checked: defaultAccessibility, synchronizable: false, userPresence: nil)

    private init(
        checked accessibility: KeychainAccessibility, synchronizable: Bool,
        userPresence: KeychainUserPresence?
    ) {
        self.accessibility = accessibility
        self.synchronizable = synchronizable
        self.userPresence = userPresence
    }

    /// Validates the combination.
    ///
    /// - Throws: ``SecureStoreError/invalidConfiguration(reason:)`` for `synchronizable` with a
    ///   ThisDeviceOnly accessibility or with `userPresence`.
    package init(
        accessibility: KeychainAccessibility = KeychainPolicy.defaultAccessibility,
        synchronizable: Bool = false,
        userPresence: KeychainUserPresence? = nil
    ) throws {
        if synchronizable, accessibility.isThisDeviceOnly {
            throw SecureStoreError.invalidConfiguration(
                reason: "synchronizable items cannot use \(accessibility), a ThisDeviceOnly accessibility")
        }
        if synchronizable, let userPresence {
            throw SecureStoreError.invalidConfiguration(
                reason: "synchronizable items cannot require \(userPresence) (access control does not sync)")
        }
        self.accessibility = accessibility
        self.synchronizable = synchronizable
        self.userPresence = userPresence
    }

    /// What the query of `operation` asks for.
    package func request(for operation: KeychainOperation) -> KeychainRequest {
        var request = KeychainRequest()
        switch operation {
        case .read:
            request.returnsData = true
        case .exists:
            // Attributes only: no data is read, so no item is decrypted and no prompt shows.
            request.returnsAttributes = true
        case .list:
            request.returnsAttributes = true
            request.matchesAll = true
        case .write:
            request.setsProtection = true
        case .delete:
            break
        }
        return request
    }
}
