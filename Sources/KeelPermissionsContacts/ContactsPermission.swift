#if canImport(UIKit) && canImport(Contacts)
    import Contacts
    @_exported import KeelPermissions

    /// The contact store (Contacts). Register it with `PermissionCenter`; the
    /// app's Info.plist needs `NSContactsUsageDescription`.
    @MainActor
    public final class ContactsPermission: PermissionProvider {
        /// Creates the provider.
        public init() {}

        /// `PermissionKind.contacts`.
        public let kinds: [PermissionKind] = [.contacts]

        /// The contact store's status.
        public func status(of kind: PermissionKind) async -> PermissionStatus {
            PermissionStatusMapping.contacts(CNContactStore.authorizationStatus(for: .contacts).rawValue)
        }

        /// Shows the contact store's prompt.
        public func show(_ prompt: PermissionPrompt) async {
            await waitForAnswer { done in
                CNContactStore().requestAccess(for: .contacts) { _, _ in done() }
            }
        }
    }
#endif
