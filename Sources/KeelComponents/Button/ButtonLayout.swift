import KeelDesign

/// The frames of a button's content, in the button's coordinates (physical, after
/// right-to-left mirroring).
package struct ButtonLayout: Hashable, Sendable {
    /// The title's frame, if a title is shown.
    package var titleFrame: Rect?
    /// The icon's (or activity indicator's) frame, if shown.
    package var iconFrame: Rect?
    /// Whether the icon is drawn mirrored (directional icon, right-to-left layout).
    package var iconIsMirrored: Bool
    /// The title's line limit: 1, a maximum, or 0 for no limit (UIKit's convention).
    package var titleNumberOfLines: Int
    /// Whether the title did not fit and is truncated.
    package var titleIsTruncated: Bool
    /// The insets used.
    package var contentInsets: DirectionalInsets
    /// The focus ring around the bounds, when the appearance has one (focused).
    package var focusRing: ButtonFocusRing?

    /// Lays out `content` in `bounds` with `appearance`, measuring the title with `measurer`.
    package init(
        content: ButtonContent, appearance: ButtonAppearance, bounds: Size, measurer: some TextMeasuring
    ) {
        let parts = ButtonContentMetrics(content: content, appearance: appearance, measurer: measurer)
        let insets = parts.insets
        let available = Size(
            width: max(0, bounds.width - insets.horizontal), height: max(0, bounds.height - insets.vertical))
        var titleSize = parts.titleSize
        var truncated = false
        let iconSide = parts.iconSide
        let hasIcon = iconSide > 0
        let gap = hasIcon && parts.hasTitle ? parts.spacing : 0
        let stacked = parts.placement.isStacked && parts.hasTitle && hasIcon
        // The width the title may use.
        let titleRoom = stacked ? available.width : max(0, available.width - iconSide - gap)
        if parts.hasTitle {
            if content.horizontalAlignment == .fill { titleSize.width = titleRoom }
            if parts.naturalTitleWidth > titleRoom {
                if parts.wraps {
                    titleSize = Size(
                        width: titleRoom,
                        height: measurer.height(
                            of: content.title ?? "", font: appearance.titleFont, width: titleRoom,
                            maximumLines: parts.maximumLines))
                    truncated =
                        parts.maximumLines != nil
                        && measurer.height(
                            of: content.title ?? "", font: appearance.titleFont, width: titleRoom,
                            maximumLines: nil)
                            > titleSize.height
                } else {
                    titleSize.width = titleRoom
                    truncated = true
                }
            }
        }
        // The content group's size.
        var group: Size
        if stacked {
            group = Size(width: max(titleSize.width, iconSide), height: titleSize.height + gap + iconSide)
        } else {
            group = Size(width: titleSize.width + gap + iconSide, height: max(titleSize.height, iconSide))
        }
        if content.horizontalAlignment == .fill { group.width = available.width }
        if content.verticalAlignment == .fill { group.height = available.height }
        let originX: Double =
            switch content.horizontalAlignment {
            case .leading, .fill: insets.leading
            case .trailing: bounds.width - insets.trailing - group.width
            case .center: insets.leading + (available.width - group.width) / 2
            }
        let originY: Double =
            switch content.verticalAlignment {
            case .top, .fill: insets.top
            case .bottom: bounds.height - insets.bottom - group.height
            case .center: insets.top + (available.height - group.height) / 2
            }
        // Frames in leading-to-trailing coordinates.
        var title: Rect?
        var icon: Rect?
        let iconSize = Size(width: iconSide, height: iconSide)
        if stacked {
            let iconX = originX + (group.width - iconSide) / 2
            let titleX = originX + (group.width - titleSize.width) / 2
            let iconOnTop = parts.placement == .top
            let iconY = iconOnTop ? originY : originY + group.height - iconSide
            let titleY = iconOnTop ? iconY + iconSide + gap : originY
            icon = Rect(origin: Point(x: iconX, y: iconY), size: iconSize)
            title = Rect(x: titleX, y: titleY, width: titleSize.width, height: titleSize.height)
        } else {
            let iconLeads = parts.placement != .trailing
            let titleWidth =
                content.horizontalAlignment == .fill ? max(0, group.width - iconSide - gap) : titleSize.width
            let iconX = iconLeads ? originX : originX + titleWidth + gap
            let titleX = iconLeads ? originX + iconSide + gap : originX
            if hasIcon {
                icon = Rect(
                    origin: Point(x: iconX, y: originY + (group.height - iconSide) / 2), size: iconSize)
            }
            if parts.hasTitle {
                title = Rect(
                    x: titleX, y: originY + (group.height - titleSize.height) / 2, width: titleWidth,
                    height: titleSize.height)
            }
        }
        if !parts.hasTitle { title = nil }
        let rtl = appearance.layoutDirection == .rightToLeft
        titleFrame = rtl ? title?.mirrored(inWidth: bounds.width) : title
        iconFrame = rtl ? icon?.mirrored(inWidth: bounds.width) : icon
        iconIsMirrored = rtl && (content.icon?.isDirectional ?? false) && !appearance.showsActivityIndicator
        titleNumberOfLines = parts.wraps ? (parts.maximumLines ?? 0) : 1
        titleIsTruncated = truncated
        contentInsets = insets
        focusRing = appearance.focusRing(bounds: bounds)
    }

    /// The title's frame, or `.zero` when no title shows.
    package var displayedTitleFrame: Rect { titleFrame ?? .zero }
    /// The icon's (or activity indicator's) frame, or `.zero` when neither shows.
    package var displayedIconFrame: Rect { iconFrame ?? .zero }
    /// The focus ring's outer frame, or `.zero` without a ring.
    package var focusRingFrame: Rect { focusRing?.frame ?? .zero }
    /// The focus ring's outer corner radius; 0 without a ring.
    package var focusRingCornerRadius: Double { focusRing?.cornerRadius ?? 0 }
    /// Whether the title label is hidden (no title shows).
    package var titleIsHidden: Bool { titleFrame == nil }
    /// The icon's horizontal scale: -1 when mirrored, else 1.
    package var iconScaleX: Double { iconIsMirrored ? -1 : 1 }
    /// The text the title label shows: `title`, or `nil` when no title shows.
    package func displayedTitle(_ title: String?) -> String? { titleFrame == nil ? nil : title }

    /// The width a `sizeThatFits` proposal constrains the title to: the proposal when it is
    /// positive and finite (UIKit proposes `greatestFiniteMagnitude` for "unconstrained"),
    /// otherwise `nil` (the natural width).
    package static func fittingWidth(proposed width: Double) -> Double? {
        width.isFinite && width > 0 && width < .greatestFiniteMagnitude ? width : nil
    }

    /// The size a front end gives a button offered `width` × `height` (`nil`, infinite or
    /// non-positive: the offer leaves that side open): its intrinsic size at the offered width,
    /// except on a side it fills — both sides of a frame a resolver decided (`fillsFrame`: an
    /// alert's action, as UIKit's front end sets the view's frame), or the width of a
    /// full-width button (`fillsWidth`) — where it takes the offer.
    package static func size(
        content: ButtonContent, appearance: ButtonAppearance, measurer: some TextMeasuring,
        proposedWidth width: Double?, proposedHeight height: Double?, fillsFrame: Bool, fillsWidth: Bool
    ) -> Size {
        let fillsHeight = fillsFrame
        let fillsWidth = fillsFrame || fillsWidth
        let offeredWidth = width.flatMap { fittingWidth(proposed: $0) }
        let offeredHeight = height.flatMap { fittingWidth(proposed: $0) }
        let intrinsic = intrinsicSize(
            content: content, appearance: appearance, measurer: measurer, width: offeredWidth)
        return Size(
            width: fillsWidth ? offeredWidth ?? intrinsic.width : intrinsic.width,
            height: fillsHeight ? offeredHeight ?? intrinsic.height : intrinsic.height)
    }

    /// The size a button wants with `content`: the content plus insets, at least the size's
    /// height. It grows with Dynamic Type; with `width`, a wrapping title is measured at that
    /// width.
    package static func intrinsicSize(
        content: ButtonContent, appearance: ButtonAppearance, measurer: some TextMeasuring,
        width: Double? = nil
    ) -> Size {
        let parts = ButtonContentMetrics(content: content, appearance: appearance, measurer: measurer)
        let insets = parts.insets
        let iconSide = parts.iconSide
        let gap = iconSide > 0 && parts.hasTitle ? parts.spacing : 0
        let stacked = parts.placement.isStacked && parts.hasTitle && iconSide > 0
        var titleSize = parts.titleSize
        if let width, parts.hasTitle, parts.wraps {
            let room = max(0, width - insets.horizontal - (stacked ? 0 : iconSide + gap))
            if titleSize.width > room {
                titleSize = Size(
                    width: room,
                    height: measurer.height(
                        of: content.title ?? "", font: appearance.titleFont, width: room,
                        maximumLines: parts.maximumLines))
            }
        }
        let contentSize =
            stacked
            ? Size(width: max(titleSize.width, iconSide), height: titleSize.height + gap + iconSide)
            : Size(width: titleSize.width + gap + iconSide, height: max(titleSize.height, iconSide))
        return Size(
            width: contentSize.width + insets.horizontal,
            height: max(contentSize.height + insets.vertical, appearance.minimumHeight))
    }
}

