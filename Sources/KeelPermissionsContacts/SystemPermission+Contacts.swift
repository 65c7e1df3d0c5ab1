#if canImport(UIKit) && canImport(Contacts)
    import Contacts
    @_exported import KeelPermissions

    extension PermissionProvider where Self == SystemPermission {
        /// The contact store (Contacts): register it with `PermissionCenter`; the app's
        /// Info.plist needs `NSContactsUsageDescription`.
        @MainActor public static var contacts: SystemPermission {
            SystemPermission(
                kinds: [.contacts],
                status: { _ in
                    let raw = CNContactStore.authorizationStatus(for: .contacts).rawValue
                    return PermissionStatusMapping.contacts(raw)
                },
                show: { _ in
                    await SystemPermission.waitForAnswer { done in
                        CNContactStore().requestAccess(for: .contacts) { _, _ in done() }
                    }
                })
        }
    }
#endif
