/// The `PermissionProvider` over one of Apple's privacy frameworks. Each framework's provider
/// lives in its own module, so an app links only the frameworks of the permissions it uses, and
/// is named as a static member:
///
/// | module | provider | answers for |
/// | --- | --- | --- |
/// | `KeelPermissionsCamera` | `.camera` | camera, microphone |
/// | `KeelPermissionsPhotos` | `.photos` | photos |
/// | `KeelPermissionsLocation` | `.location` | location when in use, always |
/// | `KeelPermissionsNotifications` | `.notifications` | notifications |
/// | `KeelPermissionsContacts` | `.contacts` | contacts |
/// | `KeelPermissionsCalendar` | `.calendar` | calendar events, reminders |
/// | `KeelPermissionsBluetooth` | `.bluetooth` | Bluetooth |
/// | `KeelPermissionsMotion` | `.motion` | motion and fitness |
///
/// ```swift
/// import KeelPermissionsCamera
/// import KeelPermissionsLocation
///
/// let permissions = PermissionCenter(providers: [.camera, .location])
/// ```
@MainActor
public final class SystemPermission: PermissionProvider {
    /// The permissions the framework answers for.
    public let kinds: [PermissionKind]
    private let readStatus: @MainActor (PermissionKind) async -> PermissionStatus
    private let showPrompt: @MainActor (PermissionPrompt) async -> Void

    /// A provider answering for `kinds` by reading `status` and showing prompts with `show`
    /// (each framework module's static member).
    package init(
        kinds: [PermissionKind],
        status: @escaping @MainActor (PermissionKind) async -> PermissionStatus,
        show: @escaping @MainActor (PermissionPrompt) async -> Void
    ) {
        self.kinds = kinds
        readStatus = status
        showPrompt = show
    }

    /// The framework's current status of `kind`, without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        await readStatus(kind)
    }

    /// Shows the framework's prompt and returns once the user has answered it.
    public func show(_ prompt: PermissionPrompt) async {
        await showPrompt(prompt)
    }

    /// Starts a framework request whose completion handler reports the answer, and returns once
    /// it has been called (the handler's arguments are read through ``status(of:)`` afterwards).
    /// Completion handlers are wrapped by hand: the compiler's imported async variants of these
    /// Objective-C methods crash SIL generation with the iOS 16 SDK.
    package static func waitForAnswer(_ start: (@escaping @Sendable () -> Void) -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            start { continuation.resume() }
        }
    }
}
