import KeelDesign
import KeelLayout

/// Where the chips of a group go: a row that wraps (KeelLayout's flex wrap), chips in
/// reading order from the leading edge, each no wider than the group.
package struct ChipGroupLayout: Hashable, Sendable {
    /// Each chip's frame in the group's coordinates, in the order given.
    package var chipFrames: [Rect]
    /// The group's size: the width given, the height its rows take.
    package var size: Size
    /// The space between chips on a row.
    package var columnGap: Double
    /// The space between rows: the theme's gap, grown so neighbouring rows' touch targets
    /// do not overlap.
    package var rowGap: Double

    /// Lays out chips of `sizes` (each chip's intrinsic size) in `width`.
    package init(sizes: [Size], width: Double, theme: ChipTheme, direction: TextDirection) {
        let width = width.isFinite ? max(0, width) : 0
        let chipHeight = sizes.map(\.height).max() ?? 0
        columnGap = theme.gap
        rowGap = max(theme.gap, theme.hitTarget.minimumSize.height - chipHeight)
        var style = LayoutStyle()
        style.flexDirection = .row
        style.flexWrap = .wrap
        style.alignItems = .flexStart
        style.alignContent = .flexStart
        style.columnGap = .points(columnGap)
        style.rowGap = .points(rowGap)
        let children = sizes.map { size -> LayoutNode in
            var child = LayoutStyle()
            child.width = .points(min(max(0, size.width), width))
            child.height = .points(max(0, size.height))
            child.flexShrink = 0
            return LayoutNode(child)
        }
        let root = LayoutNode(style, children: children)
        let result = root.layout(
            width: .definite(width), height: .maxContent,
            configuration: LayoutConfiguration(direction: direction, pointScale: nil))
        chipFrames = children.map { result.frame(of: $0) ?? .zero }
        size = Size(width: width, height: sizes.isEmpty ? 0 : result.size.height)
    }

    /// The width a size proposal gives the group: the proposal when it is positive and
    /// finite, otherwise one row of every chip (what "unconstrained" asks for).
    package static func width(proposed: Double?, sizes: [Size], theme: ChipTheme) -> Double {
        if let proposed, proposed.isFinite, proposed > 0, proposed < .greatestFiniteMagnitude {
            return proposed
        }
        let widths = sizes.map { max(0, $0.width) }.reduce(0, +)
        return widths + theme.gap * Double(max(0, sizes.count - 1))
    }

    /// Lays out chips with `titles` for one kind and their states.
    package init(
        titles: [String], kind: ChipKind, states: [ChipState], width: Double, theme: ChipTheme,
        measurer: some TextMeasuring
    ) {
        let sizes = titles.indices.map { index in
            ChipLayout.intrinsicSize(
                title: titles[index],
                appearance: ChipAppearance(
                    theme: theme, kind: kind, state: index < states.count ? states[index] : .normal),
                measurer: measurer, maximumWidth: width)
        }
        self.init(sizes: sizes, width: width, theme: theme, direction: theme.resolver.traits.layoutDirection)
    }
}
