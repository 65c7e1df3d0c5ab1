/// What an alert action means (independent of how it looks).
public struct AlertActionRole: RawRepresentable, Hashable, Sendable {
    /// The role's name.
    public let rawValue: String
    /// A role.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// An ordinary action.
    public static let normal = AlertActionRole(rawValue: "normal")
    /// Backs out; the escape gesture triggers it.
    public static let cancel = AlertActionRole(rawValue: "cancel")
    /// Irreversible; a filled destructive action uses the destructive button style.
    public static let destructive = AlertActionRole(rawValue: "destructive")
}

/// How an alert action looks (independent of what it means).
public struct AlertActionAppearance: RawRepresentable, Hashable, Sendable {
    /// The appearance's name.
    public let rawValue: String
    /// An appearance.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A filled button.
    public static let filled = AlertActionAppearance(rawValue: "filled")
    /// A white button with a border.
    public static let outlined = AlertActionAppearance(rawValue: "outlined")
    /// A transparent button with a border.
    public static let outlinedTransparent = AlertActionAppearance(rawValue: "outlinedTransparent")
    /// A small text button.
    public static let text = AlertActionAppearance(rawValue: "text")
}

/// Why an alert action or configuration is invalid.
public enum AlertConfigurationError: Error, Hashable, Sendable {
    /// An action with an empty title.
    case emptyActionTitle
    /// No title, message, illustration or accessory.
    case noContent
    /// No action, no background dismissal and no close button: the alert could not be left.
    case noWayToDismiss
    /// Two actions share an identifier.
    case duplicateActionIdentifier(String)
    /// The text input is invalid.
    case textInput(TextInputConfigurationError)
    /// A custom content slot's maximum height is not finite and positive.
    case invalidCustomContentHeight(Double)
}

/// One alert button.
public struct AlertAction: Hashable, Sendable, Identifiable {
    /// An identifier unique within the alert (the title by default).
    public var id: String
    /// The title.
    public var title: String
    /// The role.
    public var role: AlertActionRole
    /// The appearance.
    public var appearance: AlertActionAppearance
    /// Whether the action can be triggered (e.g. only once an input is valid).
    public var isEnabled: Bool
    /// Whether the action is running (its button loads; the rest of the alert waits).
    public var isLoading: Bool
    /// Whether triggering it dismisses the alert.
    public var automaticallyDismisses: Bool

    /// An action; an empty title throws.
    public init(
        _ title: String, id: String? = nil, role: AlertActionRole = .normal,
        appearance: AlertActionAppearance = .filled,
        isEnabled: Bool = true, isLoading: Bool = false, automaticallyDismisses: Bool = true
    ) throws {
        guard !title.trimmingWhitespace.isEmpty else { throw AlertConfigurationError.emptyActionTitle }
        self.id = id ?? title
        self.title = title
        self.role = role
        self.appearance = appearance
        self.isEnabled = isEnabled
        self.isLoading = isLoading
        self.automaticallyDismisses = automaticallyDismisses
    }

    /// A filled primary action.
    public static func primary(_ title: String) throws -> AlertAction { try AlertAction(title) }
    /// A cancel action (transparent with the alert's cancel border).
    public static func cancel(_ title: String) throws -> AlertAction {
        try AlertAction(title, role: .cancel, appearance: .outlinedTransparent)
    }
    /// A destructive action, filled in the destructive style.
    public static func destructive(_ title: String) throws -> AlertAction {
        try AlertAction(title, role: .destructive, appearance: .filled)
    }
    /// A small text action.
    public static func text(_ title: String) throws -> AlertAction {
        try AlertAction(title, appearance: .text)
    }

    /// The button style: filled → primary (destructive when the role is), outlined →
    /// outline, outlinedTransparent → outlineTransparent, text → text.
    public var buttonStyle: ButtonVariant {
        switch appearance {
        case .outlined: .outline
        case .outlinedTransparent: .outlineTransparent
        case .text: .text
        default: role == .destructive ? .destructive : .primary
        }
    }

    /// The button size: small for text actions, large otherwise.
    public var buttonSize: ButtonSize { appearance == .text ? .small : .large }

    /// Whether the alert theme's cancel border replaces the style's border.
    public var usesCancelBorder: Bool { role == .cancel && appearance == .outlinedTransparent }

    /// The button state for this action while the alert is `busy` (another action loading).
    public func buttonState(alertIsBusy: Bool) -> ButtonState {
        var state: ButtonState = []
        if isLoading { state.insert(.loading) }
        if !isEnabled || (alertIsBusy && !isLoading) { state.insert(.disabled) }
        return state
    }
}

extension String {
    var trimmingWhitespace: Substring {
        var slice = self[...]
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return slice
    }
}
