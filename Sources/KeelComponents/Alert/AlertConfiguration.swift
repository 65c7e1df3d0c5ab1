/// How an alert's title or message is aligned.
public enum AlertTextAlignment: String, CaseIterable, Hashable, Sendable {
    /// Centred when the text fits on one line, natural (leading) otherwise.
    case adaptive
    /// Leading.
    case leading
    /// Centred.
    case center
}

/// An alert's illustration.
public struct AlertIllustration: Hashable, Sendable {
    /// The image's name (asset or symbol) for the front end.
    public var imageName: String
    /// A caption under it.
    public var caption: String?
    /// What VoiceOver reads (`nil`: decorative).
    public var accessibilityLabel: String?

    /// An illustration.
    public init(imageName: String, caption: String? = nil, accessibilityLabel: String? = nil) {
        self.imageName = imageName
        self.caption = caption
        self.accessibilityLabel = accessibilityLabel
    }
}

/// Everything an alert shows, validated when made.
public struct AlertConfiguration: Hashable, Sendable {
    /// The title.
    public var title: String?
    /// The message.
    public var message: String?
    /// The illustration.
    public var illustration: AlertIllustration?
    /// The single accessory.
    public var accessory: AlertAccessory?
    /// The slot for the app's own content, between the message and the accessory (`nil`:
    /// none). The front end supplies the view; `AlertLayout` sizes it.
    public var customContent: AlertCustomContent?
    /// The actions, in order.
    public var actions: [AlertAction]
    /// Whether tapping the background dismisses.
    public var allowsBackgroundDismissal: Bool
    /// Whether a close button shows (an icon button in the corner, not a row).
    public var showsCloseButton: Bool
    /// The title's alignment.
    public var titleAlignment: AlertTextAlignment
    /// The message's alignment.
    public var messageAlignment: AlertTextAlignment

    /// A configuration. It throws `AlertConfigurationError` when there is nothing to show
    /// (custom content counts), when nothing could dismiss it, or when explicit action
    /// identifiers repeat (derived ones are numbered instead).
    public init(
        title: String? = nil, message: String? = nil, illustration: AlertIllustration? = nil,
        accessory: AlertAccessory? = nil, customContent: AlertCustomContent? = nil,
        actions: [AlertAction] = [],
        allowsBackgroundDismissal: Bool = false,
        showsCloseButton: Bool = false, titleAlignment: AlertTextAlignment = .adaptive,
        messageAlignment: AlertTextAlignment = .adaptive
    ) throws {
        let hasText = [title, message].contains { !($0?.trimmingWhitespace.isEmpty ?? true) }
        guard hasText || illustration != nil || accessory != nil || customContent != nil else {
            throw AlertConfigurationError.noContent
        }
        guard !actions.isEmpty || allowsBackgroundDismissal || showsCloseButton else {
            throw AlertConfigurationError.noWayToDismiss
        }
        if actions.contains(where: \.hasEmptyTitle) { throw AlertConfigurationError.emptyActionTitle }
        try accessory?.validate()
        var seen = Set<AlertActionID>()
        for action in actions where !action.hasDerivedID {
            guard seen.insert(action.id).inserted else {
                throw AlertConfigurationError.duplicateActionIdentifier(action.id)
            }
        }
        // Derived identifiers never clash: a repeat is numbered (`primary.2`), skipping any
        // identifier the app gave explicitly.
        var actions = actions
        for index in actions.indices where actions[index].hasDerivedID {
            let base = actions[index].id
            var candidate = base
            var ordinal = 1
            while seen.contains(candidate) {
                ordinal += 1
                candidate = base.numbered(ordinal)
            }
            seen.insert(candidate)
            actions[index].renumber(candidate)
        }
        self.title = title
        self.message = message
        self.illustration = illustration
        self.accessory = accessory
        self.customContent = customContent
        self.actions = actions
        self.allowsBackgroundDismissal = allowsBackgroundDismissal
        self.showsCloseButton = showsCloseButton
        self.titleAlignment = titleAlignment
        self.messageAlignment = messageAlignment
        self.validationError = nil
    }

