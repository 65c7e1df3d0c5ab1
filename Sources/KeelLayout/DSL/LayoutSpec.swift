/// A declarative, immutable description of a layout subtree: what the DSL containers build.
///
/// Specs are plain `Sendable` values; ``makeNode()`` turns one into a ``LayoutNode`` tree to
/// lay out. Size rules (`.width(.fill)` …) depend on the parent's axis, so they are kept as
/// rules and resolved into flex properties when the parent container builds its children.
public struct LayoutSpec: Sendable, LayoutComponent {
    /// The raw style (size rules are applied on top when the parent builds the node).
    package var style: LayoutStyle
    /// The children.
    public var children: [LayoutSpec]
    /// A measure function for leaves.
    package var measure: MeasureFunction?
    /// A debug name.
    package var name: String?
    /// A debug text (shown in SVG renderings).
    package var text: String?
    /// The width rule, resolved against the parent's axis.
    package var widthRule: SizeRule?
    /// The height rule, resolved against the parent's axis.
    package var heightRule: SizeRule?
    /// Whether the node is drawn (`invisible` nodes keep their space; `gone` ones are removed).
    package var visibility: LayoutVisibility = .visible

    /// A spec from its parts.
    package init(
        style: LayoutStyle = LayoutStyle(), children: [LayoutSpec] = [], measure: MeasureFunction? = nil,
        name: String? = nil, text: String? = nil
    ) {
        self.style = style
        self.children = children
        self.measure = measure
        self.name = name
        self.text = text
    }

    /// The spec itself.
    public var spec: LayoutSpec { self }

    /// The node tree for this spec, as a root.
    public func makeNode() -> LayoutNode {
        makeNode(parent: nil)
    }

    /// This spec's style with its size rules resolved for a child of a node styled `parent`
    /// (`nil` for the root): a flex parent's main and cross axes, a grid area, or — for an
    /// absolutely positioned node — its containing block.
    package func resolvedStyle(parent: LayoutStyle?) -> LayoutStyle {
        var style = self.style
        let context = SizeRule.Context(style: style, parent: parent)
        if let widthRule { SizeRule.apply(widthRule, to: &style, horizontal: true, context: context) }
        if let heightRule { SizeRule.apply(heightRule, to: &style, horizontal: false, context: context) }
        if visibility == .gone { style.display = .none }
        return style
    }

    func makeNode(parent: LayoutStyle?) -> LayoutNode {
        let style = resolvedStyle(parent: parent)
        let node = LayoutNode(
            style, name: name, measure: measure,
            // A `display: contents` node's children are items of its own parent.
            children: children.map { $0.makeNode(parent: style.display == .contents ? parent : style) })
        node.debugText = text
        node.isHidden = visibility != .visible
        return node
    }
}

/// Whether a node is shown (TangramKit's `tg_visibility`).
public enum LayoutVisibility: Sendable, Hashable, CaseIterable {
    /// Laid out and drawn.
    case visible
    /// Laid out but not drawn (keeps its space).
    case invisible
    /// Removed from layout (`display: none`).
    case gone
}

/// A TangramKit-style size rule for one axis.
public enum SizeRule: Sendable, Hashable {
    /// Fill the parent: in a flex parent's main axis grow into free space (`grow 1, basis 0`),
    /// in its cross axis stretch; in a grid, stretch across the area; positioned absolutely
    /// (an ``OverlayStack`` layer), span the containing block (insets `0`, unless set).
    case fill
    /// Fit the content (`auto`); not stretched in a flex parent's cross axis nor across a grid
    /// area (start-aligned there).
    case wrap
    /// A fixed length that does not shrink.
    case fixed(Double)
    /// A percentage (0–100) of the parent's content box.
    case percent(Double)

    /// Where a rule applies: what the node's parent lays it out as.
    enum Context {
        /// A flex item; `parentIsRow` says which axis is the parent's main one.
        case flexItem(parentIsRow: Bool)
        /// A grid item, sized in its area by `justifySelf` and `alignSelf`.
        case gridItem
        /// An absolutely positioned node, sized against its containing block by its insets.
        case absolute

        init(style: LayoutStyle, parent: LayoutStyle?) {
            if style.position == .absolute {
                self = .absolute
            } else if parent?.display == .grid {
                self = .gridItem
            } else {
                self = .flexItem(parentIsRow: parent?.flexDirection.isRow ?? false)
            }
        }
    }

    static func apply(_ rule: SizeRule, to style: inout LayoutStyle, horizontal: Bool, context: Context) {
        switch rule {
        case .fixed(let value):
            if horizontal { style.width = .points(value) } else { style.height = .points(value) }
            if case .flexItem(let parentIsRow) = context, horizontal == parentIsRow { style.flexShrink = 0 }
        case .percent(let value):
            if horizontal { style.width = .percent(value) } else { style.height = .percent(value) }
        case .wrap:
            if horizontal { style.width = .auto } else { style.height = .auto }
            switch context {
            case .flexItem(let parentIsRow):
                if horizontal != parentIsRow, style.alignSelf == nil { style.alignSelf = .flexStart }
            case .gridItem:
                // Not stretched across the area: start-aligned in it.
                if horizontal {
                    if style.grid.justifySelf == nil { style.grid.justifySelf = .start }
                } else if style.alignSelf == nil {
                    style.alignSelf = .start
                }
            case .absolute:
                break
            }
        case .fill:
            if horizontal { style.width = .auto } else { style.height = .auto }
            switch context {
            case .flexItem(let parentIsRow):
                if horizontal == parentIsRow {
                    style.flexGrow = 1
                    style.flexShrink = 1
                    style.flexBasis = .points(0)
                } else {
                    style.alignSelf = .stretch
                }
            case .gridItem:
                if horizontal { style.grid.justifySelf = .stretch } else { style.alignSelf = .stretch }
            case .absolute:
                // Both insets of the axis at the containing block's edges (unless set) stretch
                // an `auto` size: an overlay layer fills the stack.
                if horizontal {
                    if style.inset.left == .auto, style.inset.right == .auto {
                        style.inset.left = .points(0)
                        style.inset.right = .points(0)
                    }
                } else if style.inset.top == .auto, style.inset.bottom == .auto {
                    style.inset.top = .points(0)
                    style.inset.bottom = .points(0)
                }
            }
        }
    }
}

/// Anything that describes a layout subtree: the DSL containers and ``LayoutSpec`` itself.
public protocol LayoutComponent: Sendable {
    /// The description of the subtree.
    var spec: LayoutSpec { get }
}

/// Builds arrays of children from a closure of components.
@resultBuilder
public enum LayoutBuilder {
    /// One component.
    public static func buildExpression(_ component: some LayoutComponent) -> [LayoutSpec] { [component.spec] }
    /// An array of components (from a `for` loop).
    public static func buildExpression(_ components: [LayoutSpec]) -> [LayoutSpec] { components }
    /// Statements in sequence.
    public static func buildBlock(_ parts: [LayoutSpec]...) -> [LayoutSpec] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [LayoutSpec]?) -> [LayoutSpec] { part ?? [] }
    /// The first branch of an `if`/`else`.
    public static func buildEither(first part: [LayoutSpec]) -> [LayoutSpec] { part }
    /// The second branch of an `if`/`else`.
    public static func buildEither(second part: [LayoutSpec]) -> [LayoutSpec] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[LayoutSpec]]) -> [LayoutSpec] { parts.flatMap { $0 } }
}
