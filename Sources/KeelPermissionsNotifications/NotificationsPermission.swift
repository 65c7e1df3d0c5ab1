#if canImport(UIKit) && canImport(UserNotifications)
    @_exported import KeelPermissions
    import UserNotifications

    /// User notifications: alerts, badges and sounds (UserNotifications). Register it with
    /// `PermissionCenter`.
    @MainActor
    public final class NotificationsPermission: PermissionProvider {
        /// Creates the provider.
        public init() {}

        /// `PermissionKind.notifications`.
        public let kinds: [PermissionKind] = [.notifications]

        /// The notification centre's authorization status.
        public func status(of kind: PermissionKind) async -> PermissionStatus {
            PermissionStatusMapping.notifications(await authorization())
        }

        private func authorization() async -> Int {
            await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                UNUserNotificationCenter.current().getNotificationSettings { settings in
                    continuation.resume(returning: settings.authorizationStatus.rawValue)
                }
            }
        }

        /// Shows the alert, badge and sound prompt.
        public func show(_ prompt: PermissionPrompt) async {
            await waitForAnswer { done in
                UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .badge, .sound]) {
                    _, _ in done()
                }
            }
        }
    }
#endif
