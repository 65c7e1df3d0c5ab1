#if canImport(UIKit) && canImport(CoreMotion)
    import CoreMotion
    @_exported import KeelPermissions

    /// Motion and fitness activity (Core Motion). Register it with
    /// `PermissionCenter`; the app's Info.plist needs
    /// `NSMotionUsageDescription`.
    @MainActor
    public final class MotionPermission: PermissionProvider {
        /// Creates the provider.
        public init() {}

        /// `PermissionKind.motion`.
        public let kinds: [PermissionKind] = [.motion]

        /// Core Motion's activity status; unsupported on a device without motion activity.
        public func status(of kind: PermissionKind) async -> PermissionStatus {
            PermissionStatusMapping.motion(
                CMMotionActivityManager.authorizationStatus().rawValue,
                isActivityAvailable: CMMotionActivityManager.isActivityAvailable())
        }

        /// Runs a motion-activity query, which shows the prompt.
        public func show(_ prompt: PermissionPrompt) async {
            let manager = CMMotionActivityManager()
            await waitForAnswer { done in
                manager.queryActivityStarting(from: Date(), to: Date(), to: .main) { _, _ in done() }
            }
        }
    }
#endif
