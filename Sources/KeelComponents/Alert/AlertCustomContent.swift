import KeelDesign

/// The slot for an app's own content in an alert: a view the front end supplies, placed
/// between the message and the accessory (checkbox or text input) and the actions.
///
/// The content is as tall as it fits at the card's content width, clamped to the smaller
/// of ``maximumHeight`` and the room the card has left once everything else (insets, other
/// sections, actions) is counted; taller content scrolls inside its own slot, so the
/// actions stay on screen. `AlertLayout` makes every one of these decisions.
public struct AlertCustomContent: Hashable, Sendable {
    /// The tallest the content may be, in points, before it scrolls (`nil`: as tall as the
    /// card allows).
    public var maximumHeight: Double?

    /// A slot as tall as the card allows.
    package init() { maximumHeight = nil }

    /// A slot at most `maximumHeight` points tall. A height that is not finite and positive
    /// throws `AlertConfigurationError/invalidCustomContentHeight(_:)`.
    public init(maximumHeight: Double?) throws {
        if let maximumHeight, !(maximumHeight.isFinite && maximumHeight > 0) {
            throw AlertConfigurationError.invalidCustomContentHeight(maximumHeight)
        }
        self.maximumHeight = maximumHeight
    }
}

/// Where the custom content goes and how tall it is, as `AlertLayout` decided.
package struct AlertCustomContentLayout: Hashable, Sendable {
    /// The width the content is measured and laid out at (the card's content width).
    package var width: Double
    /// The content's height in the card.
    package var height: Double
    /// The content's own height at ``width`` (non-finite or negative measurements count as 0).
    package var fittingHeight: Double
    /// The cap the content was clamped to: the slot's maximum or the card's room left,
    /// whichever is smaller, but never below the theme's minimum unless the slot's own
    /// maximum is lower.
    package var maximumHeight: Double
    /// Whether the content is taller than ``height`` and scrolls inside its slot.
    package var scrolls: Bool
}

extension AlertLayout {
    /// The card's content width: the card less its horizontal content insets.
    package static func contentWidth(cardWidth: Double, theme: AlertTheme) -> Double {
        max(0, (cardWidth.isFinite ? cardWidth : 0) - theme.contentInsets.horizontal)
    }

    /// The tallest the card may be: the container less the safe area (or the docked keyboard
    /// when it overlaps more) and the screen's vertical insets.
    package static func availableCardHeight(
        container: Size, safeArea: Edges<Double>, keyboardOverlap: Double = 0, theme: AlertTheme
    ) -> Double {
        let overlap = keyboardOverlap.isFinite ? max(0, keyboardOverlap) : 0
        let top = safeArea.top + theme.screenVerticalInset
        let bottom = container.height - max(safeArea.bottom, overlap) - theme.screenVerticalInset
        let available = bottom - top
        return available.isFinite ? max(0, available) : 0
    }

    /// The custom content's size in a card of `cardWidth` whose other content (every other
    /// section, the actions and the spacing around the slot, without the card's insets) is
    /// `otherContentHeight` tall and which may be `availableCardHeight` tall. The content
    /// takes its fitting height up to a cap: the room left in the card, at least the
    /// theme's ``AlertTheme/customContentMinimumHeight`` (the card scrolls as a whole when
    /// even that does not fit), and at most the slot's ``AlertCustomContent/maximumHeight``.
    /// Non-finite or negative heights count as 0 (bad measurements never crash or grow the
    /// card without bound).
    package static func customContentLayout(
        _ content: AlertCustomContent, fittingHeight: Double, otherContentHeight: Double,
        availableCardHeight: Double, cardWidth: Double, theme: AlertTheme
    ) -> AlertCustomContentLayout {
        let fitting = sanitized(fittingHeight)
        let room =
            sanitized(availableCardHeight) - theme.contentInsets.vertical - sanitized(otherContentHeight)
        let maximum = min(content.maximumHeight ?? .infinity, max(theme.customContentMinimumHeight, room))
        let height = min(fitting, maximum)
        return AlertCustomContentLayout(
            width: contentWidth(cardWidth: cardWidth, theme: theme), height: height, fittingHeight: fitting,
            maximumHeight: maximum, scrolls: fitting > maximum + 0.5)
    }

    /// `value` when it is finite and positive, else 0.
    static func sanitized(_ value: Double) -> Double {
        value.isFinite ? max(0, value) : 0
    }
}

extension AlertLayout {
    /// The height of a card's content other than its custom-content slot, from the measured
    /// card height (insets included) and the slot's current height: what
    /// ``customContentLayout(_:fittingHeight:otherContentHeight:availableCardHeight:cardWidth:theme:)``
    /// needs from a front end that measures the card as a whole (SwiftUI). Non-finite or
    /// negative measures count as 0; the result is never negative.
    package static func otherContentHeight(cardHeight: Double, slotHeight: Double, theme: AlertTheme)
        -> Double
    {
        max(0, sanitized(cardHeight) - theme.contentInsets.vertical - sanitized(slotHeight))
    }
}
