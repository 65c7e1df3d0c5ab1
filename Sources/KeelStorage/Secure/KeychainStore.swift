#if canImport(Security)
    import Foundation
    import Security

    /// Secrets in the keychain (generic passwords of one service): the original
    /// `KeychainStore`, with typed errors, access groups, accessibility, iCloud sync and
    /// user-presence protection.
    ///
    /// Keychain calls are disk I/O and may show a biometric prompt: call them off the main
    /// thread.
    public final class KeychainStore: SecureStore {
        /// When items can be read.
        public enum Accessibility: Sendable, CaseIterable {
            /// While the device is unlocked.
            case whenUnlocked
            /// After the first unlock until restart (works in the background).
            case afterFirstUnlock
            /// While unlocked, only with a passcode set, never leaves the device.
            case whenPasscodeSetThisDeviceOnly
            /// While unlocked, never leaves the device.
            case whenUnlockedThisDeviceOnly
            /// After the first unlock, never leaves the device.
            case afterFirstUnlockThisDeviceOnly

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

        /// Who must be present to read an item.
        public enum UserPresence: Sendable {
            /// Biometry or the device passcode.
            case userPresence
            /// Any enrolled biometry.
            case biometryAny
            /// The biometry enrolled when the item was stored.
            case biometryCurrentSet

            var flags: SecAccessControlCreateFlags {
                switch self {
                case .userPresence: .userPresence
                case .biometryAny: .biometryAny
                case .biometryCurrentSet: .biometryCurrentSet
                }
            }
        }

        /// The service the items belong to.
        public let service: String
        /// The shared keychain access group, if any.
        public let accessGroup: String?
        /// When items are readable.
        public let accessibility: Accessibility
        /// Whether items sync through iCloud Keychain.
        public let synchronizable: Bool
        /// The presence required to read items, if any.
        public let userPresence: UserPresence?

        /// Creates a store for `service`.
        public init(
            service: String,
            accessGroup: String? = nil,
            accessibility: Accessibility = .afterFirstUnlock,
            synchronizable: Bool = false,
            userPresence: UserPresence? = nil
        ) {
            self.service = service
            self.accessGroup = accessGroup
            self.accessibility = accessibility
            self.synchronizable = synchronizable
            self.userPresence = userPresence
        }

        private func query(_ key: String? = nil) -> [String: Any] {
            var query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrSynchronizable as String: synchronizable
                    ? kCFBooleanTrue as Any : kCFBooleanFalse as Any,
            ]
            if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
            if let key { query[kSecAttrAccount as String] = key }
            return query
        }

        /// Reads the secret of `key`.
        public func data(forKey key: String) throws -> Data {
            var request = query(key)
            request[kSecReturnData as String] = true
            request[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(request as CFDictionary, &result)
            guard status == errSecSuccess else { throw SecureStoreError(osStatus: status, key: key) }
            guard let data = result as? Data else {
                throw SecureStoreError.integrityFailure(key: key, reason: "the keychain returned no data")
            }
            return data
        }

        /// Stores the secret of `key`, updating an existing item in place.
        public func setData(_ data: Data, forKey key: String) throws {
            guard data.count <= maximumItemSize else {
                throw SecureStoreError.itemTooLarge(key: key, size: data.count, limit: maximumItemSize)
            }
            var attributes = try protectionAttributes(key: key)
            attributes[kSecValueData as String] = data
            let updateStatus = SecItemUpdate(query(key) as CFDictionary, attributes as CFDictionary)
            if updateStatus == errSecSuccess { return }
            guard updateStatus == errSecItemNotFound else {
                throw SecureStoreError(osStatus: updateStatus, key: key)
            }
            let addition = query(key).merging(attributes) { _, new in new }
            let addStatus = SecItemAdd(addition as CFDictionary, nil)
            guard addStatus == errSecSuccess else { throw SecureStoreError(osStatus: addStatus, key: key) }
        }

        /// Deletes the secret of `key`.
        public func removeValue(forKey key: String) throws {
            let status = SecItemDelete(query(key) as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw SecureStoreError(osStatus: status, key: key)
            }
        }

        /// The keys of the service's items, sorted.
        public func allKeys() throws -> [String] {
            var request = query()
            request[kSecReturnAttributes as String] = true
            request[kSecMatchLimit as String] = kSecMatchLimitAll
            var result: CFTypeRef?
            let status = SecItemCopyMatching(request as CFDictionary, &result)
            if status == errSecItemNotFound { return [] }
            guard status == errSecSuccess else { throw SecureStoreError(osStatus: status, key: "*") }
            let items = result as? [[String: Any]] ?? []
            return items.compactMap { $0[kSecAttrAccount as String] as? String }.sorted()
        }

        /// Moves the service's items stored with `old` accessibility to this store's
        /// accessibility (changing the attribute in code alone would orphan them). Returns
        /// how many items were found.
        @discardableResult
        public func migrateAccessibility(from old: Accessibility) throws -> Int {
            guard old != accessibility else { return 0 }
            var request = query()
            request[kSecAttrAccessible as String] = old.attribute
            request[kSecReturnAttributes as String] = true
            request[kSecMatchLimit as String] = kSecMatchLimitAll
            var result: CFTypeRef?
            let status = SecItemCopyMatching(request as CFDictionary, &result)
            if status == errSecItemNotFound { return 0 }
            guard status == errSecSuccess else { throw SecureStoreError(osStatus: status, key: "*") }
            let keys = (result as? [[String: Any]] ?? []).compactMap {
                $0[kSecAttrAccount as String] as? String
            }
            for key in keys {
                var match = query(key)
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
#endif
