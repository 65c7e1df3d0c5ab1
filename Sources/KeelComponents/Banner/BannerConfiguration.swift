/// What an inline banner is about: its colour pair, icon and the word VoiceOver says first.
public enum BannerStatus: String, CaseIterable, Hashable, Sendable {
    /// Information.
    case info
    /// Something succeeded.
    case success
    /// Something needs care.
    case warning
    /// Something failed.
    case error
}

/// A button in an inline banner ("Retry", "View").
public struct BannerAction: Hashable, Sendable, Identifiable {
    /// What the banner reports when the action is used (the title unless given).
    public var id: String
    /// The title.
    public var title: String

    /// An action titled `title`, reported as `id` (the title when `nil`).
    public init(_ title: String, id: String? = nil) {
        self.title = title
        self.id = id ?? title
    }
}

/// An inline banner: a status, an optional title, a message, actions and a close button.
///
/// ```swift
/// let offline = BannerConfiguration(
///     status: .warning, title: "You're offline", message: "Changes sync when you reconnect.",
///     actions: [BannerAction("Retry")])
/// ```
public struct BannerConfiguration: Hashable, Sendable {
    /// The status.
    public var status: BannerStatus
    /// The title, shown above the message when not empty.
    public var title: String?
    /// The message.
    public var message: String
    /// The actions, in order (leading first).
    public var actions: [BannerAction]
    /// Whether a close button shows.
    public var isDismissible: Bool

    /// A banner.
    public init(
        status: BannerStatus, title: String? = nil, message: String, actions: [BannerAction] = [],
        isDismissible: Bool = true
    ) {
        self.status = status
        self.title = title
        self.message = message
        self.actions = actions
        self.isDismissible = isDismissible
    }

    /// The title when it is not empty.
    package var shownTitle: String? {
        guard let title, !title.isEmpty else { return nil }
        return title
    }
}
