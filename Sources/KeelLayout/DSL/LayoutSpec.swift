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
        makeNode(parentDirection: nil)
    }

    /// This spec's style with its size rules resolved for a parent with `parentDirection`.
    package func resolvedStyle(parentDirection: FlexDirection?) -> LayoutStyle {
        var style = self.style
        let parentIsRow = parentDirection?.isRow ?? false
        if let widthRule { SizeRule.apply(widthRule, to: &style, horizontal: true, parentIsRow: parentIsRow) }
        if let heightRule {
            SizeRule.apply(heightRule, to: &style, horizontal: false, parentIsRow: parentIsRow)
        }
        if visibility == .gone { style.display = .none }
        return style
    }

    func makeNode(parentDirection: FlexDirection?) -> LayoutNode {
        let style = resolvedStyle(parentDirection: parentDirection)
        let node = LayoutNode(
            style, name: name, measure: measure,
            children: children.map { $0.makeNode(parentDirection: style.flexDirection) })
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
    /// Fill the parent: in the parent's main axis grow into free space (`grow 1, basis 0`), in
    /// its cross axis stretch.
    case fill
    /// Fit the content (`auto`); in the parent's cross axis the node is not stretched.
    case wrap
    /// A fixed length that does not shrink.
    case fixed(Double)
    /// A percentage (0–100) of the parent's content box.
    case percent(Double)

    static func apply(_ rule: SizeRule, to style: inout LayoutStyle, horizontal: Bool, parentIsRow: Bool) {
        let isMain = horizontal == parentIsRow
        switch rule {
        case .fixed(let value):
            if horizontal { style.width = .points(value) } else { style.height = .points(value) }
            if isMain { style.flexShrink = 0 }
        case .percent(let value):
            if horizontal { style.width = .percent(value) } else { style.height = .percent(value) }
        case .wrap:
            if horizontal { style.width = .auto } else { style.height = .auto }
            if !isMain, style.alignSelf == nil { style.alignSelf = .flexStart }
        case .fill:
            if horizontal { style.width = .auto } else { style.height = .auto }
            if isMain {
                style.flexGrow = 1
                style.flexShrink = 1
                style.flexBasis = .points(0)
            } else {
                style.alignSelf = .stretch
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
