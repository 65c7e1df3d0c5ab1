import KeelDesign
import KeelLayout

/// One shape of a skeleton placeholder.
package struct SkeletonShape: Hashable, Sendable {
    /// What the shape stands for.
    package enum Kind: Hashable, Sendable {
        /// An avatar (a circle).
        case avatar
        /// An image.
        case image
        /// A line of text.
        case line
    }

    /// What it stands for.
    package var kind: Kind
    /// Its frame in the skeleton's coordinates.
    package var frame: Rect
    /// Its corner radius (half its side for an avatar).
    package var cornerRadius: Double
}

/// The shapes of a skeleton placeholder: a ``SkeletonSpec`` laid out with KeelLayout's flex
/// engine in a width (rows from the leading edge, right to left mirrored), repeated `count`
/// times one below the other (a feed of identical rows is laid out once and offset), each
/// repetition inside the theme's padding.
package struct SkeletonLayout: Hashable, Sendable {
    /// The skeleton's size.
    package var size: Size
    /// Every shape, repetition by repetition, in the spec's order.
    package var shapes: [SkeletonShape]
    /// One repetition's height, padding included.
    package var rowHeight: Double

    /// How deep a spec may nest; deeper parts are left out.
    package static let maximumDepth = 16
    /// The most text lines one `text` part draws.
    package static let maximumLines = 50
    /// The most repetitions laid out.
    package static let maximumCount = 1_000

    /// Lays out `spec` `count` times in `width` with `theme`.
    package init(spec: SkeletonSpec, theme: SkeletonTheme, width: Double, count: Int = 1) {
        let width = width.isFinite ? max(0, width) : 0
        let count = min(max(0, count), Self.maximumCount)
        let padding = theme.padding
        let inner = max(0, width - 2 * padding)
        var parts: [(LayoutNode, SkeletonShape.Kind, Double)] = []
        let root = Self.node(for: spec, theme: theme, depth: 0, parts: &parts)
        let result = root.layout(
            width: .definite(inner), height: .maxContent,
            configuration: LayoutConfiguration(
                direction: theme.resolver.traits.layoutDirection, pointScale: nil))
        let one = parts.map { node, kind, radius in
            SkeletonShape(kind: kind, frame: result.absoluteFrame(of: node) ?? .zero, cornerRadius: radius)
        }
        rowHeight = result.size.height + 2 * padding
        size = Size(width: width, height: rowHeight * Double(count))
        var shapes: [SkeletonShape] = []
        shapes.reserveCapacity(one.count * count)
        for row in 0..<count {
            let dy = rowHeight * Double(row) + padding
            for shape in one {
                var placed = shape
                placed.frame = shape.frame.offsetBy(dx: padding, dy: dy)
                shapes.append(placed)
            }
        }
        self.shapes = shapes
    }

    /// The width a size proposal gives a skeleton: the proposal when positive and finite,
    /// otherwise `fallback` (a phone's width).
    package static func width(proposed: Double?, fallback: Double = 375) -> Double {
        if let proposed, proposed.isFinite, proposed > 0, proposed < .greatestFiniteMagnitude {
            return proposed
        }
        return fallback
    }

    private static func node(
        for spec: SkeletonSpec, theme: SkeletonTheme, depth: Int,
        parts: inout [(LayoutNode, SkeletonShape.Kind, Double)]
    ) -> LayoutNode {
        var style = LayoutStyle()
        style.flexShrink = 0
        switch spec {
        case .avatar:
            style.width = .points(theme.avatarDiameter)
            style.height = .points(theme.avatarDiameter)
            let node = LayoutNode(style)
            parts.append((node, .avatar, theme.avatarDiameter / 2))
            return node
        case .image(let ratio):
            style.width = .percent(100)
            style.aspectRatio = ratio.isFinite && ratio > 0 ? ratio : 1
            let node = LayoutNode(style)
            parts.append((node, .image, theme.imageCornerRadius))
            return node
        case .text(let lines):
            style.flexDirection = .column
            style.alignItems = .flexStart
            style.rowGap = .points(theme.lineSpacing)
            style.flexGrow = 1
            style.flexShrink = 1
            style.flexBasis = .points(0)
            style.minimumWidth = .points(0)
            let count = min(max(0, lines), maximumLines)
            let children = (0..<count).map { index -> LayoutNode in
                var line = LayoutStyle()
                line.height = .points(theme.lineHeight)
                line.width = .percent(index == count - 1 && count > 1 ? 100 * theme.lastLineFraction : 100)
                let node = LayoutNode(line)
                parts.append((node, .line, theme.cornerRadius))
                return node
            }
            return LayoutNode(style, children: children)
        case .row(let specs), .column(let specs):
            let isRow = { if case .row = spec { return true } else { return false } }()
            style.flexDirection = isRow ? .row : .column
            style.alignItems = isRow ? .flexStart : .stretch
            style.columnGap = .points(theme.gap)
            style.rowGap = .points(theme.gap)
            style.flexGrow = 1
            style.flexShrink = 1
            style.flexBasis = isRow ? .auto : .points(0)
            style.minimumWidth = .points(0)
            guard depth < maximumDepth else { return LayoutNode(style) }
            let children = specs.map { node(for: $0, theme: theme, depth: depth + 1, parts: &parts) }
            return LayoutNode(style, children: children)
        }
    }
}
