/// What a front end reads from a configuration to build the alert's views once, without
/// branching on the accessory: every view exists, and ``AlertLayoutResult`` says which show.
extension AlertConfiguration {
    /// The checkbox accessory's title (empty without one).
    package var checkboxTitle: String {
        guard case .checkbox(let title, _, _) = accessory else { return "" }
        return title
    }

    /// Whether the checkbox accessory starts selected (`false` without one).
    package var checkboxIsSelected: Bool {
        guard case .checkbox(_, let isSelected, _) = accessory else { return false }
        return isSelected
    }

    /// Whether the checkbox accessory can be changed (`false` without one).
    package var checkboxIsEnabled: Bool {
        guard case .checkbox(_, _, let isEnabled) = accessory else { return false }
        return isEnabled
    }

    /// The text input accessory, or a plain single-line input the front end keeps hidden.
    package var textInputOrPlain: AlertTextInput {
        guard case .textInput(let input) = accessory else { return AlertTextInput.plain }
        return input
    }

    /// Whether VoiceOver reads the illustration (it has an accessibility label).
    package var illustrationIsAccessibilityElement: Bool { illustration?.accessibilityLabel != nil }
}

extension AlertTextInput {
    /// A plain single-line input with no placeholder or limit.
    static let plain = AlertTextInput(unchecked: ())

    private init(unchecked: Void) {
        placeholder = ""
        text = ""
        keyboard = .standard
        isSecureEntry = false
        maximumLength = nil
        showsCharacterCount = false
        layout = .singleLine
        contentKind = nil
        returnKey = .default
    }

    /// Whether the input is multi-line.
    package var isMultiline: Bool {
        guard case .multiline = layout else { return false }
        return true
    }
}

extension AlertTextFrame {
    /// Whether the element is hidden.
    package var isHidden: Bool { !isShown }
}

extension AlertCheckboxFrame {
    /// Whether the row is hidden.
    package var isHidden: Bool { !isShown }
}

extension AlertTextInputFrame {
    /// Whether the input is hidden.
    package var isHidden: Bool { !isShown }
    /// Whether the counter is hidden.
    package var counterIsHidden: Bool { !showsCounter }
}

extension AlertCustomContentFrame {
    /// Whether the slot is hidden.
    package var isHidden: Bool { !isShown }
}

extension AlertCloseButtonFrame {
    /// Whether the button is hidden.
    package var isHidden: Bool { !isShown }
}

extension AlertLayoutResult {
    /// Whether the illustration is hidden.
    package var illustrationIsHidden: Bool { !showsIllustration }
}

extension AlertConfiguration {
    /// What an action handler reads as the checkbox's value: `current` with a checkbox
    /// accessory, `nil` without one.
    package func accessoryCheckboxValue(_ current: Bool) -> Bool? {
        guard case .checkbox = accessory else { return nil }
        return current
    }

    /// What an action handler reads as the input's text: `current` with a text input
    /// accessory, `nil` without one.
    package func accessoryText(_ current: String) -> String? {
        guard case .textInput = accessory else { return nil }
        return current
    }
}

extension AlertTextInputFrame {
    /// Whether the placeholder is hidden (the input has text).
    package var placeholderIsHidden: Bool { !showsPlaceholder }
}

extension AlertTextInput {
    /// The edit the input's length limit makes of replacing the UTF-16 `location`/`length`
    /// range with `replacement` in `state`, or `nil` when the editor's own edit stands (no
    /// limit, or nothing was trimmed).
    package func limitedEdit(location: Int, length: Int, replacement: String, in state: TextInputState)
        -> LimitedEdit?
    {
        guard let limiter, location >= 0, length >= 0 else { return nil }
        let edit = limiter.apply(replacing: location..<(location + length), with: replacement, in: state)
        return edit.wasTrimmed ? edit : nil
    }

    /// The trim the length limit makes once a composition is committed, or `nil` when the
    /// text stands.
    package func enforcedEdit(_ state: TextInputState) -> LimitedEdit? {
        guard let edit = limiter?.enforce(state), edit.wasTrimmed else { return nil }
        return edit
    }
}

extension AlertConfiguration {
    /// The configuration with a custom content slot: its own, else a default one (as tall as
    /// the card allows) — what an alert shown with a content view uses.
    package var withCustomContentSlot: AlertConfiguration {
        var copy = self
        copy.customContent = customContent ?? AlertCustomContent()
        return copy
    }
}
