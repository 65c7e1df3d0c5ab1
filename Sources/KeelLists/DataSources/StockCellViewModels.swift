/// A title with optional detail text and image name: the model of the basic, subtitle, left-
/// and right-detail kinds.
public struct BasicCellViewModel: CellViewModel {
    /// `"basic"`.
    public static let typeName = "basic"
    /// The main text.
    package var title: String?
    /// The secondary text.
    package var detail: String?
    /// An image asset name.
    package var image: String?

    /// Creates the view model.
    public init(title: String? = nil, detail: String? = nil, image: String? = nil) {
        self.title = title
        self.detail = detail
        self.image = image
    }
}

/// A switch with a title and optional subtitle.
public struct ToggleCellViewModel: CellViewModel {
    /// `"toggle"`.
    public static let typeName = "toggle"
    /// The title.
    package var title: String
    /// The subtitle.
    package var subtitle: String?
    /// Whether the switch is on: the control's state, which an app reads back or changes (on a
    /// copy it puts back into the item).
    public var isOn: Bool

    /// Creates the view model.
    public init(title: String, subtitle: String? = nil, isOn: Bool) {
        self.title = title
        self.subtitle = subtitle
        self.isOn = isOn
    }
}

/// A slider over `minimum…maximum` with optional left, centre and right labels.
public struct SliderCellViewModel: CellViewModel {
    /// `"slider"`.
    public static let typeName = "slider"
    /// The value, within the range: the control's state, which an app reads back or changes (on
    /// a copy it puts back into the item).
    public var value: Double
    /// The lowest value.
    package var minimum: Double
    /// The highest value.
    package var maximum: Double
    /// The label left of the slider.
    package var leftText: String?
    /// The label above the slider's centre.
    package var centerText: String?
    /// The label right of the slider.
    package var rightText: String?

    /// Creates the view model; the value is clamped into the range (an inverted range is
    /// swapped).
    public init(
        value: Double, minimum: Double = 0, maximum: Double = 1, leftText: String? = nil,
        centerText: String? = nil,
        rightText: String? = nil
    ) {
        self.minimum = Swift.min(minimum, maximum)
        self.maximum = Swift.max(minimum, maximum)
        self.value = Swift.min(Swift.max(value, self.minimum), self.maximum)
        self.leftText = leftText
        self.centerText = centerText
        self.rightText = rightText
    }

    enum CodingKeys: String, CodingKey {
        case value, minimum, maximum, leftText, centerText, rightText
    }

    /// Decodes, refusing a non-finite value, an inverted range or a value outside it (naming
    /// the key).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decode(Double.self, forKey: .value)
        minimum = try container.decodeIfPresent(Double.self, forKey: .minimum) ?? 0
        maximum = try container.decodeIfPresent(Double.self, forKey: .maximum) ?? 1
        leftText = try container.decodeIfPresent(String.self, forKey: .leftText)
        centerText = try container.decodeIfPresent(String.self, forKey: .centerText)
        rightText = try container.decodeIfPresent(String.self, forKey: .rightText)
        guard minimum.isFinite, maximum.isFinite, minimum <= maximum else {
            throw DecodingError.dataCorruptedError(
                forKey: .maximum, in: container,
                debugDescription: "slider range \(minimum)…\(maximum) is invalid")
        }
        guard value.isFinite, (minimum...maximum).contains(value) else {
            throw DecodingError.dataCorruptedError(
                forKey: .value, in: container,
                debugDescription: "slider value \(value) is outside \(minimum)…\(maximum)")
        }
    }
}

/// A single-line text field.
public struct TextFieldCellViewModel: CellViewModel {
    /// `"textField"`.
    public static let typeName = "textField"
    /// The label before the field.
    package var title: String?
    /// The text: the control's state, which an app reads back or changes (on a copy it puts
    /// back into the item).
    public var text: String
    /// The placeholder.
    package var placeholder: String?
    /// Whether the text is hidden (passwords).
    package var isSecure: Bool

    /// Creates the view model.
    public init(title: String? = nil, text: String = "", placeholder: String? = nil, isSecure: Bool = false) {
        self.title = title
        self.text = text
        self.placeholder = placeholder
        self.isSecure = isSecure
    }
}

/// A multi-line text view.
public struct TextViewCellViewModel: CellViewModel {
    /// `"textView"`.
    public static let typeName = "textView"
    /// The text: the control's state, which an app reads back or changes (on a copy it puts
    /// back into the item).
    public var text: String
    /// The placeholder.
    package var placeholder: String?

    /// Creates the view model.
    public init(text: String = "", placeholder: String? = nil) {
        self.text = text
        self.placeholder = placeholder
    }
}

/// A button.
public struct ButtonCellViewModel: CellViewModel {
    /// `"button"`.
    public static let typeName = "button"
    /// The button's title.
    package var title: String
    /// Whether it can be tapped.
    package var isEnabled: Bool
    /// Whether it is destructive (drawn in the destructive colour).
    package var isDestructive: Bool

    /// Creates the view model.
    public init(title: String, isEnabled: Bool = true, isDestructive: Bool = false) {
        self.title = title
        self.isEnabled = isEnabled
        self.isDestructive = isDestructive
    }
}

/// An activity indicator with an optional title.
public struct SpinnerCellViewModel: CellViewModel {
    /// `"spinner"`.
    public static let typeName = "spinner"
    /// The text beside the spinner.
    package var title: String?
    /// Whether it spins.
    package var isAnimating: Bool

    /// Creates the view model.
    public init(title: String? = nil, isAnimating: Bool = true) {
        self.title = title
        self.isAnimating = isAnimating
    }
}