    /// XDDesignKit's configuration: text, actions and both alignments, without `try`. An
    /// invalid combination is kept in `validationError` and the alert is not shown (its
    /// handle reports ``OverlayPresentationFailure/invalidConfiguration(_:)``).
    public init(
        title: String?, message: String?, actions: [AlertAction], titleAlignment: AlertTextAlignment,
        messageAlignment: AlertTextAlignment
    ) {
        self.init(
            recording: {
                try AlertConfiguration(
                    title: title, message: message, illustration: nil, actions: actions,
                    titleAlignment: titleAlignment, messageAlignment: messageAlignment)
            }, title: title, message: message, accessory: nil, actions: actions,
            titleAlignment: titleAlignment, messageAlignment: messageAlignment)
    }

    /// The configuration `make` builds, or — when it throws — one holding the given values
    /// with the error in ``validationError``.
    init(
        recording make: () throws -> AlertConfiguration, title: String?, message: String?,
        accessory: AlertAccessory?, actions: [AlertAction], titleAlignment: AlertTextAlignment = .adaptive,
        messageAlignment: AlertTextAlignment = .adaptive
    ) {
        do {
            self = try make()
        } catch {
            self.title = title
            self.message = message
            self.illustration = nil
            self.accessory = accessory
            self.customContent = nil
            self.actions = actions
            self.allowsBackgroundDismissal = false
            self.showsCloseButton = false
            self.titleAlignment = titleAlignment
            self.messageAlignment = messageAlignment
            self.validationError =
                (error as? AlertConfigurationError) ?? .noContent
        }
    }

    /// Why the configuration is invalid, when it was made without `try` (the XDDesignKit
    /// initialiser and `KeelAlert.show(on:title:message:accessory:actions:)`); `nil` when valid.
    package private(set) var validationError: AlertConfigurationError?

    /// XDDesignKit's alert content without `try`: title, message, an accessory and actions,
    /// with any error in ``validationError``.
    package static func recording(
        title: String?, message: String?, accessory: AlertAccessory?, actions: [AlertAction]
    ) -> AlertConfiguration {
        AlertConfiguration(
            recording: {
                try AlertConfiguration(title: title, message: message, accessory: accessory, actions: actions)
            }, title: title, message: message, accessory: accessory, actions: actions)
    }

    /// Whether an action is running: background taps, the escape gesture, the close button
    /// and the other actions wait for it.
    package var isBusy: Bool { actions.contains { $0.isLoading } }

    /// What the escape gesture (and a background tap, when allowed) does: the cancel action
    /// if there is one, else a plain dismissal when a close button or background dismissal
    /// allows it; nothing while busy.
    package var escapeBehavior: AlertEscapeBehavior {
        guard !isBusy else { return .ignored }
        if let cancel = actions.first(where: { $0.role == .cancel && $0.isEnabled }) {
            return .trigger(cancel.id)
        }
        return allowsBackgroundDismissal || showsCloseButton ? .dismiss : .ignored
    }

    /// The action the text input's return key triggers: the first enabled, non-loading
    /// filled or outlined action with the normal role, while nothing is busy. `nil` (no such
    /// action, or busy): the return key only ends editing. A destructive or cancel action is
    /// never triggered from the keyboard.
    package var returnKeyActionID: AlertActionID? {
        guard !isBusy else { return nil }
        return actions.first {
            $0.role == .normal && $0.isEnabled && !$0.isLoading && $0.appearance != .text
        }?.id
    }

    /// Whether the action with `id` may be triggered now: it exists, is enabled, and no
    /// action is running.
    package func canTrigger(_ id: AlertActionID) -> Bool {
        guard !isBusy, let action = actions.first(where: { $0.id == id }) else { return false }
        return action.isEnabled
    }

