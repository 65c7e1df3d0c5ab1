import KeelDesign

/// The frames of every element of an inline banner, in the banner's coordinates (physical,
/// after right-to-left mirroring), for a width; the height follows from the content.
///
/// The icon leads the first line, or sits above the text at accessibility sizes; title and
/// message wrap; actions follow on one row from the text's leading edge, or one per row when
/// they do not fit; the close button's 44-point touch area holds the top-trailing corner.
package struct BannerLayout: Hashable, Sendable {
    /// The banner's size.
    package var size: Size
    /// The status icon.
    package var iconFrame: Rect
    /// The title (`nil` without one).
    package var titleFrame: Rect?
    /// The message.
    package var messageFrame: Rect
    /// Each action's touch area (its title centred inside), in order.
    package var actionFrames: [Rect]
    /// Each action's title.
    package var actionTitleFrames: [Rect]
    /// Whether the actions are stacked one per row.
    package var stacksActions: Bool
    /// The close icon (`nil` when not dismissible).
    package var closeIconFrame: Rect?
    /// The close button's touch area (`nil` when not dismissible).
    package var closeTouchFrame: Rect?

    /// Lays out `configuration` in `width` with `appearance`, measuring with `measurer`.
    package init(
        configuration: BannerConfiguration, appearance: BannerAppearance, width: Double,
        measurer: some TextMeasuring
    ) {
        let width = width.isFinite ? max(0, width) : 0
        let p = appearance.padding
        let icon = appearance.iconSize
        let target = appearance.hitTarget.minimumSize
        let closeWidth = configuration.isDismissible ? max(target.width, appearance.closeIconSize) : 0
        let textX = appearance.stacksIcon ? p : p + icon + appearance.iconSpacing
        let textRight = configuration.isDismissible ? width - closeWidth : width - p
        let textWidth = max(0, textRight - textX)
        var y = p
        let titleLine = measurer.lineHeight(of: appearance.titleFont)
        let messageLine = measurer.lineHeight(of: appearance.messageFont)
        let shownTitle = configuration.shownTitle
        let firstLine = shownTitle == nil ? messageLine : titleLine
        var iconRect: Rect
        if appearance.stacksIcon {
            iconRect = Rect(x: p, y: p, width: icon, height: icon)
            y = p + icon + appearance.titleSpacing
        } else {
            iconRect = Rect(x: p, y: p + max(0, (firstLine - icon) / 2), width: icon, height: icon)
        }
        var title: Rect?
        if let text = shownTitle {
            let height = measurer.height(
                of: text, font: appearance.titleFont, width: textWidth, maximumLines: nil)
            title = Rect(x: textX, y: y, width: textWidth, height: height)
            y += height + appearance.titleSpacing
        }
        let messageHeight = measurer.height(
            of: configuration.message, font: appearance.messageFont, width: textWidth, maximumLines: nil)
        var message = Rect(x: textX, y: y, width: textWidth, height: messageHeight)
        y += messageHeight
        // Actions: one row from the text's leading edge when they fit, else one per row.
        let actionLine = measurer.lineHeight(of: appearance.actionFont)
        let actionHeight = max(target.height, actionLine)
        let actionRoom = max(0, width - textX - p)
        let widths = configuration.actions.map { action in
            min(
                actionRoom,
                max(
                    target.width,
                    measurer.singleLineWidth(of: action.title, font: appearance.actionFont) + 2
                        * appearance.actionPadding))
        }
        let rowWidth = widths.reduce(0, +) + appearance.actionSpacing * Double(max(0, widths.count - 1))
        stacksActions = rowWidth > actionRoom
        var actions: [Rect] = []
        var actionTitles: [Rect] = []
        actions.reserveCapacity(widths.count)
        actionTitles.reserveCapacity(widths.count)
        if !widths.isEmpty {
            y += appearance.titleSpacing
            var x = textX
            for (index, actionWidth) in widths.enumerated() {
                if stacksActions, index > 0 {
                    y += actionHeight
                    x = textX
                }
                let frame = Rect(x: x, y: y, width: actionWidth, height: actionHeight)
                actions.append(frame)
                actionTitles.append(
                    Rect(
                        x: x + appearance.actionPadding, y: y + (actionHeight - actionLine) / 2,
                        width: max(0, actionWidth - 2 * appearance.actionPadding), height: actionLine))
                x += actionWidth + appearance.actionSpacing
            }
            // The touch area's own space below the title stands for the bottom padding.
            y += actionHeight + max(0, p - (actionHeight - actionLine) / 2)
        } else {
            y += p
        }
        var closeIcon: Rect?
        var closeTouch: Rect?
        if configuration.isDismissible {
            let touch = Rect(x: width - closeWidth, y: 0, width: closeWidth, height: max(target.height, 0))
            let side = appearance.closeIconSize
            closeTouch = touch
            closeIcon = Rect(
                x: touch.minX + (touch.width - side) / 2, y: touch.minY + (touch.height - side) / 2,
                width: side,
                height: side)
        }
        let height = max(y, p + icon + p, closeTouch?.maxY ?? 0)
        size = Size(width: width, height: height)
        if appearance.layoutDirection == .rightToLeft {
            iconRect = iconRect.mirrored(inWidth: width)
            title = title?.mirrored(inWidth: width)
            message = message.mirrored(inWidth: width)
            actions = actions.map { $0.mirrored(inWidth: width) }
            actionTitles = actionTitles.map { $0.mirrored(inWidth: width) }
            closeIcon = closeIcon?.mirrored(inWidth: width)
            closeTouch = closeTouch?.mirrored(inWidth: width)
        }
        iconFrame = iconRect
        titleFrame = title
        messageFrame = message
        actionFrames = actions
        actionTitleFrames = actionTitles
        closeIconFrame = closeIcon
        closeTouchFrame = closeTouch
    }

    /// The title's frame, or `.zero` without a title.
    package var displayedTitleFrame: Rect { titleFrame ?? .zero }
    /// The close icon's frame, or `.zero` when not dismissible.
    package var displayedCloseIconFrame: Rect { closeIconFrame ?? .zero }
    /// The close button's touch area, or `.zero` when not dismissible.
    package var displayedCloseTouchFrame: Rect { closeTouchFrame ?? .zero }

    /// The touch area of the action at `index`, or `.zero` outside the list.
    package func actionFrame(at index: Int) -> Rect {
        actionFrames.indices.contains(index) ? actionFrames[index] : .zero
    }

    /// The width a front end lays out at when nothing proposes one: a small phone's.
    package static let fallbackWidth = 320.0

    /// The close button's opacity: 1 when the banner is dismissible, else 0.
    package static func closeOpacity(isDismissible: Bool) -> Double { isDismissible ? 1 : 0 }

    /// The width a size proposal gives the banner: the proposal when positive and finite,
    /// otherwise `fallback` (a screen's width).
    package static func width(proposed: Double?, fallback: Double) -> Double {
        if let proposed, proposed.isFinite, proposed > 0, proposed < .greatestFiniteMagnitude {
            return proposed
        }
        return fallback
    }
}
