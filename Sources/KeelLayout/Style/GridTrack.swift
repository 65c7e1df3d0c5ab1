/// The minimum of a grid track's size (the first argument of CSS `minmax()`).
public enum GridMinimumSize: Sendable, Hashable {
    /// A fixed length in points.
    case points(Double)
    /// A percentage of the grid container's content box in the track's axis.
    case percent(Double)
    /// The largest min-content contribution of the track's items.
    case minContent
    /// The largest max-content contribution of the track's items.
    case maxContent
    /// The items' minimum contributions (their automatic minimum sizes).
    case auto
}

/// The maximum of a grid track's size (the second argument of CSS `minmax()`).
public enum GridMaximumSize: Sendable, Hashable {
    /// A fixed length in points.
    case points(Double)
    /// A percentage of the grid container's content box in the track's axis.
    case percent(Double)
    /// The largest min-content contribution of the track's items.
    case minContent
    /// The largest max-content contribution of the track's items.
    case maxContent
    /// Like `maxContent`, and stretched by `normal` / `stretch` content distribution.
    case auto
    /// `fit-content(limit)`: the max-content contribution, at most `limit`.
    case fitContent(Length)
    /// A share (`fr`) of the free space.
    case fraction(Double)
}

/// The size of one grid track: CSS `<track-size>`, a minimum and a maximum sizing function.
public struct GridTrackSize: Sendable, Hashable {
    /// The minimum sizing function.
    package var minimum: GridMinimumSize
    /// The maximum sizing function.
    package var maximum: GridMaximumSize

    /// `minmax(minimum, maximum)`.
    package init(minimum: GridMinimumSize, maximum: GridMaximumSize) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// `minmax(minimum, maximum)`.
    public static func minmax(_ minimum: GridMinimumSize, _ maximum: GridMaximumSize) -> GridTrackSize {
        GridTrackSize(minimum: minimum, maximum: maximum)
    }

    /// A fixed track of `value` points.
    public static func points(_ value: Double) -> GridTrackSize {
        GridTrackSize(minimum: .points(value), maximum: .points(value))
    }

    /// A track of `value` percent of the container's content box.
    public static func percent(_ value: Double) -> GridTrackSize {
        GridTrackSize(minimum: .percent(value), maximum: .percent(value))
    }

    /// `Nfr`: `minmax(auto, Nfr)`.
    public static func fraction(_ value: Double) -> GridTrackSize {
        GridTrackSize(minimum: .auto, maximum: .fraction(value))
    }

    /// `auto`: `minmax(auto, auto)`.
    public static let auto = GridTrackSize(minimum: .auto, maximum: .auto)
    /// `min-content`.
    public static let minContent = GridTrackSize(minimum: .minContent, maximum: .minContent)
    /// `max-content`.
    public static let maxContent = GridTrackSize(minimum: .maxContent, maximum: .maxContent)

    /// `fit-content(limit)`: `minmax(auto, fit-content(limit))`.
    public static func fitContent(_ limit: Length) -> GridTrackSize {
        GridTrackSize(minimum: .auto, maximum: .fitContent(limit))
    }
}

/// How many times a `repeat()` repeats its tracks.
public enum GridRepetition: Sendable, Hashable {
    /// A fixed number of times (values below 1 count as 1, above 10,000 as that).
    case count(Int)
    /// As many times as fit the container (`auto-fill`); empty repetitions keep their size.
    case autoFill
    /// As many times as fit (`auto-fit`); repetitions no item is placed in collapse to zero.
    case autoFit
}

/// One entry of a `grid-template-rows` / `grid-template-columns` list.
public enum GridTemplateEntry: Sendable, Hashable {
    /// Names for the line at this point of the list (`[name another]`).
    case lineNames([String])
    /// One track.
    case track(GridTrackSize)
    /// `repeat(count, entries)`: the entries (tracks and line names; a nested repeat is ignored).
    case `repeat`(GridRepetition, [GridTemplateEntry])

    /// `repeat(count, tracks)` of plain tracks.
    package static func `repeat`(_ count: Int, _ tracks: [GridTrackSize]) -> GridTemplateEntry {
        .repeat(.count(count), tracks.map { .track($0) })
    }
}

/// One end of an item's placement in one axis (CSS `grid-row-start` and friends).
public enum GridLine: Sendable, Hashable {
    /// Automatic placement (or a span of one).
    case auto
    /// Line `number` (1 is the first explicit line, -1 the last; 0 counts as `auto`).
    case line(Int)
    /// The `occurrence`th line called `name` (negative counts from the end).
    case named(String, Int)
    /// Spans `count` tracks from the other end (values below 1 count as 1).
    case span(Int)
    /// Spans until the `count`th line called `name`.
    case spanNamed(String, Int)

    /// The first line called `name`.
    package static func named(_ name: String) -> GridLine { .named(name, 1) }
}

/// The direction and packing of automatic placement (`grid-auto-flow`).
public enum GridAutoFlow: Sendable, Hashable {
    /// `row`: items fill rows (the default).
    case row
    /// `column`: items fill columns.
    case column
    /// `row dense`: rows, later items filling holes left earlier.
    case rowDense
    /// `column dense`: columns, later items filling holes left earlier.
    case columnDense

    /// The flow with these two properties.
    package init(isColumn: Bool = false, isDense: Bool = false) {
        switch (isColumn, isDense) {
        case (false, false): self = .row
        case (true, false): self = .column
        case (false, true): self = .rowDense
        case (true, true): self = .columnDense
        }
    }

    /// Whether items fill columns rather than rows.
    package var isColumn: Bool { self == .column || self == .columnDense }
    /// Whether later items may fill holes left earlier (`dense`).
    package var isDense: Bool { self == .rowDense || self == .columnDense }
}

/// The bounds grid input is resolved within (see the KeelLayout article, "Malformed grid input").
package enum GridLimits {
    /// Line numbers are clamped to ±10,000, spans and repetition counts to 1…10,000, and a grid
    /// has at most this many tracks per axis before and after its explicit grid.
    package static let maximumLines = 10_000

    /// Automatic placement checks at most this many grid tracks for occupied cells (about a
    /// hundred times what a 100 × 100 grid needs); past it, the remaining automatically
    /// placed items go into new tracks after every item placed so far, so huge spans cannot
    /// make placement quadratic.
    package static let placementBudget = 2_000_000
}
