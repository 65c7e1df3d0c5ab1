import KeelDesign

/// The parts of a snackbar a layout places.
package enum SnackbarPart: String, CaseIterable, Hashable, Sendable {
    /// The icon.
    case icon
    /// The message.
    case message
    /// The action's touch area.
    case action
}

/// The frames of every element of a snackbar in its own coordinates (physical, after
/// right-to-left mirroring), for a width; the height follows from the content.
///
/// The icon leads the message's first line; the action sits at the trailing end beside the
/// message while the message keeps at least half the width, else — and always at
/// accessibility text sizes — below it at the trailing edge.
package struct SnackbarLayout: Hashable, Sendable {
    /// The snackbar's size.
    package var size: Size
    /// The icon (`nil` without one).
    package var iconFrame: Rect?
    /// The message.
    package var messageFrame: Rect
    /// The action's touch area (`nil` without an action).
    package var actionFrame: Rect?
    /// The action's title.
    package var actionTitleFrame: Rect?
    /// Whether the action sits below the message.
    package var stacksAction: Bool

    /// Lays out `configuration` in `width`.
    package init(
        configuration: SnackbarConfiguration, appearance: SnackbarAppearance, width: Double,
        measurer: some TextMeasuring
    ) {
        let width = width.isFinite ? max(0, width) : 0
        let padding = appearance.horizontalPadding
        let vertical = appearance.verticalPadding
        let icon = appearance.iconSize
        let target = appearance.hitTarget.minimumSize
        let textX = configuration.icon == nil ? padding : padding + icon + appearance.iconSpacing
        let textRight = width - padding
        let line = measurer.lineHeight(of: appearance.messageFont)
        let actionLine = measurer.lineHeight(of: appearance.actionFont)
        let actionHeight = max(target.height, actionLine)
        var actionWidth = 0.0
        if let action = configuration.action {
            let natural = measurer.singleLineWidth(of: action.title, font: appearance.actionFont)
            actionWidth = min(
                max(0, width - 2 * padding), max(target.width, natural + 2 * appearance.actionPadding))
        }
        let fullRoom = max(0, textRight - textX)
        let besideRoom = max(0, fullRoom - actionWidth - appearance.actionSpacing)
        let stacks = configuration.action != nil && (appearance.stacksAction || besideRoom < fullRoom / 2)
        let messageWidth = configuration.action == nil || stacks ? fullRoom : besideRoom
        let messageHeight = max(
            line,
            measurer.height(
                of: configuration.message, font: appearance.messageFont, width: messageWidth,
                maximumLines: nil))
        var height: Double
        var message: Rect
        var action: Rect?
        // The action's touch area reaches past its title by the action padding; its title
        // ends at the trailing padding.
        let actionX = width - padding + appearance.actionPadding - actionWidth
        if configuration.action != nil, stacks {
            message = Rect(x: textX, y: vertical, width: messageWidth, height: messageHeight)
            let actionY = vertical + messageHeight + appearance.actionSpacing
            action = Rect(x: actionX, y: actionY, width: actionWidth, height: actionHeight)
            // The touch area's own space below the title stands for the bottom padding.
            height = actionY + actionHeight + max(0, vertical - (actionHeight - actionLine) / 2)
        } else {
            height = max(messageHeight + 2 * vertical, configuration.action == nil ? 0 : actionHeight)
            message = Rect(
                x: textX, y: (height - messageHeight) / 2, width: messageWidth, height: messageHeight)
            if configuration.action != nil {
                action = Rect(
                    x: actionX, y: (height - actionHeight) / 2, width: actionWidth, height: actionHeight)
            }
        }
        var iconRect =
            configuration.icon == nil
            ? nil : Rect(x: padding, y: message.minY + (line - icon) / 2, width: icon, height: icon)
        var title = action.map {
            Rect(
                x: $0.minX + appearance.actionPadding, y: $0.minY + ($0.height - actionLine) / 2,
                width: max(0, $0.width - 2 * appearance.actionPadding), height: actionLine)
        }
        if appearance.layoutDirection == .rightToLeft {
            iconRect = iconRect?.mirrored(inWidth: width)
            message = message.mirrored(inWidth: width)
            action = action?.mirrored(inWidth: width)
            title = title?.mirrored(inWidth: width)
        }
        size = Size(width: width, height: height)
        iconFrame = iconRect
        messageFrame = message
        actionFrame = action
        actionTitleFrame = title
        stacksAction = stacks
    }

    /// The frame of `part`, or `nil` when it is not shown.
    package func frame(of part: SnackbarPart) -> Rect? {
        switch part {
        case .icon: iconFrame
        case .message: messageFrame
        case .action: actionFrame
        }
    }

    /// The frame of `part`, or `.zero` when it is not shown (what a front end assigns).
    package func placedFrame(of part: SnackbarPart) -> Rect { frame(of: part) ?? .zero }
}

/// Where a snackbar goes in its container: centred in the safe area, at most the theme's
/// maximum width, its bottom a margin above the safe area's bottom or — when the keyboard
/// covers more — above the keyboard.
package struct SnackbarPlacement: Hashable, Sendable {
    /// The snackbar's width for the container.
    package var width: Double
    /// The container's size.
    package var container: Size
    /// The container's safe-area insets.
    package var safeArea: Edges<Double>
    /// The keyboard's frame in the container's coordinates (`nil` when hidden).
    package var keyboardFrame: Rect?
    /// The margin.
    package var margin: Double

    /// A placement in `container` with `safeArea` and the keyboard at `keyboardFrame`.
    package init(
        container: Size, safeArea: Edges<Double>, keyboardFrame: Rect?, appearance: SnackbarAppearance
    ) {
        func sane(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }
        self.container = Size(width: sane(container.width), height: sane(container.height))
        self.safeArea = Edges(
            top: sane(safeArea.top), left: sane(safeArea.left), bottom: sane(safeArea.bottom),
            right: sane(safeArea.right))
        self.keyboardFrame = keyboardFrame
        margin = appearance.margin
        let available = self.container.width - self.safeArea.left - self.safeArea.right - 2 * margin
        width = max(0, min(appearance.maximumWidth, available))
    }

    /// The lowest the snackbar's bottom may be: the safe area's bottom, or the keyboard's top
    /// when that is higher (a keyboard that is off screen or not finite is ignored).
    package var bottomLimit: Double {
        let safeBottom = container.height - safeArea.bottom
        guard let keyboard = keyboardFrame, keyboard.height > 0, keyboard.minY.isFinite,
            keyboard.minY < container.height
        else { return safeBottom }
        return min(safeBottom, keyboard.minY)
    }

    /// The snackbar's frame for its laid-out height: centred in the safe area, a margin
    /// above ``bottomLimit``, never above the safe area's top.
    package func frame(height: Double) -> Rect {
        let height = height.isFinite ? max(0, height) : 0
        let available: Double = container.width - safeArea.left - safeArea.right - 2 * margin
        let x: Double = safeArea.left + margin + max(0, (available - width) / 2)
        let y = max(safeArea.top, bottomLimit - margin - height)
        return Rect(x: x, y: y, width: width, height: height)
    }
}
