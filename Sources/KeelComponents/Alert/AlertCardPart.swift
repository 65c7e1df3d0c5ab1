import KeelDesign
import KeelGeometry

/// One element of the alert card a front end places: the one placement source both front ends
/// read, so the UIKit alert and the SwiftUI card cannot put an element in different places.
package enum AlertCardPart: Hashable, Sendable {
    /// The dimming layer, in the container.
    case dimming
    /// The card, in the container.
    case card
    /// The scroll region, in the card.
    case scroll
    /// The close button's touch target, in the card.
    case closeButton
    /// The illustration image, in the scroll content.
    case illustration
    /// The illustration's caption, in the scroll content.
    case caption
    /// The title, in the scroll content.
    case title
    /// The message, in the scroll content.
    case message
    /// The custom content's slot, in the scroll content.
    case customContent
    /// The checkbox control (its touch target), in the scroll content.
    case checkbox
    /// The checkbox's title, in the scroll content.
    case checkboxLabel
    /// The text input's row (field and counter), in the scroll content.
    case textInput
    /// The text field, in the text input's row.
    case textInputField
    /// The `n/max` counter, in the text input's row.
    case textInputCounter
    /// An action button, in the scroll content.
    case action(AlertActionID)
    /// The `index`-th of ``AlertLayoutResult/keyboardFocusRects``, in the scroll content:
    /// what a front end scrolls into view once the keyboard has moved the card.
    case keyboardFocus(Int)

    /// The parts placed in the container (the presenting scene).
    package static let containerParts: [AlertCardPart] = [.dimming, .card]
    /// The parts placed in the card itself.
    package static let cardParts: [AlertCardPart] = [.scroll, .closeButton]
    /// The parts placed in the text input's row.
    package static let textInputParts: [AlertCardPart] = [.textInputField, .textInputCounter]
}

extension AlertLayoutResult {
    /// The parts placed in the scroll content, in the order they are drawn.
    package var contentParts: [AlertCardPart] {
        [.illustration, .caption, .title, .message, .customContent, .checkbox, .checkboxLabel, .textInput]
            + actions.map { .action($0.id) } + keyboardFocusParts
    }

    /// The parts standing for ``keyboardFocusRects``, in order: the SwiftUI alert places an
    /// invisible anchor at each and scrolls to them as UIKit's alert scrolls to the rects.
    package var keyboardFocusParts: [AlertCardPart] { keyboardFocusRects.indices.map { .keyboardFocus($0) } }

    /// Where `part` goes, in its container's coordinates (see ``AlertCardPart``); `nil` when
    /// the part is hidden. Both front ends place every element through this one function.
    package func frame(of part: AlertCardPart) -> Rect? {
        switch part {
        case .dimming: dimming
        case .card: card
        case .scroll: scrollFrame
        case .closeButton: closeButton.isShown ? closeButton.frame : nil
        case .illustration: showsIllustration ? illustration : nil
        case .caption: caption.isShown ? caption.frame : nil
        case .title: title.isShown ? title.frame : nil
        case .message: message.isShown ? message.frame : nil
        case .customContent: customContent.isShown ? customContent.slot : nil
        case .checkbox: checkbox.isShown ? checkbox.box : nil
        case .checkboxLabel: checkbox.isShown ? checkbox.label : nil
        case .textInput: textInput.isShown ? textInput.frame : nil
        case .textInputField: textInput.isShown ? textInput.field : nil
        case .textInputCounter: textInput.isShown && textInput.showsCounter ? textInput.counter : nil
        case .action(let id): actions.first { $0.id == id }?.frame
        case .keyboardFocus(let index):
            keyboardFocusRects.indices.contains(index) ? keyboardFocusRects[index] : nil
        }
    }

    /// ``frame(of:)``, zero for a hidden part.
    package func placedFrame(of part: AlertCardPart) -> Rect { frame(of: part) ?? .zero }

    /// The border colour that replaces the style's on the action `id` (the cancel border), if any.
    package func borderOverride(ofAction id: AlertActionID) -> ColorValue? {
        actions.first { $0.id == id }?.borderOverride
    }

    /// The size of the container `part` is placed in: the card for the card's parts, the
    /// text input's row for its field and counter, the scroll content otherwise.
    package func containerSize(of part: AlertCardPart) -> Size {
        switch part {
        case .dimming, .card: dimming.size
        case .scroll, .closeButton: card.size
        case .textInputField, .textInputCounter: textInput.frame.size
        default: contentSize
        }
    }
}

extension AlertLayout {
    /// The layout a front end that mirrors its containers itself in right-to-left layouts
    /// (SwiftUI's `Layout`) places from: ``resolve(_:measurer:)`` of the input laid out left
    /// to right. Mirrored by the front end, every frame equals the resolver's for the input's
    /// own direction — the frames the UIKit alert applies.
    package static func resolveForMirroringFrontEnd(
        _ input: AlertLayoutInput, measurer: some TextMeasuring
    ) -> AlertLayoutResult {
        resolve(input.leftToRight, measurer: measurer)
    }
}

extension AlertTextFrame {
    /// The line limit as SwiftUI spells it (`nil`: none).
    package var lineLimit: Int? { numberOfLines > 0 ? numberOfLines : nil }
}

extension AlertLayoutResult {
    /// Whether the card's scroll region ignores scrolling (its content fits).
    package var scrollIsDisabled: Bool { !scrolls }
}

extension AlertCloseButtonFrame {
    /// Whether the close button ignores taps (hidden, or an action runs).
    package var isDisabled: Bool { !isEnabled }
}
