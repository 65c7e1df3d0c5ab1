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
    /// prompt when the user has not decided yet, none otherwise (the system would not show
    /// it again; a denied permission is changed in Settings).
    package func prompts(whenStatusIs status: PermissionStatus) -> [PermissionPrompt] {
        status == .notDetermined ? [prompt] : []
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
