import KeelDesign

/// Everything ``AlertLayout/resolve(_:measurer:)`` needs: what the alert shows, its themes
/// (which carry the traits: text size, direction), the container it is presented in and what
/// the front end measured that a text measurer cannot (the custom content's own height, the
/// illustration image's size, the input's current text).
public struct AlertLayoutInput: Sendable {
    /// What the alert shows, with its current loading and enabled states.
    public var configuration: AlertConfiguration
    /// The alert's metrics and colours for the traits.
    public var theme: AlertTheme
    /// The button metrics and colours for the traits (the actions are buttons).
    public var buttonTheme: ButtonTheme
    /// The container's size (the presenting scene's bounds).
    public var container: Size
    /// The container's safe area.
    public var safeArea: Edges<Double>
    /// How far a docked keyboard overlaps the container's bottom (0: none; floating keyboards
    /// count as 0 — see `KeyboardGeometry.dockedOverlap`).
    public var keyboardOverlap: Double
    /// The text input's current text (`nil`: the configuration's initial text).
    public var inputText: String?
    /// The illustration image's natural size (`nil`: the theme's maximum size).
    public var illustrationSize: Size?
    /// The custom content's own height at the card's content width (its preferred or fitting
    /// height; ignored without a custom content slot).
    public var customContentFittingHeight: Double
    /// The direction to lay out in when a front end mirrors placements itself (`nil`: the
    /// traits' direction).
    package var layoutDirection: TextDirection? = nil

    /// An input; everything but the configuration and themes has a neutral default.
    public init(
        configuration: AlertConfiguration, theme: AlertTheme, buttonTheme: ButtonTheme, container: Size,
        safeArea: Edges<Double> = .zero, keyboardOverlap: Double = 0, inputText: String? = nil,
        illustrationSize: Size? = nil, customContentFittingHeight: Double = 0
    ) {
        self.configuration = configuration
        self.theme = theme
        self.buttonTheme = buttonTheme
        self.container = container
        self.safeArea = safeArea
        self.keyboardOverlap = keyboardOverlap
        self.inputText = inputText
        self.illustrationSize = illustrationSize
        self.customContentFittingHeight = customContentFittingHeight
    }

    /// The layout direction (from the button theme's traits).
    public var direction: TextDirection { layoutDirection ?? buttonTheme.resolver.traits.layoutDirection }

    /// The same input laid out left to right, for a front end (SwiftUI) that mirrors a
    /// container's placements itself in right-to-left layouts.
    package var leftToRight: AlertLayoutInput {
        var copy = self
        copy.layoutDirection = .leftToRight
        return copy
    }
}

/// A text element of the card: where it goes and how it is set.
public struct AlertTextFrame: Hashable, Sendable {
    /// Whether the element shows (absent or empty text: hidden, zero frame).
    public var isShown: Bool
    /// The frame in the scroll content's coordinates.
    public var frame: Rect
    /// The resolved alignment.
    public var alignment: ResolvedTextAlignment
    /// The line limit (0: none, UIKit's convention).
    public var numberOfLines: Int

    /// A hidden text element.
    public static let hidden = AlertTextFrame(
        isShown: false, frame: .zero, alignment: .natural, numberOfLines: 0)
}

/// The checkbox accessory's row.
public struct AlertCheckboxFrame: Hashable, Sendable {
    /// Whether the row shows.
    public var isShown: Bool
    /// The row in the scroll content's coordinates.
    public var row: Rect
    /// The checkbox control (its touch target, centred on the icon) in the scroll content's
    /// coordinates; it may reach past the row, which is only as tall as the design's row
    /// height.
    public var box: Rect
    /// The icon in the scroll content's coordinates.
    public var icon: Rect
    /// The title label in the scroll content's coordinates.
    public var label: Rect

    /// A hidden row.
    public static let hidden = AlertCheckboxFrame(
        isShown: false, row: .zero, box: .zero, icon: .zero, label: .zero)
}

/// The text input accessory: the field and its counter.
public struct AlertTextInputFrame: Hashable, Sendable {
    /// Whether the input shows.
    public var isShown: Bool
    /// The input's row (field and counter) in the scroll content's coordinates.
    public var frame: Rect
    /// The field in the row's coordinates.
    public var field: Rect
    /// The text's insets inside the field (physical, for the direction).
    public var textInsets: Edges<Double>
    /// The area the text and the placeholder occupy, in the field's coordinates.
    public var textArea: Rect
    /// Whether the field is multi-line.
    public var isMultiline: Bool
    /// Whether the multi-line field reached its height limit and scrolls.
    public var fieldScrolls: Bool
    /// Whether the placeholder shows (the text is empty).
    public var showsPlaceholder: Bool
    /// Whether the `n/max` counter shows.
    public var showsCounter: Bool
    /// The counter in the row's coordinates (after the field: right in left-to-right, left in
    /// right-to-left; zero when hidden).
    public var counter: Rect
    /// The counter's value (`nil` without a maximum length).
    public var characterCounter: CharacterCounter?

