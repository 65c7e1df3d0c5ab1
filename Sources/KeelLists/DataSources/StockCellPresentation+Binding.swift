extension StockCellPresentation {
    /// The main text's colour role.
    package enum TextColor: Hashable, Sendable {
        /// The standard label colour.
        case standard
        /// The tint colour (an action).
        case tint
        /// The destructive colour (a destructive action).
        case destructive
    }

    /// The main text's alignment.
    package enum TextAlignment: Hashable, Sendable {
        /// Leading (natural for the language).
        case natural
        /// Centred (actions).
        case center
    }

    /// Which control a stock cell hosts.
    package enum ControlKind: Hashable, Sendable, CaseIterable {
        /// A switch.
        case toggle
        /// A slider.
        case slider
        /// A single-line text field.
        case textField
        /// An activity indicator.
        case spinner
    }

    /// Something shown at a cell's trailing edge, in order.
    package enum Accessory: Hashable, Sendable {
        /// The hosted control.
        case control(ControlKind)
        /// A disclosure indicator (drill-down).
        case disclosureIndicator
    }

    /// The table cell's accessory type.
    package enum Disclosure: Hashable, Sendable {
        /// None.
        case none
        /// A disclosure indicator.
        case indicator
    }

    /// Whether the cell highlights when selected.
    package enum SelectionHighlight: Hashable, Sendable {
        /// No highlight (tapping does nothing).
        case none
        /// The standard highlight.
        case standard
    }

    /// Whether the activity indicator spins.
    package enum SpinnerAnimation: Hashable, Sendable {
        /// Spinning.
        case animating
        /// Still.
        case stopped
    }

    /// The main text's colour role: standard for plain text, the tint for an action, the
    /// destructive colour for a destructive action.
    package var textColor: TextColor {
        switch emphasis {
        case .plain: .standard
        case .action: .tint
        case .destructiveAction: .destructive
        }
    }

    /// The main text's alignment: centred for actions.
    package var textAlignment: TextAlignment { emphasis == .plain ? .natural : .center }

    /// The hosted control's kind, if any.
    package var controlKind: ControlKind? {
        switch control {
        case nil: nil
        case .toggle: .toggle
        case .slider: .slider
        case .textField: .textField
        case .spinner: .spinner
        }
    }

    /// What shows at the trailing edge, in order: the control, then the disclosure indicator.
    package var accessories: [Accessory] {
        var result: [Accessory] = []
        if let controlKind { result.append(.control(controlKind)) }
        if showsDisclosure { result.append(.disclosureIndicator) }
        return result
    }

    /// The table cell's accessory type.
    package var disclosure: Disclosure { showsDisclosure ? .indicator : .none }

    /// The selection highlight: standard only when tapping does something.
    package var selectionHighlight: SelectionHighlight { isSelectable ? .standard : .none }

    /// The switch's value (off without a switch).
    package var toggleIsOn: Bool {
        guard case .toggle(let isOn) = control else { return false }
        return isOn
    }

    /// The slider's range and value, made safe for a slider control: non-finite bounds become
    /// 0 and 1, a maximum below the minimum becomes the minimum, and the value is clamped into
    /// the range (0…1 and 0 without a slider).
    package var sliderValues: (value: Double, minimum: Double, maximum: Double) {
        guard case .slider(let value, let minimum, let maximum) = control else { return (0, 0, 1) }
        let low = minimum.isFinite ? minimum : 0
        let high = maximum.isFinite ? max(low, maximum) : max(low, 1)
        let clamped = value.isFinite ? min(max(value, low), high) : low
        return (clamped, low, high)
    }

    /// The text field's text, placeholder and secure entry (empty without a field).
    package var fieldValues: (text: String, placeholder: String?, isSecure: Bool) {
        guard case .textField(let text, let placeholder, let isSecure) = control else {
            return ("", nil, false)
        }
        return (text, placeholder, isSecure)
    }

    /// Whether the activity indicator spins (stopped without one).
    package var spinnerAnimation: SpinnerAnimation {
        guard case .spinner(true) = control else { return .stopped }
        return .animating
    }
}
