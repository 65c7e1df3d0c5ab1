/// The tracks of a grid container as its last full layout placed them: where each column and
/// row starts and how long it is, relative to the container's border box, in points and
/// unrounded. For drawing grids (the gallery's track lines) and for diagnostics.
package struct GridTrackLines: Sendable, Hashable {
    /// One track: its start offset and its size along the axis.
    package struct Track: Sendable, Hashable {
        /// The offset of the track's start edge from the container's border-box edge (its
        /// left edge for columns, in physical coordinates also in right-to-left; its top for
        /// rows).
        package var start: Double
        /// The track's size.
        package var size: Double

        /// A track at `start` of length `size`.
        package init(start: Double, size: Double) {
            self.start = start
            self.size = size
        }
    }

    /// The columns, in track order (the first is the rightmost in right-to-left).
    package var columns: [Track]
    /// The rows, top to bottom.
    package var rows: [Track]

    /// Tracks with the given columns and rows.
    package init(columns: [Track], rows: [Track]) {
        self.columns = columns
        self.rows = rows
    }
}

extension LayoutNode {
    /// The tracks of this node's last full layout as a grid container (`display: grid`), or
    /// `nil` if it has not been laid out as one. Not part of a ``LayoutResult``: like the
    /// frames a node keeps, it reflects the node's latest layout.
    package var gridTrackLines: GridTrackLines? { storedGridTrackLines }
}
