/// A capability the app asks the user for.
public enum PermissionKind: String, CaseIterable, Sendable, Hashable {
    /// The camera (AVFoundation).
    case camera
    /// The microphone (AVFoundation).
    case microphone
    /// The photo library (Photos).
    case photos
    /// Location while in use (Core Location).
    case locationWhenInUse
    /// Location always (Core Location).
    case locationAlways
    /// User notifications.
    case notifications
    /// Contacts.
    case contacts
    /// Calendar events (EventKit).
    case calendar
    /// Reminders (EventKit).
    case reminders
    /// Bluetooth (Core Bluetooth).
    case bluetooth
    /// Motion and fitness (Core Motion).
    case motion
}

/// One status for every permission, whatever framework reports it.
public enum PermissionStatus: String, Sendable, Hashable {
    /// The user has not been asked yet.
    case notDetermined
    /// The user refused.
    case denied
    /// A policy (parental controls, MDM) prevents access; the user cannot change it.
    case restricted
    /// Full access.
    case authorized
    /// Partial access: selected photos or contacts, write-only calendar, location when in use
    /// where always was asked for.
    case limited
    /// Notifications delivered quietly until the user decides.
    case provisional
    /// The capability does not exist on this device or platform (the framework article's
    /// `unsupported`).
    case unsupported
    /// The app registered no provider for this permission: the permission's `KeelPermissions…`
    /// product is not linked (the framework article's `missingFramework`). Never prompted for.
    case missingProvider
    /// The framework reported a value Keel does not know (a future OS case). Not usable and not
    /// requestable: the safe reading of an answer nobody can interpret.
    case unknown

    /// Whether the app can use the capability now (fully or partly).
    public var isUsable: Bool {
        self == .authorized || self == .limited || self == .provisional
    }

    /// Whether asking the user would show a prompt.
    package var canRequest: Bool { self == .notDetermined }
}

/// Maps each framework's authorization enum (by raw value, so the mapping is tested on every
/// platform) to ``PermissionStatus``. Unknown raw values (a future OS case) map to
/// ``PermissionStatus/unknown``, which is neither usable nor requestable.
package enum PermissionStatusMapping {
    /// `AVAuthorizationStatus` (camera, microphone): 0 not determined, 1 restricted, 2 denied,
    /// 3 authorized.
    package static func avAuthorization(_ raw: Int) -> PermissionStatus {
        common(raw)
    }

    /// `AVAudioSession.RecordPermission` (four-character codes `undt`, `deny`, `grnt`).
    package static func recordPermission(_ raw: UInt) -> PermissionStatus {
        switch raw {
        case 0x756E_6474: .notDetermined
        case 0x6772_6E74: .authorized
        case 0x6465_6E79: .denied
        default: .unknown
        }
    }

    /// `PHAuthorizationStatus`: 0–3 as AVFoundation, 4 limited.
    package static func photos(_ raw: Int) -> PermissionStatus {
        raw == 4 ? .limited : common(raw)
    }

    /// `CLAuthorizationStatus`: 0 not determined, 1 restricted, 2 denied, 3 always, 4 when in use.
    /// When-in-use is `limited` for an "always" request and `authorized` for a when-in-use one.
    package static func location(_ raw: Int32, requested: PermissionKind) -> PermissionStatus {
        switch raw {
        case 0: .notDetermined
        case 1: .restricted
        case 2: .denied
        case 3: .authorized
        case 4: requested == .locationAlways ? .limited : .authorized
        default: .unknown
        }
    }

    /// `UNAuthorizationStatus`: 0 not determined, 1 denied, 2 authorized, 3 provisional,
    /// 4 ephemeral (App Clips, treated as authorized).
    package static func notifications(_ raw: Int) -> PermissionStatus {
        switch raw {
        case 0: .notDetermined
        case 1: .denied
        case 2, 4: .authorized
        case 3: .provisional
        default: .unknown
        }
    }

    /// `CNAuthorizationStatus`: 0–3 as AVFoundation, 4 limited (iOS 18).
    package static func contacts(_ raw: Int) -> PermissionStatus {
        raw == 4 ? .limited : common(raw)
    }

    /// `EKAuthorizationStatus`: 0–2 as AVFoundation, 3 full access, 4 write only.
    package static func eventKit(_ raw: Int) -> PermissionStatus {
        raw == 4 ? .limited : common(raw)
    }

    /// `CBManagerAuthorization`: 0 not determined, 1 restricted, 2 denied, 3 allowed always.
    package static func bluetooth(_ raw: Int) -> PermissionStatus {
        common(raw)
    }

    /// `CMAuthorizationStatus`: 0 not determined, 1 restricted, 2 denied, 3 authorized.
    package static func motion(_ raw: Int) -> PermissionStatus {
        common(raw)
    }

    private static func common(_ raw: Int) -> PermissionStatus {
        switch raw {
        case 0: .notDetermined
        case 1: .restricted
        case 2: .denied
        case 3: .authorized
        default: .unknown
        }
    }
}