    /// Whether the alert goes away once the handler of action `id` returned: the action
    /// dismisses automatically and its handler did not start it loading (a loading action
    /// dismisses when the app says so).
    package func dismissesAfterTriggering(_ id: AlertActionID) -> Bool {
        guard let action = actions.first(where: { $0.id == id }) else { return false }
        return action.automaticallyDismisses && !action.isLoading
    }

    /// The action with `id`, if the alert has one.
    package func action(_ id: AlertActionID) -> AlertAction? { actions.first { $0.id == id } }

    /// The handler of action `id` (`nil`: unknown action, or one without a handler). The front
    /// end calls it when the presentation says ``AlertPresentationEffect/runAction(_:reason:)``.
    package func handler(for id: AlertActionID) -> AlertActionHandler? { action(id)?.handler }

    /// Marks action `id` as running or not; unknown identifiers change nothing.
    package mutating func setLoading(_ loading: Bool, forAction id: AlertActionID) {
        guard let index = actions.firstIndex(where: { $0.id == id }) else { return }
        actions[index].isLoading = loading
    }

    /// Enables or disables action `id`; unknown identifiers change nothing.
    package mutating func setEnabled(_ enabled: Bool, forAction id: AlertActionID) {
        guard let index = actions.firstIndex(where: { $0.id == id }) else { return }
        actions[index].isEnabled = enabled
    }

    /// The card's sections from top to bottom: illustration, title, message, custom
    /// content, the accessory (checkbox or text input), then the actions (named by the
    /// first action). Absent or empty sections are left out.
    package var sections: [AlertFocusTarget] {
        var sections: [AlertFocusTarget] = []
        if illustration != nil { sections.append(.illustration) }
        if !(title?.isEmpty ?? true) { sections.append(.title) }
        if !(message?.isEmpty ?? true) { sections.append(.message) }
        if customContent != nil { sections.append(.customContent) }
        switch accessory {
        case .checkbox: sections.append(.checkbox)
        case .textInput: sections.append(.textInput)
        case nil: break
        }
        if let first = actions.first { sections.append(.action(first.id)) }
        return sections
    }

    /// Whether a background tap dismisses now.
    package var backgroundTapDismisses: Bool { allowsBackgroundDismissal && !isBusy }

    /// The element VoiceOver focuses first: the text input (which also takes the keyboard),
    /// else the title, the message, the illustration, the custom content, the checkbox, the
    /// first action.
    package var initialAccessibilityFocus: AlertFocusTarget {
        if case .textInput = accessory { return .textInput }
        if !(title?.isEmpty ?? true) { return .title }
        if !(message?.isEmpty ?? true) { return .message }
        if illustration != nil { return .illustration }
        if customContent != nil { return .customContent }
        if case .checkbox = accessory { return .checkbox }
        if let first = actions.first { return .action(first.id) }
        return .closeButton
    }

    /// Whether presenting the alert also gives its text input the keyboard: the initial
    /// VoiceOver focus is the text input (UIKit's `focus()` makes the editor first responder;
    /// SwiftUI's alert does the same from this answer).
    package var initialFocusTakesKeyboard: Bool { initialAccessibilityFocus == .textInput }
}

/// What the escape gesture does.
package enum AlertEscapeBehavior: Hashable, Sendable {
    /// Triggers the action with this identifier (the cancel action).
    case trigger(AlertActionID)
    /// Dismisses the alert.
    case dismiss
    /// Nothing (no way out allowed, or an action is running).
    case ignored
}

/// An element of an alert.
package enum AlertFocusTarget: Hashable, Sendable {
    /// The title.
    case title
    /// The message.
    case message
    /// The illustration.
    case illustration
    /// The app's custom content.
    case customContent
    /// The checkbox.
    case checkbox
    /// The text input.
    case textInput
    /// An action, by identifier.
    case action(AlertActionID)
    /// The close button.
    case closeButton
}
