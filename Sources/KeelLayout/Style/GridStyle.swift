/// The CSS Grid properties of a node: its grid as a container and its placement as an item.
///
/// A plain value stored in ``LayoutStyle/grid`` behind one shared, copy-on-write reference, so
/// styles that use no grid property stay as small and cheap to copy as before.
public struct GridStyle: Sendable, Hashable {
    /// The explicit columns (`grid-template-columns`).
    public var templateColumns: [GridTemplateEntry] = []
    /// The explicit rows (`grid-template-rows`).
    public var templateRows: [GridTemplateEntry] = []
    /// Named areas, one string per row of whitespace-separated names (`.` is an empty cell),
    /// as in `grid-template-areas`.
    public var templateAreas: [String] = []
    /// The sizes of implicit columns, repeated in turn (empty means `auto`).
    public var autoColumns: [GridTrackSize] = []
    /// The sizes of implicit rows, repeated in turn (empty means `auto`).
    public var autoRows: [GridTrackSize] = []
    /// The direction and packing of automatic placement.
    public var autoFlow: GridAutoFlow = .row
    /// Distribution of the columns in the container (`justify-content`); `nil` is `normal`,
    /// which stretches `auto` columns. (``LayoutStyle/alignContent`` distributes the rows.)
    public var justifyContent: AlignContent? = nil
    /// Default inline-axis alignment of items in their areas (`justify-items`).
    public var justifyItems: AlignItems = .stretch
    /// This item's inline-axis alignment in its area; `nil` uses the container's `justifyItems`.
    public var justifySelf: AlignItems? = nil
    /// Where the item starts in the rows.
    public var rowStart: GridLine = .auto
    /// Where the item ends in the rows.
    public var rowEnd: GridLine = .auto
    /// Where the item starts in the columns.
    public var columnStart: GridLine = .auto
    /// Where the item ends in the columns.
    public var columnEnd: GridLine = .auto

    /// A grid style with every property at its initial value.
    package init() {}

    /// Places the item in the named area (`grid-area: name`).
    package mutating func place(inArea name: String) {
        rowStart = .named(name, 1)
        rowEnd = .named(name, 1)
        columnStart = .named(name, 1)
        columnEnd = .named(name, 1)
    }

}

/// The less used style properties, kept together behind one reference in ``LayoutStyle``.
struct StyleExtension: Sendable, Hashable {
    var grid = GridStyle()

    static let initial = StyleExtension()
}

/// The shared, immutable storage of a ``StyleExtension`` inside a ``LayoutStyle`` (copy on write:
/// every change stores a new box, so copies of a style never see each other's changes).
final class StyleExtensionBox: Sendable, Hashable {
    let value: StyleExtension

    init(_ value: StyleExtension) {
        self.value = value
    }

    static func == (lhs: StyleExtensionBox, rhs: StyleExtensionBox) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
