/// A CSS grid (TangramKit's grid and table layouts' successor): children placed in rows and
/// columns of typed tracks, automatically or with ``LayoutComponent/gridRow(_:_:)``,
/// ``LayoutComponent/gridColumn(_:_:)``, ``LayoutComponent/span(columns:rows:)`` and
/// ``LayoutComponent/gridArea(_:)``.
///
/// Maps to `display: grid`, `grid.templateColumns: columns`, `grid.templateRows: rows`,
/// `grid.templateAreas: areas`, `grid.autoRows: autoRows`, `grid.autoColumns: autoColumns`,
/// `grid.autoFlow: flow`, `columnGap: columnSpacing`, `rowGap: rowSpacing`. (Named so, not
/// `Grid`, because SwiftUI has a `Grid`.)
public struct GridContainer: LayoutComponent {
    /// The description of the subtree.
    public let spec: LayoutSpec

    /// A grid of `content` with the given tracks.
    public init(
        columns: [GridTemplateEntry], rows: [GridTemplateEntry] = [], areas: [String] = [],
        columnSpacing: Double = 0, rowSpacing: Double = 0, autoRows: [GridTrackSize] = [],
        autoColumns: [GridTrackSize] = [], flow: GridAutoFlow = .row,
        @LayoutBuilder _ content: () -> [LayoutSpec]
    ) {
        var style = LayoutStyle()
        style.display = .grid
        style.columnGap = .points(columnSpacing)
        style.rowGap = .points(rowSpacing)
        var grid = GridStyle()
        grid.templateColumns = columns
        grid.templateRows = rows
        grid.templateAreas = areas
        grid.autoRows = autoRows
        grid.autoColumns = autoColumns
        grid.autoFlow = flow
        style.grid = grid
        spec = LayoutSpec(style: style, children: content())
    }
}

extension LayoutComponent {
    /// Places the item in the rows from `start` to `end` (`grid-row: start / end`).
    public func gridRow(_ start: GridLine, _ end: GridLine = .auto) -> LayoutSpec {
        modified {
            $0.style.grid.rowStart = start
            $0.style.grid.rowEnd = end
        }
    }

    /// Places the item in row line `line` (1-based; negative counts from the end).
    package func gridRow(_ line: Int) -> LayoutSpec { gridRow(.line(line)) }

    /// Places the item in the columns from `start` to `end` (`grid-column: start / end`).
    public func gridColumn(_ start: GridLine, _ end: GridLine = .auto) -> LayoutSpec {
        modified {
            $0.style.grid.columnStart = start
            $0.style.grid.columnEnd = end
        }
    }

    /// Places the item at column line `line` (1-based; negative counts from the end).
    package func gridColumn(_ line: Int) -> LayoutSpec { gridColumn(.line(line)) }

    /// Makes the item span `columns` columns and `rows` rows from where it starts (its end
    /// lines become spans).
    public func span(columns: Int = 1, rows: Int = 1) -> LayoutSpec {
        modified {
            $0.style.grid.columnEnd = .span(columns)
            $0.style.grid.rowEnd = .span(rows)
        }
    }

    /// Places the item in the named area (`grid-area: name`).
    public func gridArea(_ name: String) -> LayoutSpec { modified { $0.style.grid.place(inArea: name) } }

    /// Aligns the item in its grid area: `justify-self` and `align-self`.
    package func gridAlignment(horizontal: AlignItems? = nil, vertical: AlignItems? = nil) -> LayoutSpec {
        modified {
            $0.style.grid.justifySelf = horizontal
            $0.style.alignSelf = vertical
        }
    }
}
