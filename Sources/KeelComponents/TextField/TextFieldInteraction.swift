import KeelSupport

/// An event of a ``TextFieldInteraction``.
package enum TextFieldEvent: Hashable, Sendable {
    /// The editor became first responder.
    case focus
    /// The editor resigned first responder.
    case blur
    /// The editor proposes replacing the UTF-16 range `location`/`length` of `current` with
    /// `replacement` (before it applies it).
    case proposeEdit(location: Int, length: Int, replacement: String, current: TextInputState)
    /// The editor's contents changed (typing, a committed composition, dictation).
    case changed(TextInputState)
    /// The app set the text (cut to the maximum length; read-only and disabled fields take
    /// it too). Not reported back as a change; a cut text is written back
    /// (``TextFieldEffect/writeBack(_:)``). A front end whose app text is a separate copy (a
    /// SwiftUI binding) sends it when it appears too, with the text it was made with.
    case setByApp(String)
    /// The clear button was used.
    case clear
    /// The reveal button was used.
    case toggleReveal
    /// The app set a new validation message (`nil` or empty: none).
    case validationChanged(String?)
    /// The app replaced the configuration (its error text included).
    case reconfigure(TextFieldConfiguration)
}

/// What a text field front end does after an event, in order.
package enum TextFieldEffect: Hashable, Sendable {
    /// Put this text in the editor with the caret at this UTF-16 offset (and refuse the
    /// editor's own edit, when it proposed one).
    case setText(String, caret: Int)
    /// Tell the app the text changed.
    case textChanged(String)
    /// Tell the app the text reached its maximum length (on the edge only).
    case limitReached(Int)
    /// Show or hide the secure text.
    case revealChanged(Bool)
    /// Announce this to VoiceOver (a new validation message).
    case announce(String)
    /// The text the app set (``TextFieldEvent/setByApp(_:)``) was longer than the maximum and
    /// was cut to it: give the app's own copy (a SwiftUI binding) this text, so what the field
    /// shows and what the app holds (and submits) match. Not a change the user made:
    /// ``textChanged(_:)`` is not sent. A front end whose text property reads the interaction's
    /// state (KeelUIKit's field) has nothing to write.
    case writeBack(String)
}

