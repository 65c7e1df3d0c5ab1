/// Whether a sheet's content may scroll now, for a front end that disables its scroll views
/// instead of pinning them (SwiftUI's `ScrollView` on iOS 16): the decision of
/// ``BottomSheetDetents/disablesContentScrolling(_:primary:)``, remembered so the front end
/// republishes it only when it changes — its scroll views report their offset on every
/// frame they scroll.
package struct SheetContentScrollLock: Hashable, Sendable {
    /// Whether the content's scrolling is disabled.
    package private(set) var isLocked = false

    /// A lock, open.
    package init() {}

    /// Re-decides for `detents` now and the content's scroll views; returns the new value
    /// when it changed, `nil` when it did not.
    package mutating func update(
        _ detents: BottomSheetDetents, candidates: [SheetScrollCandidate], primary: Int? = nil
    ) -> Bool? {
        let locked = detents.disablesContentScrolling(candidates, primary: primary)
        guard locked != isLocked else { return nil }
        isLocked = locked
        return locked
    }
}
