import KeelSupport

/// A button's visual style. Apps add styles with `init(rawValue:)` and theme keys
/// `<style>.background.<state>`, `<style>.title`, …; a style the theme does not describe
/// looks like ``primary``.
public struct ButtonVariant: StringIdentifier {
    /// The style's name (also its theme key prefix).
    public let rawValue: String
    /// A style.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Dark filled (`#222222`), white title.
    public static let primary = ButtonVariant(rawValue: "primary")
    /// Brand filled, inverse title.
    public static let brand = ButtonVariant(rawValue: "brand")
    /// Light grey filled with a border.
    public static let secondary = ButtonVariant(rawValue: "secondary")
    /// White with a grey border.
    public static let outline = ButtonVariant(rawValue: "outline")
    /// Transparent with a grey border.
    public static let outlineTransparent = ButtonVariant(rawValue: "outlineTransparent")
    /// Brand-coloured text, no fill.
    public static let text = ButtonVariant(rawValue: "text")
    /// A horizontal brand gradient.
    public static let gradient = ButtonVariant(rawValue: "gradient")
    /// An irreversible action: filled in the theme's error colour (the reference's
    /// destructive action looked exactly like primary).
    public static let destructive = ButtonVariant(rawValue: "destructive")

    /// The built-in styles.
    public static let allCases: [ButtonVariant] = [
        .primary, .brand, .secondary, .outline, .outlineTransparent, .text, .gradient, .destructive,
    ]
}

/// A button's size. Apps add sizes with `init(rawValue:)` and theme keys `size.<name>.…`;
/// a size the theme does not describe uses ``large``'s metrics.
public struct ButtonSize: StringIdentifier {
    /// The size's name (also its theme key component).
    public let rawValue: String
    /// A size.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// 48 pt high, 20 pt padding, `bodyLarge`.
    public static let large = ButtonSize(rawValue: "large")
    /// 40 pt high, 16 pt padding, `bodyMedium`.
    public static let medium = ButtonSize(rawValue: "medium")
    /// 32 pt high, 12 pt padding, `captionMedium`.
    public static let small = ButtonSize(rawValue: "small")

    /// The built-in sizes.
    package static let allCases: [ButtonSize] = [.large, .medium, .small]
}

/// A button's interaction state; several can hold at once.
package struct ButtonState: OptionSet, Hashable, Sendable {
    /// The raw bits.
    package let rawValue: Int
    /// A state from bits.
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// No other state.
    package static let normal: ButtonState = []
    /// Being pressed.
    package static let highlighted = ButtonState(rawValue: 1 << 0)
    /// Selected.
    package static let selected = ButtonState(rawValue: 1 << 1)
    /// Disabled.
    package static let disabled = ButtonState(rawValue: 1 << 2)
    /// Running its action: not a colour state; it shows an activity indicator and absorbs
    /// touches.
    package static let loading = ButtonState(rawValue: 1 << 3)
    /// Focused by a keyboard or remote: adds a focus ring.
    package static let focused = ButtonState(rawValue: 1 << 4)

    /// The state whose colours are shown, by the reference's priority:
    /// disabled > highlighted > selected > normal.
    package var visualState: ButtonVisualState {
        if contains(.disabled) { return .disabled }
        if contains(.highlighted) { return .highlighted }
        if contains(.selected) { return .selected }
        return .normal
    }
}

/// The state whose colours a button shows.
package enum ButtonVisualState: String, CaseIterable, Hashable, Sendable {
    /// Resting.
    case normal
    /// Pressed.
    case highlighted
    /// Selected (the highlighted colours unless the theme sets its own).
    case selected
    /// Disabled.
    case disabled
}
