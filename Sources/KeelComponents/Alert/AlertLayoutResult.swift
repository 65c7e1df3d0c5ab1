import KeelDesign

/// Everything ``AlertLayout/resolve(_:measurer:)`` needs: what the alert shows, its themes
/// (which carry the traits: text size, direction), the container it is presented in and what
/// the front end measured that a text measurer cannot (the custom content's own height, the
/// illustration image's size, the input's current text).
package struct AlertLayoutInput: Sendable {
    /// What the alert shows, with its current loading and enabled states.
    package var configuration: AlertConfiguration
    /// The alert's metrics and colours for the traits.
    package var theme: AlertTheme
    /// The button metrics and colours for the traits (the actions are buttons).
    package var buttonTheme: ButtonTheme
    /// The container's size (the presenting scene's bounds).
    package var container: Size
    /// The container's safe area.
    package var safeArea: Edges<Double>
    /// How far a docked keyboard overlaps the container's bottom (0: none; floating keyboards
    /// count as 0 — see `KeyboardGeometry.dockedOverlap`).
    package var keyboardOverlap: Double
    /// The text input's current text (`nil`: the configuration's initial text).
    package var inputText: String?
    /// The illustration image's natural size (`nil`: the theme's maximum size).
    package var illustrationSize: Size?
    /// The custom content's own height at the card's content width (its preferred or fitting
    /// height; ignored without a custom content slot).
    package var customContentFittingHeight: Double
    /// The direction to lay out in when a front end mirrors placements itself (`nil`: the
    /// traits' direction).
    package var layoutDirection: TextDirection? = nil

    /// An input; everything but the configuration and themes has a neutral default.
    package init(
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
    package var direction: TextDirection { layoutDirection ?? buttonTheme.resolver.traits.layoutDirection }

    /// The same input laid out left to right, for a front end (SwiftUI) that mirrors a
    /// container's placements itself in right-to-left layouts.
    package var leftToRight: AlertLayoutInput {
        var copy = self
        copy.layoutDirection = .leftToRight
        return copy
    }
}

/// A text element of the card: where it goes and how it is set.
package struct AlertTextFrame: Hashable, Sendable {
    /// Whether the element shows (absent or empty text: hidden, zero frame).
    package var isShown: Bool
    /// The frame in the scroll content's coordinates.
    package var frame: Rect
    /// The resolved alignment.
    package var alignment: ResolvedTextAlignment
    /// The line limit (0: none, UIKit's convention).
    package var numberOfLines: Int

    /// A hidden text element.
    package static let hidden = AlertTextFrame(
        isShown: false, frame: .zero, alignment: .natural, numberOfLines: 0)
}

/// The checkbox accessory's row.
package struct AlertCheckboxFrame: Hashable, Sendable {
    /// Whether the row shows.
    package var isShown: Bool
    /// The row in the scroll content's coordinates.
    package var row: Rect
    /// The checkbox control (its touch target, centred on the icon) in the scroll content's
    /// coordinates; it may reach past the row, which is only as tall as the design's row
    /// height.
    package var box: Rect
    /// The icon in the scroll content's coordinates.
    package var icon: Rect
    /// The title label in the scroll content's coordinates.
    package var label: Rect

    /// A hidden row.
    package static let hidden = AlertCheckboxFrame(
        isShown: false, row: .zero, box: .zero, icon: .zero, label: .zero)
}

/// The text input accessory: the field and its counter.
package struct AlertTextInputFrame: Hashable, Sendable {
    /// Whether the input shows.
    package var isShown: Bool
    /// The input's row (field and counter) in the scroll content's coordinates.
    package var frame: Rect
    /// The field in the row's coordinates.
    package var field: Rect
    /// The text's insets inside the field (physical, for the direction).
    package var textInsets: Edges<Double>
    /// The area the text and the placeholder occupy, in the field's coordinates.
    package var textArea: Rect
    /// Whether the field is multi-line.
    package var isMultiline: Bool
    /// Whether the multi-line field reached its height limit and scrolls.
    package var fieldScrolls: Bool
    /// Whether the placeholder shows (the text is empty).
    package var showsPlaceholder: Bool
    /// Whether the `n/max` counter shows.
    package var showsCounter: Bool
    /// The counter in the row's coordinates (after the field: right in left-to-right, left in
    /// right-to-left; zero when hidden).
    package var counter: Rect
    /// The counter's value (`nil` without a maximum length).
    package var characterCounter: CharacterCounter?

    /// A hidden input.
    package static let hidden = AlertTextInputFrame(
        isShown: false, frame: .zero, field: .zero, textInsets: .zero, textArea: .zero, isMultiline: false,
        fieldScrolls: false, showsPlaceholder: false, showsCounter: false, counter: .zero,
        characterCounter: nil)
}

/// The custom content's slot.
package struct AlertCustomContentFrame: Hashable, Sendable {
    /// Whether the slot shows.
    package var isShown: Bool
    /// The slot (a scroll region of its own) in the scroll content's coordinates.
    package var slot: Rect
    /// The content in the slot's coordinates (its full fitting height; it scrolls in the slot
    /// when taller).
    package var content: Rect
    /// Whether the content scrolls in its slot.
    package var scrolls: Bool
    /// The clamp's details (`nil` without a slot).
    package var sizing: AlertCustomContentLayout?

    /// A hidden slot.
    package static let hidden = AlertCustomContentFrame(
        isShown: false, slot: .zero, content: .zero, scrolls: false, sizing: nil)
}

/// One action button: where it goes and how it looks.
package struct AlertActionFrame: Hashable, Sendable {
    /// The action's identifier.
    package var id: AlertActionID
    /// The frame in the scroll content's coordinates.
    package var frame: Rect
    /// The button style.
    package var style: ButtonVariant
    /// The button size.
    package var size: ButtonSize
    /// The button state (loading, disabled while another action runs).
    package var state: ButtonState
    /// The border colour replacing the style's (the cancel border), if any.
    package var borderOverride: ColorValue?

    /// Whether the button shows its activity indicator.
    package var isLoading: Bool { state.contains(.loading) }
    /// Whether the button takes touches (a loading button stays enabled so it keeps its look;
    /// it ignores taps through ``AlertConfiguration/canTrigger(_:)``).
    package var isEnabled: Bool { !state.contains(.disabled) || state.contains(.loading) }
}

/// The close button in the card's corner.
package struct AlertCloseButtonFrame: Hashable, Sendable {
    /// Whether it shows.
    package var isShown: Bool
    /// Whether it takes taps now (not while an action runs).
    package var isEnabled: Bool
    /// The touch target in the card's coordinates (top-trailing corner).
    package var frame: Rect
}

/// The alert's complete layout: the frame of every element the front end shows and the
/// resolved decisions it applies (alignments, action axis, scrolling, keyboard avoidance).
///
/// Coordinates: ``card`` and ``dimming`` are in the container; ``scrollFrame`` and
/// ``closeButton`` in the card; sections in the scroll content (which starts with the card's
/// content insets), the checkbox's parts too; the input's field and counter and the custom
/// content in their section's own coordinates.
package struct AlertLayoutResult: Hashable, Sendable {
    /// The dimming layer (the whole container).
    package var dimming: Rect
    /// The card in the container (moved up above a docked keyboard).
    package var card: Rect
    /// The scroll region in the card (its bounds).
    package var scrollFrame: Rect
    /// The scroll content's size (sections plus the card's content insets).
    package var contentSize: Size
    /// Whether the content is taller than the card and scrolls.
    package var scrolls: Bool
    /// The illustration's frame (zero without one).
    package var illustration: Rect
    /// Whether the illustration shows.
    package var showsIllustration: Bool
    /// The illustration's caption.
    package var caption: AlertTextFrame
    /// The title.
    package var title: AlertTextFrame
    /// The message.
    package var message: AlertTextFrame
    /// The custom content slot.
    package var customContent: AlertCustomContentFrame
    /// The checkbox accessory.
    package var checkbox: AlertCheckboxFrame
    /// The text input accessory.
    package var textInput: AlertTextInputFrame
    /// How the actions are arranged.
    package var actionAxis: AlertActionAxis
    /// The actions, in the configuration's order.
    package var actions: [AlertActionFrame]
    /// The close button.
    package var closeButton: AlertCloseButtonFrame
    /// The sections from top to bottom (``AlertConfiguration/sections``).
    package var sections: [AlertFocusTarget]
    /// The docked keyboard's overlap the card avoided (0: none).
    package var keyboardOverlap: Double
    /// The rectangles (in the scroll content) to scroll into view when the keyboard comes up:
    /// the text input, when there is one.
    package var keyboardFocusRects: [Rect]
}
