/// Why a system-presented sheet (SwiftUI's `sheet` with `presentationDetents`) left the
/// screen, from what its front end can observe: the sheet closing itself through its
/// presentation binding (the user dragged it down or tapped outside it) or the app clearing
/// the binding. The system sheet does not tell those apart in its `onDismiss`, so the front
/// end records the first before the dismissal arrives.
package struct SheetDismissalTracker: Hashable, Sendable {
    private var closedBySheet = false

    /// A tracker for a sheet about to be shown.
    package init() {}

    /// The sheet's own presentation binding was set to `isPresented` (a `false` is the user's
    /// gesture: a swipe down or a tap outside the sheet).
    package mutating func sheetSetPresented(_ isPresented: Bool) {
        closedBySheet = !isPresented
    }

    /// The sheet was presented again: forget the last dismissal.
    package mutating func presented() {
        closedBySheet = false
    }

    /// The sheet left the screen: `.swipe` when it closed itself, `.programmatic` when the app
    /// cleared the binding. The tracker is reset for the next presentation.
    package mutating func dismissed() -> OverlayDismissalReason {
        defer { closedBySheet = false }
        return closedBySheet ? .swipe : .programmatic
    }
}

extension SheetGrabber {
    /// Whether the grabber shows on a system sheet for `configuration` resolved to `frame`
    /// (its detent heights): ``isShown(_:detentCount:)`` over the frame's detents.
    package static func isShown(_ configuration: BottomSheetConfiguration, frame: SheetFrame) -> Bool {
        isShown(configuration, detentCount: frame.detentHeights.count)
    }
}
