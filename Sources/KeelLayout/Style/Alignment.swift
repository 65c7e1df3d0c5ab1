/// The main axis of a flex container and whether it runs backwards.
public enum FlexDirection: Sendable, Hashable, CaseIterable {
    /// Children left to right (right to left in RTL).
    case row
    /// Children in the reverse of `row`.
    case rowReverse
    /// Children top to bottom.
    case column
    /// Children bottom to top.
    case columnReverse

    /// Whether the main axis is horizontal.
    @inlinable package var isRow: Bool { self == .row || self == .rowReverse }
    /// Whether items run from the main end to the main start.
    @inlinable package var isReverse: Bool { self == .rowReverse || self == .columnReverse }
}

/// Whether a flex container breaks its items into several lines.
public enum FlexWrap: Sendable, Hashable, CaseIterable {
    /// One line; items shrink or overflow.
    case noWrap
    /// Lines run from the cross start to the cross end.
    case wrap
    /// Lines run from the cross end to the cross start.
    case wrapReverse
}

/// Distribution of items along the main axis (`justify-content`).
public enum JustifyContent: Sendable, Hashable, CaseIterable {
    /// Packed at the start of the writing direction (not flipped by a reverse direction).
    case start
    /// Packed at the end of the writing direction.
    case end
    /// Packed at the main start.
    case flexStart
    /// Packed at the main end.
    case flexEnd
    /// Centred.
    case center
    /// First and last at the edges, equal space between.
    case spaceBetween
    /// Equal space around each item (half at the edges).
    case spaceAround
    /// Equal space between items and at the edges.
    case spaceEvenly
}

/// Alignment of items in the cross axis of their line (`align-items`, `align-self`).
public enum AlignItems: Sendable, Hashable, CaseIterable {
    /// The cross start of the writing mode (not flipped by wrap-reverse).
    case start
    /// The cross end of the writing mode.
    case end
    /// The line's cross start.
    case flexStart
    /// The line's cross end.
    case flexEnd
    /// Centred in the line.
    case center
    /// First baselines aligned (rows only; in columns acts as `flexStart`).
    case baseline
    /// Fills the line when the item's cross size is `auto`.
    case stretch
    /// The start of the item's own writing direction.
    case selfStart
    /// The end of the item's own writing direction.
    case selfEnd
}

/// Distribution of lines in the cross axis of a multi-line container (`align-content`).
public enum AlignContent: Sendable, Hashable, CaseIterable {
    /// Packed at the cross start of the writing mode.
    case start
    /// Packed at the cross end of the writing mode.
    case end
    /// Packed at the container's cross start.
    case flexStart
    /// Packed at the container's cross end.
    case flexEnd
    /// Centred.
    case center
    /// Lines grow equally to fill the container.
    case stretch
    /// First and last line at the edges, equal space between.
    case spaceBetween
    /// Equal space around each line.
    case spaceAround
    /// Equal space between lines and at the edges.
    case spaceEvenly
}

/// Whether a node takes part in layout.
public enum Display: Sendable, Hashable, CaseIterable {
    /// A flex container (every node is one; leaves simply have no children).
    case flex
    /// A grid container (CSS Grid Layout: tracks from ``LayoutStyle/grid``).
    case grid
    /// Removed from layout: zero frame, and its subtree too.
    case none
    /// Generates no box: its children take part in its parent's layout as if they were the
    /// parent's own (CSS `display: contents`). The node itself gets a zero frame at its
    /// parent's origin, so its children's frames are relative to the parent too. A root laid
    /// out with `contents` lays out as `flex`.
    case contents
}

/// How a node is positioned.
public enum PositionType: Sendable, Hashable, CaseIterable {
    /// In flow; insets offset it visually after layout.
    case relative
    /// Out of flow, placed by insets against the padding box of its containing block: the
    /// nearest ancestor that is not `static` (or the root).
    case absolute
    /// In flow, ignoring its insets, and no containing block: its absolute children are placed
    /// against the nearest positioned ancestor's padding box (their frames stay relative to
    /// this node; an axis without insets starts at this node's content edge).
    case `static`
}

/// Which box `width`, `height` and min/max sizes describe.
public enum BoxSizing: Sendable, Hashable, CaseIterable {
    /// Sizes include padding and border (Yoga's only mode).
    case borderBox
    /// Sizes describe the content box; padding and border are added.
    case contentBox
}

/// What a box does with content that overflows it in one axis (CSS `overflow-x` / `overflow-y`).
///
/// Layout only cares whether the box is a *scroll container* (`hidden` or `scroll` in either
/// axis): a scroll container's automatic minimum size as a flex item is zero, so it shrinks
/// below its content instead of overflowing its line. `scroll` also reserves
/// ``LayoutStyle/scrollbarWidth`` for a scrollbar in the other axis.
public enum Overflow: Sendable, Hashable, CaseIterable {
    /// Content overflows visibly (the default).
    case visible
    /// Content is clipped, without making the box a scroll container.
    case clip
    /// Content is clipped; the box is a scroll container without a scrollbar.
    case hidden
    /// Content scrolls; a scrollbar's width is reserved inside the padding box.
    case scroll

    /// Whether a box with this overflow in some axis is a scroll container.
    @inlinable package var makesScrollContainer: Bool { self == .hidden || self == .scroll }
    /// ``makesScrollContainer`` (the engine's name for it).
    var isScrollContainer: Bool { makesScrollContainer }
}

/// Which alignment properties use CSS's `safe` keyword: when the content overflows the
/// alignment container, a safe alignment falls back to `start` instead of overflowing at
/// both ends (or at the start), so nothing is pushed out of reach. One set serves flex and
/// grid containers (``LayoutStyle/safeAlignment``): `justifyContent` / `alignContent` for a
/// container's tracks or lines, `alignSelf` / `justifySelf` for an item in its line or area.
public struct SafeAlignment: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `justify-content: safe …`.
    public static let justifyContent = SafeAlignment(rawValue: 1)
    /// `align-items: safe …` (for children without their own `alignSelf`).
    public static let alignItems = SafeAlignment(rawValue: 2)
    /// `align-self: safe …` (this node in its parent).
    public static let alignSelf = SafeAlignment(rawValue: 4)
    /// `align-content: safe …`.
    public static let alignContent = SafeAlignment(rawValue: 8)
    /// `justify-self: safe …` (this node as a grid item, in its area's inline axis).
    public static let justifySelf = SafeAlignment(rawValue: 16)
}
