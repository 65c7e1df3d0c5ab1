#if canImport(Security)
    import Foundation
    import Security

    /// Secrets in the keychain (generic passwords of one service): the original
    /// `KeychainStore`, with typed errors, access groups, accessibility, iCloud sync and
    /// user-presence protection.
    ///
    /// Items default to ``KeychainAccessibility/afterFirstUnlockThisDeviceOnly`` (they never
    /// move to another device through a backup) and always live in the data-protection
    /// keychain (`kSecUseDataProtectionKeychain`), also on macOS. The decisions — which
    /// combinations are valid, what each query asks for — are in the headless
    /// `KeychainPolicy`.
    ///
    /// Keychain calls are disk I/O and may show a biometric prompt: call them off the main
    /// thread.
    public final class KeychainStore: SecureStore {
        /// When items can be read.
        package typealias Accessibility = KeychainAccessibility
        /// Who must be present to read an item.
        package typealias UserPresence = KeychainUserPresence

        /// The service the items belong to.
        package let service: String
        /// The shared keychain access group, if any.
        package let accessGroup: String?
        /// The validated accessibility, sync and presence settings.
        package let policy: KeychainPolicy
        /// When items are readable.
        package var accessibility: Accessibility { policy.accessibility }
        /// Whether items sync through iCloud Keychain.
        package var synchronizable: Bool { policy.synchronizable }
        /// The presence required to read items, if any.
        package var userPresence: UserPresence? { policy.userPresence }

        /// A store for `service` with the default policy (`KeychainPolicy/standard`): the
        /// original foundation's `KeychainStore(service:)`, which cannot fail.
        public init(service: String) {
            self.service = service
            accessGroup = nil
            policy = .standard
        }

        /// Creates a store for `service`.
        ///
        /// - Throws: ``SecureStoreError/invalidConfiguration(reason:)`` for `synchronizable`
        ///   with a ThisDeviceOnly accessibility or with `userPresence`.
        public init(
            service: String,
            accessGroup: String? = nil,
            accessibility: KeychainAccessibility = .afterFirstUnlockThisDeviceOnly,
            synchronizable: Bool = false,
            userPresence: KeychainUserPresence? = nil
        ) throws {
            self.service = service
            self.accessGroup = accessGroup
            policy = try KeychainPolicy(
                accessibility: accessibility, synchronizable: synchronizable, userPresence: userPresence)
        }

        private func query(_ key: String?, _ operation: KeychainOperation) -> [String: Any] {
            let request = policy.request(for: operation)
            var query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrSynchronizable as String: synchronizable
                    ? kCFBooleanTrue as Any : kCFBooleanFalse as Any,
            ]
            if request.usesDataProtectionKeychain { query[kSecUseDataProtectionKeychain as String] = true }
            if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
            if let key { query[kSecAttrAccount as String] = key }
            if request.returnsData { query[kSecReturnData as String] = true }
            if request.returnsAttributes { query[kSecReturnAttributes as String] = true }
            if request.returnsData || request.returnsAttributes {
                query[kSecMatchLimit as String] = request.matchesAll ? kSecMatchLimitAll : kSecMatchLimitOne
            }
            return query
        }

        /// Reads the secret of `key`.
        public func data(forKey key: String) throws -> Data {
            var result: CFTypeRef?
            let status = SecItemCopyMatching(query(key, .read) as CFDictionary, &result)
            guard status == errSecSuccess else { throw SecureStoreError(osStatus: status, key: key) }
            guard let data = result as? Data else {
                throw SecureStoreError.integrityFailure(key: key, reason: "the keychain returned no data")
            }
            return data
        }

        /// Whether a secret is stored under `key`; reads only its attributes, never its data.
        public func contains(_ key: String) throws -> Bool {
            var result: CFTypeRef?
            let status = SecItemCopyMatching(query(key, .exists) as CFDictionary, &result)
            if status == errSecItemNotFound { return false }
            guard status == errSecSuccess else { throw SecureStoreError(osStatus: status, key: key) }
            return true
        }

        /// Stores the secret of `key`, updating an existing item in place.
        public func setData(_ data: Data, forKey key: String) throws {
            guard data.count <= maximumItemSize else {
                throw SecureStoreError.itemTooLarge(key: key, size: data.count, limit: maximumItemSize)
            }
            var attributes = try protectionAttributes(key: key)
            attributes[kSecValueData as String] = data
            let updateStatus = SecItemUpdate(query(key, .write) as CFDictionary, attributes as CFDictionary)
            if updateStatus == errSecSuccess { return }
            guard updateStatus == errSecItemNotFound else {
                throw SecureStoreError(osStatus: updateStatus, key: key)
            }
            let addition = query(key, .write).merging(attributes) { _, new in new }
            let addStatus = SecItemAdd(addition as CFDictionary, nil)
            guard addStatus == errSecSuccess else { throw SecureStoreError(osStatus: addStatus, key: key) }
        }

        /// Deletes the secret of `key`.
        public func removeValue(forKey key: String) throws {
            let status = SecItemDelete(query(key, .delete) as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw SecureStoreError(osStatus: status, key: key)
            }
        }

        /// The keys of the service's items, sorted.
        public func allKeys() throws -> [String] {
            var result: CFTypeRef?
            let status = SecItemCopyMatching(query(nil, .list) as CFDictionary, &result)
            if status == errSecItemNotFound { return [] }
            guard status == errSecSuccess else { throw SecureStoreError(osStatus: status, key: "*") }
            let items = result as? [[String: Any]] ?? []
            return items.compactMap { $0[kSecAttrAccount as String] as? String }.sorted()
        }

        /// Moves the service's items stored with `old` accessibility to this store's
        /// accessibility (changing the attribute in code alone would orphan them). Returns
        /// how many items were found.
        @discardableResult
        public func migrateAccessibility(from old: KeychainAccessibility) throws -> Int {
            guard old != accessibility else { return 0 }
            var request = query(nil, .list)
            request[kSecAttrAccessible as String] = old.attribute
            var result: CFTypeRef?
            let status = SecItemCopyMatching(request as CFDictionary, &result)
            if status == errSecItemNotFound { return 0 }
            guard status == errSecSuccess else { throw SecureStoreError(osStatus: status, key: "*") }
            let keys = (result as? [[String: Any]] ?? []).compactMap {
                $0[kSecAttrAccount as String] as? String
            }
            for key in keys {
                var match = query(key, .write)
                match[kSecAttrAccessible as String] = old.attribute
                let update = SecItemUpdate(
                    match as CFDictionary, try protectionAttributes(key: key) as CFDictionary)
                guard update == errSecSuccess else { throw SecureStoreError(osStatus: update, key: key) }
            }
            return keys.count
        }

        private func protectionAttributes(key: String) throws -> [String: Any] {
            guard let userPresence else {
                return [kSecAttrAccessible as String: accessibility.attribute]
            }
            var error: Unmanaged<CFError>?
            guard
                let control = SecAccessControlCreateWithFlags(
                    kCFAllocatorDefault, accessibility.attribute, userPresence.flags, &error)
            else {
                let reason = error?.takeRetainedValue().localizedDescription ?? "unknown"
                throw SecureStoreError.encodingFailed(key: key, reason: "access control: \(reason)")
            }
            return [kSecAttrAccessControl as String: control]
        }
    }

    extension KeychainAccessibility {
        var attribute: CFString {
            switch self {
            case .whenUnlocked: kSecAttrAccessibleWhenUnlocked
            case .afterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
            case .whenPasscodeSetThisDeviceOnly: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
            case .whenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
            case .afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            }
        }
    }

    extension KeychainUserPresence {
        var flags: SecAccessControlCreateFlags {
            switch self {
            case .userPresence: .userPresence
            case .biometryAny: .biometryAny
            case .biometryCurrentSet: .biometryCurrentSet
            }
        }
    }
#endif
