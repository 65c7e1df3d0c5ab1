#if canImport(UIKit) && canImport(UserNotifications)
    @_exported import KeelPermissions
    import UserNotifications

    extension PermissionProvider where Self == SystemPermission {
        /// User notifications: alerts, badges and sounds (UserNotifications). Register it with
        /// `PermissionCenter`.
        @MainActor public static var notifications: SystemPermission {
            SystemPermission(
                kinds: [.notifications],
                status: { _ in
                    PermissionStatusMapping.notifications(await notificationAuthorization())
                },
                show: { _ in
                    await SystemPermission.waitForAnswer { done in
                        let center = UNUserNotificationCenter.current()
                        center.requestAuthorization(options: [.alert, .badge, .sound]) { _, _ in done() }
                    }
                })
        }
    }

    /// The notification centre's raw authorization status.
    @MainActor
    private func notificationAuthorization() async -> Int {
        await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            UNUserNotificationCenter.current().getNotificationSettings { settings in
                continuation.resume(returning: settings.authorizationStatus.rawValue)
            }
        }
    }
#endif
