/// A vertical stack (TangramKit's vertical linear layout): a column with `spacing` as the gap.
///
/// Maps to `flexDirection: column`, `rowGap: spacing`, `alignItems: alignment`,
/// `justifyContent: distribution`.
public struct VerticalStack: LayoutComponent {
    /// The description of the subtree.
    public let spec: LayoutSpec

    /// A column of `content`.
    public init(
        spacing: Double = 0, alignment: AlignItems = .stretch, distribution: JustifyContent = .flexStart,
        @LayoutBuilder _ content: () -> [LayoutSpec]
    ) {
        var style = LayoutStyle()
        style.flexDirection = .column
        style.rowGap = .points(spacing)
        style.alignItems = alignment
        style.justifyContent = distribution
        spec = LayoutSpec(style: style, children: content())
    }
}

/// A horizontal stack (TangramKit's horizontal linear layout): a row with `spacing` as the gap.
///
/// Maps to `flexDirection: row`, `columnGap: spacing`, `alignItems: alignment`,
/// `justifyContent: distribution`.
public struct HorizontalStack: LayoutComponent {
    /// The description of the subtree.
    public let spec: LayoutSpec

    /// A row of `content`.
    public init(
        spacing: Double = 0, alignment: AlignItems = .stretch, distribution: JustifyContent = .flexStart,
        @LayoutBuilder _ content: () -> [LayoutSpec]
    ) {
        var style = LayoutStyle()
        style.flexDirection = .row
        style.columnGap = .points(spacing)
        style.alignItems = alignment
        style.justifyContent = distribution
        spec = LayoutSpec(style: style, children: content())
    }
}

/// Overlapping children (TangramKit's frame layout, SwiftUI's `OverlayStack`).
///
/// Maps to a container with `justifyContent` and `alignItems` set from the alignment; the
/// first child is in flow and gives the stack its content size, every later child is
/// `position: absolute` without insets, so it is placed at the same alignment on top.
public struct OverlayStack: LayoutComponent {
    /// The description of the subtree.
    public let spec: LayoutSpec

    /// `content` stacked, each aligned by `horizontal` and `vertical`.
    public init(
        horizontal: JustifyContent = .center, vertical: AlignItems = .center,
        @LayoutBuilder _ content: () -> [LayoutSpec]
    ) {
        var style = LayoutStyle()
        style.flexDirection = .row
        style.justifyContent = horizontal
        style.alignItems = vertical
        var children = content()
        for index in children.indices.dropFirst() { children[index].style.position = .absolute }
        spec = LayoutSpec(style: style, children: children)
    }
}

/// Children in rows that wrap (TangramKit's size-based flow layout).
///
/// Maps to `flexDirection: row`, `flexWrap: wrap`, `columnGap: spacing`,
/// `rowGap: lineSpacing`, `alignContent: flexStart`, `alignItems: alignment`.
public struct Flow: LayoutComponent {
    /// The description of the subtree.
    public let spec: LayoutSpec

    /// Wrapping rows of `content`.
    public init(
        spacing: Double = 0, lineSpacing: Double = 0, alignment: AlignItems = .flexStart,
        @LayoutBuilder _ content: () -> [LayoutSpec]
    ) {
        var style = LayoutStyle()
        style.flexDirection = .row
        style.flexWrap = .wrap
        style.columnGap = .points(spacing)
        style.rowGap = .points(lineSpacing)
        style.alignContent = .flexStart
        style.alignItems = alignment
        spec = LayoutSpec(style: style, children: content())
    }
}

/// Flexible empty space along the parent's main axis.
///
/// Maps to `flexGrow: 1`, `flexShrink: 1`, `flexBasis: 0` and a minimum of `minimumLength` in both
/// axes (only the main one matters in a stack).
public struct FlexibleSpace: LayoutComponent {
    /// The description of the subtree.
    public let spec: LayoutSpec

    /// A spacer at least `minimumLength` long.
    public init(minimumLength: Double = 0) {
        var style = LayoutStyle()
        style.flexGrow = 1
        style.flexShrink = 1
        style.flexBasis = .points(0)
        style.minimumWidth = .points(minimumLength)
        style.minimumHeight = .points(minimumLength)
        spec = LayoutSpec(style: style, name: "Spacer")
    }
}

/// A child with padding around it.
///
/// Maps to a `column` container with `padding: insets` and the content stretched inside.
public struct Inset: LayoutComponent {
    /// The description of the subtree.
    public let spec: LayoutSpec

    /// `content` inset by `insets`.
    public init(_ insets: Edges<Length>, @LayoutBuilder _ content: () -> [LayoutSpec]) {
        var style = LayoutStyle()
        style.flexDirection = .column
        style.padding = insets
        spec = LayoutSpec(style: style, children: content())
    }

    /// `content` inset by `amount` on every edge.
    public init(_ amount: Double, @LayoutBuilder _ content: () -> [LayoutSpec]) {
        self.init(Edges(all: .points(amount)), content)
    }
}

/// A leaf: fixed size, content measured by a measure function, or both.
public struct Leaf: LayoutComponent {
    /// The description of the subtree.
    public let spec: LayoutSpec

    /// A leaf of a fixed size (either may be omitted for `auto`).
    public init(width: Double? = nil, height: Double? = nil, name: String? = nil) {
        var style = LayoutStyle()
        if let width { style.width = .points(width) }
        if let height { style.height = .points(height) }
        spec = LayoutSpec(style: style, name: name)
    }

    /// A leaf sized by `measure` (text, images), with an optional debug text.
    public init(name: String? = nil, text: String? = nil, measure: MeasureFunction) {
        spec = LayoutSpec(measure: measure, name: name, text: text)
    }
}