/// The measured parts of a button's content, shared by layout and intrinsic size.
struct ButtonContentMetrics {
    /// Where the icon goes: the content's placement while an icon (or the activity
    /// indicator) shows, else leading.
    static func placement(content: ButtonContent, appearance: ButtonAppearance) -> ButtonIconPlacement {
        content.icon != nil || appearance.showsActivityIndicator ? content.iconPlacement : .leading
    }

    /// Whether a title shows: a non-empty one, unless the icon is placed `.only`.
    static func hasTitle(content: ButtonContent, appearance: ButtonAppearance) -> Bool {
        !(content.title ?? "").isEmpty && placement(content: content, appearance: appearance) != .only
    }

    let placement: ButtonIconPlacement
    let hasTitle: Bool
    let iconSide: Double
    let spacing: Double
    let naturalTitleWidth: Double
    let titleSize: Size
    let wraps: Bool
    let maximumLines: Int?
    let insets: DirectionalInsets

    init(content: ButtonContent, appearance: ButtonAppearance, measurer: some TextMeasuring) {
        placement = Self.placement(content: content, appearance: appearance)
        let showsIcon = content.icon != nil || appearance.showsActivityIndicator
        let title = content.title ?? ""
        hasTitle = Self.hasTitle(content: content, appearance: appearance)
        let requested = content.icon?.size.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        iconSide = showsIcon ? (requested ?? appearance.iconSize) : 0
        spacing = appearance.iconSpacing
        let font = appearance.titleFont
        naturalTitleWidth = hasTitle ? measurer.singleLineWidth(of: title, font: font) : 0
        titleSize = Size(width: naturalTitleWidth, height: hasTitle ? measurer.lineHeight(of: font) : 0)
        switch content.titleLines {
        case .single:
            wraps = false
            maximumLines = 1
        case .wrapsAtAccessibilitySizes(let maximum):
            wraps = appearance.contentSizeCategory.isAccessibilityCategory
            maximumLines = wraps ? maximum : 1
        case .wraps(let maximum):
            wraps = true
            maximumLines = maximum
        }
        var insets = appearance.contentInsets
        if placement.isStacked, hasTitle, iconSide > 0 {
            let override = content.stackedPaddingOverride.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
            let padding = override ?? appearance.stackedPadding
            insets.top = padding
            insets.bottom = padding
        }
        self.insets = insets
    }
}

