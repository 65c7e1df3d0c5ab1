import KeelSupport

/// What an alert action means (independent of how it looks). A closed set: the renderer and
/// the escape gesture act on each role.
public enum AlertActionRole: String, CaseIterable, Hashable, Sendable {
    /// An ordinary action.
    case normal
    /// Backs out; the escape gesture triggers it.
    case cancel
    /// Irreversible; a filled destructive action uses the destructive button style.
    case destructive
}

/// How an alert action looks (independent of what it means). A closed set: each appearance
/// maps to one button style.
public enum AlertActionAppearance: String, CaseIterable, Hashable, Sendable {
    /// A filled button.
    case filled
    /// A white button with a border.
    case outlined
    /// A transparent button with a border.
    case outlinedTransparent
    /// A small text button.
    case text
}

/// Why an alert action or configuration is invalid.
package enum AlertConfigurationError: Error, Hashable, Sendable {
    /// An action with an empty title.
    case emptyActionTitle
    /// No title, message, illustration or accessory.
    case noContent
    /// No action, no background dismissal and no close button: the alert could not be left.
    case noWayToDismiss
    /// Two actions were given the same explicit identifier.
    case duplicateActionIdentifier(AlertActionID)
    /// The text input is invalid.
    case textInput(TextInputConfigurationError)
    /// A custom content slot's maximum height is not finite and positive.
    case invalidCustomContentHeight(Double)
}

/// What identifies an alert action: a value the app chooses, never the visible (translated)
/// title, so `id == .delete` holds in every language. Apps extend it with static members:
///
/// ```swift
/// extension AlertActionID {
///     static let deleteDraft = AlertActionID(rawValue: "deleteDraft")
/// }
/// ```
///
/// An action made without one gets an identifier from its role and appearance (``cancel``,
/// ``destructive``, ``text``, ``primary``, or the appearance's name), numbered within the alert
/// when two would repeat (`primary`, `primary.2`).
public struct AlertActionID: StringIdentifier {
    /// The identifier's name.
    public let rawValue: String
    /// An identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// An identifier (`init(rawValue:)` is the public spelling).
    package init(_ rawValue: String) { self.rawValue = rawValue }

    /// The identifier of a filled action with the normal role made without one.
    public static let primary = AlertActionID("primary")
    /// The identifier of a cancel action made without one.
    public static let cancel = AlertActionID("cancel")
    /// The identifier of a destructive action made without one.
    public static let destructive = AlertActionID("destructive")
    /// The identifier of a text action made without one.
    public static let text = AlertActionID("text")

    /// The identifier an action without one gets: from its role, else its appearance.
    static func derived(role: AlertActionRole, appearance: AlertActionAppearance) -> AlertActionID {
        switch (role, appearance) {
        case (.cancel, _): .cancel
        case (.destructive, _): .destructive
        case (_, .text): .text
        case (_, .filled): .primary
        default: AlertActionID(appearance.rawValue)
        }
    }

    /// The `ordinal`-th (from 2) occurrence of a derived identifier: `primary.2`.
    func numbered(_ ordinal: Int) -> AlertActionID { AlertActionID("\(rawValue).\(ordinal)") }
}

/// What an action handler can read and do while its alert is shown. The UIKit front end
/// passes its own context (`KeelAlertActionContext`); tests pass theirs.
@MainActor
public protocol AlertActionContext: AnyObject {
    /// The triggered action.
    var actionID: AlertActionID { get }
    /// Whether the checkbox accessory is selected (`nil` without one).
    var checkboxIsSelected: Bool? { get }
    /// The text input's text (`nil` without one).
    var text: String? { get }
    /// Shows the action as running: its button loads and the rest of the alert waits. A
    /// loading action does not dismiss by itself; call ``dismiss(animated:)``.
    func setLoading(_ loading: Bool)
    /// Enables or disables an action (for example until the input is valid).
    func setEnabled(_ enabled: Bool, forAction id: AlertActionID)
    /// Dismisses the alert.
    func dismiss(animated: Bool)
}

extension AlertActionContext {
    /// Dismisses the alert with animation.
    public func dismiss() { dismiss(animated: true) }
}

/// What runs when an action is triggered: the action's own handler, on the main actor, with
/// the alert's context.
public typealias AlertActionHandler = @MainActor @Sendable (any AlertActionContext) -> Void

/// One alert button.
///
/// Two actions are equal when they look and behave alike; their handlers are not compared.
public struct AlertAction: Hashable, Sendable, Identifiable {
    /// The identifier, unique within the alert (see ``AlertActionID``; never the title).
    public var id: AlertActionID
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
    /// What runs when it is triggered (`nil`: nothing beyond the alert's own callback).
    public var handler: AlertActionHandler?
    /// Whether ``id`` was derived from the role and appearance (the configuration numbers
    /// repeats) rather than given.
    package private(set) var hasDerivedID: Bool