/// A text field's behaviour: focus, edits kept within the maximum length by
/// `TextLengthLimiter` (a trimmed paste keeps what fits; a committed composition is trimmed
/// afterwards), the limit reported on the edge, the clear and reveal buttons, and each new
/// validation message announced once.
///
/// A rejected event changes nothing; a rejected ``TextFieldEvent/proposeEdit(location:length:replacement:current:)``
/// tells the front end to refuse the edit (a read-only or disabled field).
package struct TextFieldInteraction: StateMachine, Hashable, Sendable {
    /// The field's state.
    package struct State: Hashable, Sendable {
        /// The text.
        package var text: String
        /// Whether the editor is focused.
        package var isFocused = false
        /// Whether secure text is shown.
        package var isRevealed = false
        /// The validation message shown.
        package var errorText: String?
    }

    /// The current state.
    package private(set) var state: State
    /// The configuration.
    package private(set) var configuration: TextFieldConfiguration
    private var tracker = LimitReachedTracker()
    /// The strings validation messages are announced in.
    package var announcementStrings: AccessibilityStrings

    /// A field holding `text` (cut to the maximum length), announcing in `strings`.
    package init(
        configuration: TextFieldConfiguration, text: String = "", strings: AccessibilityStrings = .english
    ) {
        self.configuration = configuration
        announcementStrings = strings
        let limited = configuration.limiter.map { String(text.prefix($0.maximumLength)) } ?? text
        state = State(text: limited, errorText: configuration.shownError)
        if let limiter = configuration.limiter {
            _ = tracker.update(count: limited.count, maximum: limiter.maximumLength)
        }
    }

    /// The visual state for the current text and focus.
    package var visualState: TextFieldVisualState {
        TextFieldVisualState(
            configuration: configuration, isFocused: state.isFocused, isEmpty: state.text.isEmpty)
    }

    /// Whether the text is hidden now: secure entry not revealed.
    package var hidesText: Bool { configuration.hidesText && !state.isRevealed }

    /// Which optional elements show now.
    package var accessories: TextFieldAccessories {
        configuration.accessories(text: state.text, isFocused: state.isFocused)
    }

    /// Applies an event.
    @discardableResult
    package mutating func send(_ event: TextFieldEvent) -> StateTransition<TextFieldEffect> {
        switch event {
        case .focus:
            guard configuration.isEnabled, !state.isFocused else { return .rejected }
            state.isFocused = true
            return .accepted()
        case .blur:
            guard state.isFocused else { return .rejected }
            state.isFocused = false
            return .accepted()
        case .proposeEdit(let location, let length, let replacement, let current):
            guard configuration.isEditable else { return .rejected }
            guard let limiter = configuration.limiter, location >= 0, length >= 0 else { return .accepted() }
            let edit = limiter.apply(
                replacing: location..<(location + length), with: replacement, in: current)
            guard edit.wasTrimmed else { return .accepted() }
            return .accepted(
                [.setText(edit.text, caret: edit.caret)] + textDidChange(edit.text, isComposing: false))
        case .changed(let current):
            guard configuration.isEditable else { return .rejected }
            if let limiter = configuration.limiter {
                let edit = limiter.enforce(current)
                if edit.wasTrimmed {
                    return .accepted(
                        [.setText(edit.text, caret: edit.caret)]
                            + textDidChange(edit.text, isComposing: false))
                }
            }
            return .accepted(textDidChange(current.text, isComposing: current.isComposing))
        case .setByApp(let text):
            // The field's own text coming back through the app's binding: nothing to do. Over
            // the limit it can only be text an input method is still composing, which is
            // checked when it is committed; cutting it here broke the composition.
            guard text != state.text else { return .accepted() }
            let limited = configuration.limiter.map { String(text.prefix($0.maximumLength)) } ?? text
            // Cut: the app's copy gets what the field shows (also when the field already shows
            // it, as for a text the field was made with).
            let writeBack: [TextFieldEffect] = limited == text ? [] : [.writeBack(limited)]
            guard limited != state.text else { return .accepted(writeBack) }
            state.text = limited
            if let limiter = configuration.limiter {
                _ = tracker.update(count: limited.count, maximum: limiter.maximumLength)
            }
            return .accepted([.setText(limited, caret: limited.utf16.count)] + writeBack)
        case .clear:
            guard configuration.isEditable, !state.text.isEmpty else { return .rejected }
            return .accepted([.setText("", caret: 0)] + textDidChange("", isComposing: false))
        case .toggleReveal:
            guard configuration.hidesText, configuration.isEnabled else { return .rejected }
            state.isRevealed.toggle()
            return .accepted([.revealChanged(state.isRevealed)])
        case .validationChanged(let message):
            return .accepted(setError(message))
        case .reconfigure(let new):
            configuration = new
            if !new.hidesText { state.isRevealed = false }
            if !new.isEnabled { state.isFocused = false }
            return .accepted(setError(new.errorText))
        }
    }

    private mutating func textDidChange(_ text: String, isComposing: Bool) -> [TextFieldEffect] {
        var effects: [TextFieldEffect] = []
        if text != state.text {
            state.text = text
            effects.append(.textChanged(text))
        }
        if let limiter = configuration.limiter,
            tracker.update(count: text.count, maximum: limiter.maximumLength, isComposing: isComposing)
        {
            effects.append(.limitReached(limiter.maximumLength))
        }
        return effects
    }

    private mutating func setError(_ message: String?) -> [TextFieldEffect] {
        let shown = message.flatMap { $0.isEmpty ? nil : $0 }
        let previous = state.errorText
        state.errorText = shown
        configuration.errorText = shown
        return TextFieldValidationAnnouncement.announcement(
            previous: previous, current: shown, strings: announcementStrings
        ).map { [.announce($0)] } ?? []
    }
}

extension StateTransition where Effect == TextFieldEffect {
    /// Whether the editor may apply the edit it proposed itself: accepted, and not replaced
    /// by a trimmed text of the limiter's.
    package var allowsEditorEdit: Bool {
        isAccepted && !effects.contains { if case .setText = $0 { true } else { false } }
    }
}

extension StateTransition where Effect == TextFieldEffect {
    /// The text to write back to the app's copy (``TextFieldEffect/writeBack(_:)``), if the
    /// app's text was cut.
    package var writtenBackText: String? {
        effects.lazy.compactMap { if case .writeBack(let text) = $0 { text } else { nil } }.first
    }
}

extension TextFieldEvent {
    /// ``focus`` when `isFocused`, else ``blur``.
    package static func focusChange(_ isFocused: Bool) -> TextFieldEvent { isFocused ? .focus : .blur }
}

extension TextFieldConfiguration {
    /// The editor a front end shows: its multi-line one for a text area, else its single-line one.
    package func editor<Editor>(singleLine: Editor, multiline: Editor) -> Editor {
        isMultiline ? multiline : singleLine
    }
}

extension TextFieldInteraction {
    /// Whether a text area's own placeholder label is hidden: the text is not empty.
    package var placeholderIsHidden: Bool { !state.text.isEmpty }
}