    /// A hidden input.
    public static let hidden = AlertTextInputFrame(
        isShown: false, frame: .zero, field: .zero, textInsets: .zero, textArea: .zero, isMultiline: false,
        fieldScrolls: false, showsPlaceholder: false, showsCounter: false, counter: .zero,
        characterCounter: nil)
}

/// The custom content's slot.
public struct AlertCustomContentFrame: Hashable, Sendable {
    /// Whether the slot shows.
    public var isShown: Bool
    /// The slot (a scroll region of its own) in the scroll content's coordinates.
    public var slot: Rect
    /// The content in the slot's coordinates (its full fitting height; it scrolls in the slot
    /// when taller).
    public var content: Rect
    /// Whether the content scrolls in its slot.
    public var scrolls: Bool
    /// The clamp's details (`nil` without a slot).
    public var sizing: AlertCustomContentLayout?

    /// A hidden slot.
    public static let hidden = AlertCustomContentFrame(
        isShown: false, slot: .zero, content: .zero, scrolls: false, sizing: nil)
}

/// One action button: where it goes and how it looks.
public struct AlertActionFrame: Hashable, Sendable {
    /// The action's identifier.
    public var id: AlertActionID
    /// The frame in the scroll content's coordinates.
    public var frame: Rect
    /// The button style.
    public var style: ButtonVariant
    /// The button size.
    public var size: ButtonSize
    /// The button state (loading, disabled while another action runs).
    public var state: ButtonState
    /// The border colour replacing the style's (the cancel border), if any.
    public var borderOverride: ColorValue?

    /// Whether the button shows its activity indicator.
    public var isLoading: Bool { state.contains(.loading) }
    /// Whether the button takes touches (a loading button stays enabled so it keeps its look;
    /// it ignores taps through ``AlertConfiguration/canTrigger(_:)``).
    public var isEnabled: Bool { !state.contains(.disabled) || state.contains(.loading) }
}

/// The close button in the card's corner.
public struct AlertCloseButtonFrame: Hashable, Sendable {
    /// Whether it shows.
    public var isShown: Bool
    /// Whether it takes taps now (not while an action runs).
    public var isEnabled: Bool
    /// The touch target in the card's coordinates (top-trailing corner).
    public var frame: Rect
}

/// The alert's complete layout: the frame of every element the front end shows and the
/// resolved decisions it applies (alignments, action axis, scrolling, keyboard avoidance).
///
/// Coordinates: ``card`` and ``dimming`` are in the container; ``scrollFrame`` and
/// ``closeButton`` in the card; sections in the scroll content (which starts with the card's
/// content insets), the checkbox's parts too; the input's field and counter and the custom
/// content in their section's own coordinates.
public struct AlertLayoutResult: Hashable, Sendable {
    /// The dimming layer (the whole container).
    public var dimming: Rect
    /// The card in the container (moved up above a docked keyboard).
    public var card: Rect
    /// The scroll region in the card (its bounds).
    public var scrollFrame: Rect
    /// The scroll content's size (sections plus the card's content insets).
    public var contentSize: Size
    /// Whether the content is taller than the card and scrolls.
    public var scrolls: Bool
    /// The illustration's frame (zero without one).
    public var illustration: Rect
    /// Whether the illustration shows.
    public var showsIllustration: Bool
    /// The illustration's caption.
    public var caption: AlertTextFrame
    /// The title.
    public var title: AlertTextFrame
    /// The message.
    public var message: AlertTextFrame
    /// The custom content slot.
    public var customContent: AlertCustomContentFrame
    /// The checkbox accessory.
    public var checkbox: AlertCheckboxFrame
    /// The text input accessory.
    public var textInput: AlertTextInputFrame
    /// How the actions are arranged.
    public var actionAxis: AlertActionAxis
    /// The actions, in the configuration's order.
    public var actions: [AlertActionFrame]
    /// The close button.
    public var closeButton: AlertCloseButtonFrame
    /// The sections from top to bottom (``AlertConfiguration/sections``).
    public var sections: [AlertFocusTarget]
    /// The docked keyboard's overlap the card avoided (0: none).
    public var keyboardOverlap: Double
    /// The rectangles (in the scroll content) to scroll into view when the keyboard comes up:
    /// the text input, when there is one.
    public var keyboardFocusRects: [Rect]
}