    /// An action; an empty title throws. Without `id`, the identifier comes from the role
    /// and appearance (see ``AlertActionID``), never from the title.
    public init(
        _ title: String, id: AlertActionID? = nil, role: AlertActionRole = .normal,
        appearance: AlertActionAppearance = .filled,
        isEnabled: Bool = true, isLoading: Bool = false, automaticallyDismisses: Bool = true,
        handler: AlertActionHandler? = nil
    ) throws {
        guard !title.trimmingWhitespace.isEmpty else { throw AlertConfigurationError.emptyActionTitle }
        self.init(
            unvalidated: title, id: id, role: role, appearance: appearance, isEnabled: isEnabled,
            isLoading: isLoading, automaticallyDismisses: automaticallyDismisses, handler: handler)
    }

    /// An action whose title is checked later, by ``AlertConfiguration`` (the factories below
    /// do not throw, so `actions: [.cancel("Cancel"), .primary("Delete") { … }]` needs no `try`).
    init(
        unvalidated title: String, id: AlertActionID? = nil, role: AlertActionRole = .normal,
        appearance: AlertActionAppearance = .filled,
        isEnabled: Bool = true, isLoading: Bool = false, automaticallyDismisses: Bool = true,
        handler: AlertActionHandler? = nil
    ) {
        self.id = id ?? .derived(role: role, appearance: appearance)
        self.hasDerivedID = id == nil
        self.title = title
        self.role = role
        self.appearance = appearance
        self.isEnabled = isEnabled
        self.isLoading = isLoading
        self.automaticallyDismisses = automaticallyDismisses
        self.handler = handler
    }

    /// Whether the title is empty (or only whitespace): a configuration holding such an
    /// action throws `AlertConfigurationError/emptyActionTitle`.
    package var hasEmptyTitle: Bool { title.trimmingWhitespace.isEmpty }

    /// A filled primary action: `.primary("Delete") { context in … }`. An empty title is
    /// reported by the configuration that holds it.
    public static func primary(
        _ title: String, id: AlertActionID? = nil, automaticallyDismisses: Bool = true,
        handler: AlertActionHandler? = nil
    ) -> AlertAction {
        AlertAction(
            unvalidated: title, id: id, automaticallyDismisses: automaticallyDismisses, handler: handler)
    }
    /// A cancel action (transparent with the alert's cancel border).
    public static func cancel(
        _ title: String, id: AlertActionID? = nil, handler: AlertActionHandler? = nil
    ) -> AlertAction {
        AlertAction(
            unvalidated: title, id: id, role: .cancel, appearance: .outlinedTransparent, handler: handler)
    }
    /// A destructive action, filled in the destructive style.
    public static func destructive(
        _ title: String, id: AlertActionID? = nil, automaticallyDismisses: Bool = true,
        handler: AlertActionHandler? = nil
    ) -> AlertAction {
        AlertAction(
            unvalidated: title, id: id, role: .destructive, appearance: .filled,
            automaticallyDismisses: automaticallyDismisses, handler: handler)
    }
    /// A small text action.
    public static func text(
        _ title: String, id: AlertActionID? = nil, handler: AlertActionHandler? = nil
    ) -> AlertAction {
        AlertAction(unvalidated: title, id: id, appearance: .text, handler: handler)
    }

    /// Equal when everything but the handler is.
    public static func == (lhs: AlertAction, rhs: AlertAction) -> Bool {
        lhs.id == rhs.id && lhs.title == rhs.title && lhs.role == rhs.role
            && lhs.appearance == rhs.appearance && lhs.isEnabled == rhs.isEnabled
            && lhs.isLoading == rhs.isLoading && lhs.automaticallyDismisses == rhs.automaticallyDismisses
            && lhs.hasDerivedID == rhs.hasDerivedID
    }

    /// Hashes everything but the handler.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(title)
        hasher.combine(role)
        hasher.combine(appearance)
        hasher.combine(isEnabled)
        hasher.combine(isLoading)
        hasher.combine(automaticallyDismisses)
        hasher.combine(hasDerivedID)
    }

    /// Gives a derived identifier its number within the alert.
    mutating func renumber(_ id: AlertActionID) { self.id = id }

    /// The button style: filled → primary (destructive when the role is), outlined →
    /// outline, outlinedTransparent → outlineTransparent, text → text.
    package var buttonStyle: ButtonVariant {
        switch appearance {
        case .outlined: .outline
        case .outlinedTransparent: .outlineTransparent
        case .text: .text
        case .filled: role == .destructive ? .destructive : .primary
        }
    }

    /// The button size: small for text actions, large otherwise.
    package var buttonSize: ButtonSize { appearance == .text ? .small : .large }

    /// Whether the alert theme's cancel border replaces the style's border.
    package var usesCancelBorder: Bool { role == .cancel && appearance == .outlinedTransparent }

    /// The button state for this action while the alert is `busy` (another action loading).
    package func buttonState(alertIsBusy: Bool) -> ButtonState {
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
