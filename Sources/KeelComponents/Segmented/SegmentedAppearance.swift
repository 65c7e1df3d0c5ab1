import KeelDesign

/// Everything a segmented control's front end draws, resolved from the theme, the style and
/// the width mode.
package struct SegmentedAppearance: Sendable {
    /// The style.
    package var style: SegmentedStyle
    /// How wide segments are.
    package var widthMode: SegmentWidth
    /// The title font (Dynamic Type applied, capped).
    package var titleFont: FontDescriptor
    /// The control's height: the style's, grown with Dynamic Type and never shorter than the
    /// title's line plus the vertical padding.
    package var height: Double
    /// The space either side of a segment's content.
    package var horizontalPadding: Double
    /// How far the thumb sits inside its segment (segmented style).
    package var thumbInset: Double
    /// The track's corner radius (segmented style).
    package var cornerRadius: Double
    /// The underline's thickness (tabs).
    package var indicatorHeight: Double
    /// The thumb's border width (segmented style).
    package var thumbBorderWidth: Double
    /// The divider's thickness (tabs).
    package var dividerWidth: Double
    /// The gap between a title and its badge.
    package var badgeSpacing: Double
    /// How much of the next segment shows past the one scrolled into view.
    package var scrollMargin: Double
    /// Each segment's touch target.
    package var hitTarget: HitTarget
    /// How far each segment's touch area reaches past the track, above and below (so that it
    /// is the touch target's height in all): where a front end must leave room for it.
    package var touchInset: Double { max(0, hitTarget.minimumSize.height - height) / 2 }
    /// The track's height with ``touchInset`` above and below: the room the segments' touch
    /// areas need.
    package var touchAreaHeight: Double { height + 2 * touchInset }
    /// ``touchInset`` as a (negative) outset: the padding that keeps a front end's footprint at
    /// the track's height while its touch areas reach past it.
    package var touchOutset: Double { -touchInset }
    /// The colours.
    package var colors: SegmentedColors
    /// How the indicator moves to a new selection (a jump or a cross-fade under Reduce Motion,
    /// as the motion token says).
    package var motion: ResolvedMotion
    /// The layout direction it was resolved for.
    package var layoutDirection: TextDirection
    /// The badges' theme.
    let badgeTheme: BadgeTheme

    /// Resolves a segmented control of `style`.
    package init(theme: SegmentedTheme, style: SegmentedStyle, widthMode: SegmentWidth) {
        let font = theme.font.descriptor
        let line = font.lineHeight ?? font.size * 1.2
        let base = style == .segmented ? theme.segmentedHeight : theme.tabsHeight
        self.style = style
        self.widthMode = widthMode
        titleFont = font
        height = max(base * theme.font.scale, line + 2 * theme.verticalPadding)
        horizontalPadding = theme.horizontalPadding
        thumbInset = theme.thumbInset
        cornerRadius = theme.cornerRadius
        indicatorHeight = theme.indicatorHeight
        thumbBorderWidth = theme.thumbBorderWidth
        dividerWidth = theme.dividerWidth
        badgeSpacing = theme.badgeSpacing
        scrollMargin = theme.scrollMargin
        hitTarget = theme.hitTarget
        colors = theme.colors
        motion = theme.motion
        layoutDirection = theme.resolver.traits.layoutDirection
        badgeTheme = theme.badgeTheme
    }

    /// The appearance of a segment's badge.
    package func badgeAppearance(_ content: BadgeContent) -> BadgeAppearance {
        BadgeAppearance(theme: badgeTheme, content: content)
    }

    /// A title's colour: disabled, selected or normal.
    package func titleColor(isSelected: Bool, isEnabled: Bool) -> ColorValue {
        guard isEnabled else { return colors.titleDisabled }
        return isSelected ? colors.titleSelected : colors.titleNormal
    }

    /// The title colour of the segment at `index` of `items` with `selectedIndex` selected.
    package func titleColor(of items: [SegmentItem], at index: Int, selectedIndex: Int) -> ColorValue {
        titleColor(
            isSelected: index == selectedIndex,
            isEnabled: items.indices.contains(index) && items[index].isEnabled)
    }

    /// What assistive technology is told about the segment at `index` of `items` with
    /// `selectedIndex` selected (an unlabelled button outside the list).
    package func accessibility(
        of items: [SegmentItem], at index: Int, selectedIndex: Int, strings: AccessibilityStrings
    ) -> AccessibilityDescription {
        guard items.indices.contains(index) else {
            return AccessibilityDescription(role: .button, label: nil, value: nil)
        }
        return accessibility(
            item: items[index], index: index, count: items.count, isSelected: index == selectedIndex,
            strings: strings)
    }

    /// The track's fill: the track colour for the segmented style, the divider's for tabs.
    package var trackColor: ColorValue { style == .segmented ? colors.track : colors.divider }
    /// The indicator's fill: the thumb for the segmented style, the underline for tabs.
    package var indicatorColor: ColorValue { style == .segmented ? colors.thumb : colors.indicator }
    /// The indicator's border colour (the thumb's; clear for tabs).
    package var indicatorBorderColor: ColorValue { style == .segmented ? colors.thumbBorder : .clear }
    /// The indicator's border width (the thumb's; 0 for tabs).
    package var indicatorBorderWidth: Double { style == .segmented ? thumbBorderWidth : 0 }
    /// The indicator's corner radius: the track's less the inset, or half the underline.
    package var indicatorCornerRadius: Double {
        style == .segmented ? max(0, cornerRadius - thumbInset) : indicatorHeight / 2
    }
    /// The track's corner radius (0 for tabs' divider).
    package var trackCornerRadius: Double { style == .segmented ? cornerRadius : 0 }

    /// The same appearance laid out left to right, for a front end (SwiftUI) that mirrors a
    /// container's placements itself in right-to-left layouts.
    package var leftToRight: SegmentedAppearance {
        var copy = self
        copy.layoutDirection = .leftToRight
        return copy
    }

    /// What assistive technology is told about the segment at `index` of `count`: a button
    /// labelled with its title (and its badge's words), valued "2 of 4", selected or not,
    /// not enabled when disabled. Every segment is also adjustable: swiping up or down moves
    /// the selection (``SegmentedSelection``'s `adjust` events).
    package func accessibility(
        item: SegmentItem, index: Int, count: Int, isSelected: Bool, strings: AccessibilityStrings
    ) -> AccessibilityDescription {
        var traits: AccessibilityTraitSet = []
        if isSelected { traits.insert(.selected) }
        if !item.isEnabled { traits.insert(.notEnabled) }
        var label = item.title
        if let badge = item.badge, let spoken = badgeAppearance(badge).spokenText(strings: strings) {
            label += ", \(spoken)"
        }
        return AccessibilityDescription(
            role: .button, label: label, value: strings.string(.segmentPosition, index + 1, count),
            traits: traits)
    }
}
