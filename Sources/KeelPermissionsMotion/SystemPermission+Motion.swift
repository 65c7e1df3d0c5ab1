#if canImport(UIKit) && canImport(CoreMotion)
    import CoreMotion
    @_exported import KeelPermissions

    extension PermissionProvider where Self == SystemPermission {
        /// Motion and fitness activity (Core Motion): register it with `PermissionCenter`; the
        /// app's Info.plist needs `NSMotionUsageDescription`. Unsupported on a device without
        /// motion activity.
        @MainActor public static var motion: SystemPermission {
            SystemPermission(
                kinds: [.motion],
                status: { _ in
                    PermissionStatusMapping.motion(
                        CMMotionActivityManager.authorizationStatus().rawValue,
                        isActivityAvailable: CMMotionActivityManager.isActivityAvailable())
                },
                show: { _ in
                    // A motion-activity query shows the prompt.
                    let manager = CMMotionActivityManager()
                    await SystemPermission.waitForAnswer { done in
                        manager.queryActivityStarting(from: Date(), to: Date(), to: .main) { _, _ in done() }
                    }
                })
        }
    }
#endif
