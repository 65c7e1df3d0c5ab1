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
    @inlinable public var isRow: Bool { self == .row || self == .rowReverse }
    /// Whether items run from the main end to the main start.
    @inlinable public var isReverse: Bool { self == .rowReverse || self == .columnReverse }
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
    /// A grid container (CSS Grid Layout: tracks from ``FlexStyle/grid``).
    case grid
    /// Removed from layout: zero frame, and its subtree too.
    case none
}

/// How a node is positioned.
public enum PositionType: Sendable, Hashable, CaseIterable {
    /// In flow; insets offset it visually after layout.
    case relative
    /// Out of flow, placed by insets against the parent's padding box.
    case absolute
}

/// Which box `width`, `height` and min/max sizes describe.
public enum BoxSizing: Sendable, Hashable, CaseIterable {
    /// Sizes include padding and border (Yoga's only mode).
    case borderBox
    /// Sizes describe the content box; padding and border are added.
    case contentBox
}
