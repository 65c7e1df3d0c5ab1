import KeelDesign

/// The frames of a chip's parts in the chip's coordinates (physical, after right-to-left
/// mirroring): the checkmark leads, the remove button trails.
package struct ChipLayout: Hashable, Sendable {
    /// The checkmark's frame (selected filter chips).
    package var checkmarkFrame: Rect?
    /// The title's frame.
    package var titleFrame: Rect
    /// The remove icon's frame (input chips).
    package var removeButtonFrame: Rect?
    /// The area whose touches remove the chip: the trailing end from midway through the gap
    /// before the icon, grown to the touch target's height (`nil` without a remove button).
    package var removeTouchFrame: Rect?
    /// Whether the title did not fit and is truncated at its tail.
    package var titleIsTruncated: Bool

    /// Lays out `title` in `bounds` with `appearance`.
    package init(title: String, appearance: ChipAppearance, bounds: Size, measurer: some TextMeasuring) {
        let parts = ChipParts(title: title, appearance: appearance, measurer: measurer)
        let height = bounds.height
        let icon = appearance.iconSize
        var x = appearance.horizontalPadding
        var check: Rect?
        if appearance.showsCheckmark {
            check = Rect(x: x, y: (height - icon) / 2, width: icon, height: icon)
            x += icon + appearance.iconSpacing
        }
        let trailingReserve =
            appearance.horizontalPadding + (appearance.showsRemoveButton ? icon + appearance.iconSpacing : 0)
        let room = max(0, bounds.width - x - trailingReserve)
        let titleWidth = min(parts.titleWidth, room)
        var title = Rect(
            x: x, y: (height - parts.lineHeight) / 2, width: titleWidth, height: parts.lineHeight)
        var remove: Rect?
        var removeTouch: Rect?
        if appearance.showsRemoveButton {
            let iconX = bounds.width - appearance.horizontalPadding - icon
            let iconFrame = Rect(x: iconX, y: (height - icon) / 2, width: icon, height: icon)
            remove = iconFrame
            let touchX = iconX - appearance.iconSpacing / 2
            let touchHeight = max(height, appearance.hitTarget.minimumSize.height)
            removeTouch = Rect(
                x: touchX, y: (height - touchHeight) / 2, width: max(0, bounds.width - touchX),
                height: touchHeight)
        }
        titleIsTruncated = parts.titleWidth > room
        if appearance.layoutDirection == .rightToLeft {
            check = check?.mirrored(inWidth: bounds.width)
            title = title.mirrored(inWidth: bounds.width)
            remove = remove?.mirrored(inWidth: bounds.width)
            removeTouch = removeTouch?.mirrored(inWidth: bounds.width)
        }
        checkmarkFrame = check
        titleFrame = title
        removeButtonFrame = remove
        removeTouchFrame = removeTouch
    }

    /// The frame of `part`, or `nil` when it is not shown.
    package func frame(of part: ChipPart) -> Rect? {
        switch part {
        case .checkmark: checkmarkFrame
        case .title: titleFrame
        case .removeButton: removeButtonFrame
        }
    }

    /// The frame of `part`, or `.zero` when it is not shown (what a front end assigns).
    package func placedFrame(of part: ChipPart) -> Rect { frame(of: part) ?? .zero }

    /// Where a front end that gives each part its own touch area places `part`: the remove
    /// button over its whole touch area, every other part at its frame (`.zero` when hidden).
    package func placedTouchFrame(of part: ChipPart) -> Rect {
        switch part {
        case .removeButton: removeTouchFrame ?? .zero
        case .checkmark, .title: placedFrame(of: part)
        }
    }

    /// The remove icon's frame inside a touch area of `size` (left to right): half the icon
    /// spacing from its leading edge, centred vertically.
    package static func removeIconFrame(inTouchArea size: Size, appearance: ChipAppearance) -> Rect {
        let icon = appearance.iconSize
        let x =
            appearance.layoutDirection == .rightToLeft
            ? size.width - appearance.iconSpacing / 2 - icon : appearance.iconSpacing / 2
        return Rect(x: x, y: (size.height - icon) / 2, width: icon, height: icon)
    }

    /// What a touch at `point` hits on a chip of `bounds` (`nil`: outside its target).
    package func touchTarget(at point: Point, bounds: Rect, appearance: ChipAppearance) -> ChipTouchTarget? {
        guard appearance.hitTarget.contains(point, bounds: bounds) else { return nil }
        guard appearance.isInteractive else { return .absorbed }
        if let removeTouchFrame, removeTouchFrame.offsetBy(dx: bounds.minX, dy: bounds.minY).contains(point) {
            return .removeButton
        }
        return .chip
    }

    /// The size a chip wants with `title`: its parts plus padding, at least its height; at
    /// most `maximumWidth` (the title then truncates).
    package static func intrinsicSize(
        title: String, appearance: ChipAppearance, measurer: some TextMeasuring, maximumWidth: Double? = nil
    ) -> Size {
        let parts = ChipParts(title: title, appearance: appearance, measurer: measurer)
        var width = 2 * appearance.horizontalPadding + parts.titleWidth
        if appearance.showsCheckmark { width += appearance.iconSize + appearance.iconSpacing }
        if appearance.showsRemoveButton { width += appearance.iconSize + appearance.iconSpacing }
        if let maximumWidth, maximumWidth.isFinite, maximumWidth > 0 { width = min(width, maximumWidth) }
        return Size(width: width, height: appearance.height)
    }
}

/// The measured parts of a chip, shared by layout and intrinsic size.
struct ChipParts {
    let titleWidth: Double
    let lineHeight: Double

    init(title: String, appearance: ChipAppearance, measurer: some TextMeasuring) {
        titleWidth = title.isEmpty ? 0 : measurer.singleLineWidth(of: title, font: appearance.titleFont)
        lineHeight = measurer.lineHeight(of: appearance.titleFont)
    }
}
