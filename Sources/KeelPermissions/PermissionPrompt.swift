/// Which system prompt asks for a permission: the table the UIKit permission facade used to
/// spell out in its own `switch`, decided here so it is tested on Linux.
public enum PermissionPrompt: Hashable, Sendable {
    /// AVFoundation's capture-device prompt for a medium.
    case captureDevice(PermissionCaptureMedium)
    /// The photo library's read-write prompt.
    case photoLibrary
    /// Core Location's prompt for a scope.
    case location(PermissionLocationScope)
    /// The notification centre's alert, badge and sound prompt.
    case notifications
    /// The contact store's prompt.
    case contacts
    /// EventKit's prompt for an entity.
    case events(PermissionEventEntity)
    /// Creating a Bluetooth central manager.
    case bluetooth
    /// A motion-activity query.
    case motion
}

/// A capture-device medium.
public enum PermissionCaptureMedium: Hashable, Sendable {
    /// The camera.
    case video
    /// The microphone.
    case audio
}

/// How much location access is asked for.
public enum PermissionLocationScope: Hashable, Sendable {
    /// While the app is in use.
    case whenInUse
    /// Always, including in the background.
    case always
}

/// What kind of EventKit entity.
public enum PermissionEventEntity: Hashable, Sendable {
    /// Calendar events.
    case event
    /// Reminders.
    case reminder
}

extension PermissionKind {
    /// The system prompt that asks for this permission.
    public var prompt: PermissionPrompt {
        switch self {
        case .camera: .captureDevice(.video)
        case .microphone: .captureDevice(.audio)
        case .photos: .photoLibrary
        case .locationWhenInUse: .location(.whenInUse)
        case .locationAlways: .location(.always)
        case .notifications: .notifications
        case .contacts: .contacts
        case .calendar: .events(.event)
        case .reminders: .events(.reminder)
        case .bluetooth: .bluetooth
        case .motion: .motion
        }
    }

    /// The prompts to show for a request when the permission's status is `status`: its
    /// prompt when the user has not decided yet; for partial access a second prompt can
    /// upgrade — location when in use asked for always (iOS shows that upgrade prompt at most
    /// once), write-only calendar access asked for full access — that prompt again; none
    /// otherwise (the system would not show it again; a denied permission is changed in
    /// Settings). The upgrade used to be never asked for: `request(.locationAlways)` after
    /// when-in-use returned `limited` without a prompt.
    package func prompts(whenStatusIs status: PermissionStatus) -> [PermissionPrompt] {
        switch status {
        case .notDetermined: [prompt]
        case .limited where self == .locationAlways || self == .calendar: [prompt]
        default: []
        }
    }
}

extension PermissionStatusMapping {
    /// `CMAuthorizationStatus` on a device that may lack motion activity: unsupported there.
    package static func motion(_ raw: Int, isActivityAvailable: Bool) -> PermissionStatus {
        isActivityAvailable ? motion(raw) : .unsupported
    }

    /// Whether a raw `CLAuthorizationStatus` is an answer (anything but not determined).
    package static func isLocationAnswer(_ raw: Int32) -> Bool {
        raw != 0
    }
}

/// When a Core Location authorization request has been answered: the decision behind
/// `SystemPermission.location`'s wait, here so it is tested on Linux. The binding only reports what
/// happened; this calls `finish` once, when the wait is over.
///
/// A first request ends at the delegate's first answer (any status but not determined). An
/// upgrade (when in use, asking for always) differs: iOS shows that prompt at most once and
/// tells the delegate only if the status changes, so the wait also ends when the app becomes
/// active again after the prompt took the foreground, or once ``grace`` has passed without
/// the app leaving the foreground (no prompt was shown). Waiting for the delegate alone could
/// wait forever there.
@MainActor
package final class LocationAuthorizationWait {
    /// How long an upgrade request waits for its prompt to take the foreground.
    package static let grace: Duration = .seconds(2)

    private let before: Int32
    private var resigned = false
    private var finish: (() -> Void)?

    /// A wait for a request made while the raw `CLAuthorizationStatus` is `before`.
    package init(before: Int32, finish: @escaping () -> Void) {
        self.before = before
        self.finish = finish
    }

    /// Whether the request asks to upgrade an answer already given.
    private var isUpgrade: Bool { PermissionStatusMapping.isLocationAnswer(before) }

    /// The delegate reported raw status `raw`: an answer other than the status before ends
    /// the wait (the delegate also reports the unchanged status when it is set).
    package func statusChanged(to raw: Int32) {
        if PermissionStatusMapping.isLocationAnswer(raw), raw != before { end() }
    }

    /// The app left the foreground (a prompt is showing).
    package func resignedActive() {
        resigned = true
    }

    /// The app is active again: an upgrade prompt was answered.
    package func becameActive() {
        if isUpgrade, resigned { end() }
    }

    /// ``grace`` has passed: an upgrade whose prompt never showed is over.
    package func graceElapsed() {
        if isUpgrade, !resigned { end() }
    }

    private func end() {
        let finish = self.finish
        self.finish = nil
        finish?()
    }
}