/// A focused button's ring: a gap of one ring width outside the bounds, then the ring — the
/// same geometry for the UIKit layer and the gallery.
package struct ButtonFocusRing: Hashable, Sendable {
    /// The ring's outer edge in the button's coordinates: the bounds grown by twice the ring's
    /// width on every side (how a layer, which draws its border inside its frame, wants it).
    package var frame: Rect
    /// The outer edge's corner radius: the button's plus twice the ring's width.
    package var cornerRadius: Double
    /// The ring's width.
    package var width: Double
    /// The ring's colour.
    package var color: ColorValue

    /// The ring for `ring` (`nil` for none, or a non-finite or non-positive width) around a
    /// button of `bounds` and `cornerRadius`; non-finite or negative sizes count as 0.
    package init?(_ ring: Border?, bounds: Size, cornerRadius: Double) {
        guard let ring, ring.width.isFinite, ring.width > 0 else { return nil }
        let outset = 2 * ring.width
        let width = bounds.width.isFinite ? max(0, bounds.width) : 0
        let height = bounds.height.isFinite ? max(0, bounds.height) : 0
        let radius = cornerRadius.isFinite ? max(0, cornerRadius) : 0
        frame = Rect(x: -outset, y: -outset, width: width + 2 * outset, height: height + 2 * outset)
        self.cornerRadius = radius + outset
        self.width = ring.width
        color = ring.color
    }

    /// The stroke's centre line (for a renderer that centres strokes on the path, as SVG does).
    package var strokeFrame: Rect { frame.insetBy(dx: width / 2, dy: width / 2) }
    /// The centre line's corner radius.
    package var strokeCornerRadius: Double { cornerRadius - width / 2 }
}
