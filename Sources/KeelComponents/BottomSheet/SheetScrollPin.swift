/// One request to put a sheet content's scroll view back at its top, for a front end that
/// moves its scroll views by request (SwiftUI's `ScrollViewReader`) rather than by setting
/// their offset as KeelUIKit does for ``SheetDetentEffect/pinScrollView(id:offsetY:)``.
/// Each request is new (its ``generation`` grows), so asking twice scrolls twice.
package struct SheetScrollPinRequest: Hashable, Sendable {
    /// The scroll view to pin (its ``SheetScrollCandidate/id``).
    package var id: Int
    /// The content offset to pin it at: its top (`-adjustedTopInset`, 0 for a SwiftUI
    /// scroll view, which has no inset of its own).
    package var offsetY: Double
    /// How many requests came before this one.
    package var generation: Int

    /// A request to pin scroll view `id` at `offsetY`, the `generation`-th made.
    package init(id: Int, offsetY: Double, generation: Int) {
        self.id = id
        self.offsetY = offsetY
        self.generation = generation
    }

    /// The offset to pin the scroll view `scrollID` at, or `nil` when the request is for
    /// another scroll view.
    package func offsetY(forScrollView scrollID: Int) -> Double? {
        guard scrollID == id else { return nil }
        return offsetY
    }
}

/// What becomes of ``SheetDetentEffect/pinScrollView(id:offsetY:)`` on a front end that moves
/// its scroll views by request: the detent machine pins on every move of a drag the sheet
/// owns; a request is made only when the scroll view is not already at the pinned offset
/// (within half a point), so the front end scrolls it once it has drifted — scrolled back past
/// its top and bouncing when the sheet took the drag over — not on every frame.
package struct SheetScrollPinning: Hashable, Sendable {
    /// The last request made (`nil`: none yet).
    package private(set) var request: SheetScrollPinRequest?

    /// No request yet.
    package init() {}

    /// The request for pinning scroll view `id` at `offsetY`, given the content's scroll views
    /// as last reported: `nil` when that scroll view already sits at `offsetY` or is not among
    /// them (there is nothing to move), a new request otherwise.
    package mutating func pin(id: Int, offsetY: Double, candidates: [SheetScrollCandidate])
        -> SheetScrollPinRequest?
    {
        guard offsetY.isFinite, let scroll = candidates.first(where: { $0.id == id }) else { return nil }
        guard !scroll.offsetY.isFinite || abs(scroll.offsetY - offsetY) > 0.5 else { return nil }
        let next = SheetScrollPinRequest(
            id: id, offsetY: offsetY, generation: (request?.generation ?? -1) + 1)
        request = next
        return next
    }
}
