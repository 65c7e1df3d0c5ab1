/// The button of a snackbar ("Undo", "View").
public struct SnackbarAction: Hashable, Sendable, Identifiable {
    /// What the snackbar reports when the action is used (the title unless given).
    public var id: String
    /// The title.
    public var title: String

    /// An action titled `title`, reported as `id` (the title when `nil`).
    public init(_ title: String, id: String? = nil) {
        self.title = title
        self.id = id ?? title
    }
}

/// A snackbar (toast): a short message at the bottom of the screen, with an optional icon and
/// action, that goes away by itself.
///
/// ```swift
/// let deleted = SnackbarConfiguration("Message deleted", action: SnackbarAction("Undo"), icon: "trash")
/// ```
///
/// How long it stays follows from the message's length (4 to 10 seconds, longer with an
/// action); while VoiceOver runs it stays twice as long, and until it is used or swiped away
/// when it has an action.
public struct SnackbarConfiguration: Hashable, Sendable {
    /// The message.
    public var message: String
    /// The action.
    public var action: SnackbarAction?
    /// The SF Symbol before the message.
    public var icon: String?

    /// A snackbar.
    public init(_ message: String, action: SnackbarAction? = nil, icon: String? = nil) {
        self.message = message
        self.action = action
        self.icon = icon
    }
}

/// Why a snackbar went away.
public enum SnackbarDismissalReason: String, Hashable, Sendable {
    /// Its time ran out.
    case timeout
    /// Its action was used.
    case action
    /// It was swiped away.
    case swipe
    /// A newer snackbar took its place.
    case replaced
    /// The app dismissed it.
    case programmatic
}

extension OverlayChannel {
    /// Snackbars (level 1100): above sheets, below alerts — one at a time, waiting while an
    /// alert is up. A snackbar does not take the screen, so a sheet asked for while one shows
    /// is presented at once rather than after it (which, with an action under VoiceOver, could
    /// be never).
    package static let snackbar = OverlayChannel(
        rawValue: "snackbar", level: 1100, blocksLowerChannels: false)
}
