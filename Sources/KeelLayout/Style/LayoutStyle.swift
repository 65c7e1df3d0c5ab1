/// The style of one layout node: the CSS flexbox properties KeelLayout implements and, in
/// ``grid``, the CSS Grid ones (as Taffy's and Yoga's `Style`).
///
/// A plain value. `LayoutStyle()` has the web's defaults (`row`, shrink 1, align-content
/// `stretch`); for Yoga / React Native's, set ``flexDirection`` to `.column`, ``flexShrink``
/// to 0 and ``alignContent`` to `.flexStart`. Every property can be set afterwards.
public struct LayoutStyle: Sendable, Hashable {
    /// Whether the node takes part in layout.
    public var display: Display = .flex
    /// In flow (`relative`) or placed by insets (`absolute`).
    public var position: PositionType = .relative
    /// The inline direction; `nil` inherits the parent's (the root's comes from the layout call).
    public var direction: TextDirection? = nil
    /// Which box the sizes describe.
    public var boxSizing: BoxSizing = .borderBox

    /// The main axis.
    public var flexDirection: FlexDirection = .row
    /// Line breaking.
    public var flexWrap: FlexWrap = .noWrap
    /// Balanced line breaking (`flex-wrap: balance`): lines of similar length instead of greedy.
    public var balancesLines: Bool = false
    /// The least number of lines for balanced wrapping (more when the items do not fit in
    /// that many); `nil` uses as few as fit. With a count, items are measured in their share
    /// of a definite cross space, and the container's max-content size is its widest line
    /// when balanced into that many lines.
    public var lineCount: Int? = nil
    /// Main-axis distribution.
    public var justifyContent: JustifyContent = .flexStart
    /// Default cross-axis alignment of children.
    public var alignItems: AlignItems = .stretch
    /// This node's cross-axis alignment in its parent; `nil` uses the parent's `alignItems`.
    public var alignSelf: AlignItems? = nil
    /// Distribution of lines in a multi-line container.
    public var alignContent: AlignContent = .stretch
    /// The alignment properties above that are `safe`: on overflow they align to the start.
    public var safeAlignment: SafeAlignment = []

    /// Share of positive free space.
    public var flexGrow: Double = 0
    /// Share of negative free space (weighted by the base size).
    public var flexShrink: Double = 1
    /// The initial main size; `auto` uses the main size property, then the content.
    public var flexBasis: Length = .auto

    /// The preferred width.
    public var width: Length = .auto
    /// The preferred height.
    public var height: Length = .auto
    /// The minimum width (`auto`: none for containers' own sizing, content-based for flex items).
    public var minimumWidth: Length = .auto
    /// The minimum height.
    public var minimumHeight: Length = .auto
    /// The maximum width (`auto`: none).
    public var maximumWidth: Length = .auto
    /// The maximum height.
    public var maximumHeight: Length = .auto
    /// Width divided by height, applied when one of them is `auto`.
    public var aspectRatio: Double? = nil

    /// Outer spacing; `auto` margins absorb free space.
    public var margin: Edges<Length> = .zero
    /// Inner spacing (`auto` counts as zero).
    public var padding: Edges<Length> = .zero
    /// Border widths (`auto` counts as zero).
    public var border: Edges<Length> = .zero
    /// Offsets: relative nodes move by them, absolute nodes are placed by them.
    public var inset: Edges<Length> = .auto
    /// Space between columns (between items of a row, between lines of a column).
    public var columnGap: Length = .zero
    /// Space between rows.
    public var rowGap: Length = .zero

    /// Overflow of content in the horizontal axis.
    public var overflowX: Overflow = .visible
    /// Overflow of content in the vertical axis.
    public var overflowY: Overflow = .visible
    /// The width of a scrollbar, in points, reserved inside the padding box in each axis whose
    /// overflow is `scroll` (at the right edge — the left in right-to-left — and at the bottom).
    /// iOS scrollbars overlay the content, so the default is 0; non-finite or negative widths
    /// count as 0.
    public var scrollbarWidth: Double = 0

    /// The grid properties: one reference, `nil` while all are at their initial values, so
    /// flex-only styles stay cheap to copy and hash.
    private var extensionBox: StyleExtensionBox? = nil

    private var styleExtension: StyleExtension {
        get { extensionBox?.value ?? StyleExtension.initial }
        set { extensionBox = newValue == StyleExtension.initial ? nil : StyleExtensionBox(newValue) }
    }

    /// The grid properties when any extension property is set, else `nil` (the engine's
    /// per-item read: no copy of the initial values for the common plain style).
    var gridIfSet: GridStyle? { extensionBox?.value.grid }

    /// Whether the box is a scroll container horizontally / vertically (hidden or scroll overflow).
    var scrollsX: Bool { overflowX.isScrollContainer }
    var scrollsY: Bool { overflowY.isScrollContainer }

    /// The CSS Grid properties: the grid when ``display`` is ``Display/grid``, and this node's
    /// placement and inline alignment when its parent is a grid.
    public var grid: GridStyle {
        get { styleExtension.grid }
        set { styleExtension.grid = newValue }
    }

    /// A style with the web's defaults.
    public init() {}

    /// A style with the given preset's defaults.
    package init(defaults: StyleDefaults) {
        switch defaults {
        case .web:
            break
        case .yoga:
            flexDirection = .column
            flexShrink = 0
            alignContent = .flexStart
        }
    }

    /// Sets the overflow of both axes (reads the horizontal one).
    package var overflow: Overflow {
        get { overflowX }
        set {
            overflowX = newValue
            overflowY = newValue
        }
    }

    /// Whether the node is a scroll container (`hidden` or `scroll` overflow in either axis).
    @inlinable package var isScrollContainer: Bool {
        overflowX.makesScrollContainer || overflowY.makesScrollContainer
    }

    /// Sets both gaps.
    package var gap: Length {
        get { columnGap }
        set {
            columnGap = newValue
            rowGap = newValue
        }
    }
}

/// Which defaults a fresh ``LayoutStyle`` starts from.
package enum StyleDefaults: Sendable, Hashable, CaseIterable {
    /// CSS: `row`, `flex-shrink: 1`, `align-content: stretch`.
    case web
    /// Yoga / React Native: `column`, `flex-shrink: 0`, `align-content: flex-start`.
    case yoga
}
