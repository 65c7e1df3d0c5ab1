import KeelDesign

/// How an alert's actions are arranged.
package enum AlertActionAxis: Hashable, Sendable {
    /// Side by side, equal widths.
    case horizontal
    /// Stacked in array order.
    case vertical
}

/// A resolved text alignment.
package enum ResolvedTextAlignment: Hashable, Sendable {
    /// Centred.
    case center
    /// The writing direction's natural alignment (leading).
    case natural
}

/// The card's frame and whether its content scrolls.
package struct AlertCardFrame: Hashable, Sendable {
    /// The card in the container.
    package var frame: Rect
    /// Whether the content is taller than the card and scrolls.
    package var scrollsContent: Bool
    /// The height of the card's content without its insets: the other sections plus the
    /// custom content's clamped height.
    package var contentHeight: Double = 0
    /// The custom content's size (`nil` without a custom content slot).
    package var customContent: AlertCustomContentLayout? = nil
}

/// The alert's layout decisions as pure functions.
package enum AlertLayout {
    /// Exactly two non-text actions sit side by side — unless the text size is an
    /// accessibility size or a title does not fit its half; everything else stacks.
    package static func actionAxis(
        for actions: [AlertAction], cardWidth: Double, theme: AlertTheme, buttonTheme: ButtonTheme,
        measurer: some TextMeasuring
    ) -> AlertActionAxis {
        guard actions.count == 2, actions.allSatisfy({ $0.appearance != .text }) else { return .vertical }
        guard !buttonTheme.resolver.traits.contentSizeCategory.isAccessibilityCategory else {
            return .vertical
        }
        let inner = cardWidth - theme.contentInsets.horizontal
        let half = (inner - theme.actionHorizontalSpacing) / 2
        for action in actions {
            let appearance = ButtonAppearance(
                theme: buttonTheme, style: action.buttonStyle, size: action.buttonSize, state: [])
            let room = half - appearance.contentInsets.horizontal
            if measurer.singleLineWidth(of: action.title, font: appearance.titleFont).rounded(.up)
                > room.rounded(.down)
            {
                return .vertical
            }
        }
        return .horizontal
    }

    /// The alignment of a title or message: centred if adaptive text fits one line of the
    /// available width (`ceil(width) ≤ floor(available)`), natural otherwise. Text with any
    /// line break (`Character.isNewline`: LF, CR-LF, CR, NEL, LS, PS…) is more than one line
    /// and so natural.
    package static func alignment(
        _ alignment: AlertTextAlignment, text: String, font: FontDescriptor, availableWidth: Double,
        measurer: some TextMeasuring
    ) -> ResolvedTextAlignment {
        switch alignment {
        case .center: return .center
        case .leading: return .natural
        case .adaptive:
            guard !text.contains(where: \.isNewline) else { return .natural }
            let width = measurer.singleLineWidth(of: text, font: font)
            return width.rounded(.up) <= availableWidth.rounded(.down) ? .center : .natural
        }
    }

    /// The card width: `min(maximum, container − safe areas − 2 × screen inset)`.
    package static func cardWidth(container: Size, safeArea: Edges<Double>, theme: AlertTheme) -> Double {
        max(
            0,
            min(
                theme.maximumWidth,
                container.width - safeArea.left - safeArea.right - 2 * theme.screenHorizontalInset))
    }

    /// The card frame for content of `contentHeight` (without the card's insets). The card
    /// is `min(content + insets, available)` tall and scrolls when clamped. Without a
    /// keyboard it is centred in the safe area; with a docked keyboard (`keyboardOverlap`;
    /// floating keyboards count as 0) the free space above the keyboard is split by the
    /// theme's ratio, ¾ above and ¼ below.
    ///
    /// With a `customContent` slot, `contentHeight` is everything but the custom content
    /// (including the spacing around its slot) and `customContentFittingHeight` the
    /// content's own height at ``contentWidth(cardWidth:theme:)``; the content is clamped by
    /// ``customContentLayout(_:fittingHeight:otherContentHeight:availableCardHeight:cardWidth:theme:)``
    /// first, so it shrinks and scrolls (keyboard shown, actions stacked, larger text)
    /// before the card does.
    package static func cardFrame(
        contentHeight: Double, customContent: AlertCustomContent? = nil,
        customContentFittingHeight: Double = 0, container: Size, safeArea: Edges<Double>,
        keyboardOverlap: Double = 0, theme: AlertTheme
    ) -> AlertCardFrame {
        let width = cardWidth(container: container, safeArea: safeArea, theme: theme)
        let overlap = keyboardOverlap.isFinite ? max(0, keyboardOverlap) : 0
        let top = safeArea.top + theme.screenVerticalInset
        let available = availableCardHeight(
            container: container, safeArea: safeArea, keyboardOverlap: overlap, theme: theme)
        let other = sanitized(contentHeight)
        let custom = customContent.map {
            customContentLayout(
                $0, fittingHeight: customContentFittingHeight, otherContentHeight: other,
                availableCardHeight: available, cardWidth: width, theme: theme)
        }
        let content = other + (custom?.height ?? 0)
        let natural = content + theme.contentInsets.vertical
        let height = min(natural, available)
        let free = available - height
        let ratio = overlap > 0 ? theme.keyboardTopFreeSpaceRatio : 0.5
        let x = safeArea.left + (container.width - safeArea.left - safeArea.right - width) / 2
        return AlertCardFrame(
            frame: Rect(x: x, y: top + free * ratio, width: width, height: height),
            scrollsContent: natural > available + 0.5, contentHeight: content, customContent: custom)
    }

    /// The gap between two adjacent sections: title and message directly adjacent with no
    /// illustration have no inner inset between them; otherwise the content spacing.
    package static func spacing(
        between first: AlertFocusTarget, and second: AlertFocusTarget, hasIllustration: Bool,
        theme: AlertTheme
    )
        -> Double
    {
        if first == .title, second == .message, !hasIllustration { return theme.sectionInset }
        return theme.contentSpacing
    }
}
