/// A scroll view inside a sheet's content, as arbitration sees it.
package struct SheetScrollCandidate: Hashable, Sendable {
    /// An identifier the front end chooses.
    package var id: Int
    /// The vertical content offset.
    package var offsetY: Double
    /// The adjusted top content inset.
    package var adjustedTopInset: Double
    /// Whether it can scroll vertically (bounces vertically or content taller than bounds).
    package var canScrollVertically: Bool
    /// Whether it is visible and enabled.
    package var isInteractive: Bool
    /// The largest vertical content offset, where it is scrolled to its bottom (`nil`: not
    /// known, so it never counts as at its bottom).
    package var maximumOffsetY: Double?

    /// A candidate.
    package init(
        id: Int, offsetY: Double, adjustedTopInset: Double = 0, canScrollVertically: Bool = true,
        isInteractive: Bool = true, maximumOffsetY: Double? = nil
    ) {
        self.id = id
        self.offsetY = offsetY
        self.adjustedTopInset = adjustedTopInset
        self.canScrollVertically = canScrollVertically
        self.isInteractive = isInteractive
        self.maximumOffsetY = maximumOffsetY
    }

    /// A candidate from a scroll view's raw geometry: it can scroll vertically when it
    /// always bounces vertically or its content (plus adjusted insets) is taller than its
    /// bounds.
    package init(
        id: Int, offsetY: Double, adjustedTopInset: Double, adjustedBottomInset: Double,
        contentHeight: Double, boundsHeight: Double, alwaysBouncesVertically: Bool, isInteractive: Bool
    ) {
        let overflows = contentHeight + adjustedTopInset + adjustedBottomInset > boundsHeight + 0.5
        self.init(
            id: id, offsetY: offsetY, adjustedTopInset: adjustedTopInset,
            canScrollVertically: alwaysBouncesVertically || overflows, isInteractive: isInteractive,
            maximumOffsetY: max(-adjustedTopInset, contentHeight + adjustedBottomInset - boundsHeight))
    }

    /// A candidate from a scroll view's raw geometry and the view flags that make it take
    /// touches: visible, user interaction and scrolling enabled, in a window.
    package init(
        id: Int, offsetY: Double, adjustedTopInset: Double, adjustedBottomInset: Double,
        contentHeight: Double, boundsHeight: Double, alwaysBouncesVertically: Bool, isHidden: Bool,
        isUserInteractionEnabled: Bool, isScrollEnabled: Bool, isInWindow: Bool
    ) {
        self.init(
            id: id, offsetY: offsetY, adjustedTopInset: adjustedTopInset,
            adjustedBottomInset: adjustedBottomInset,
            contentHeight: contentHeight, boundsHeight: boundsHeight,
            alwaysBouncesVertically: alwaysBouncesVertically,
            isInteractive: !isHidden && isUserInteractionEnabled && isScrollEnabled && isInWindow)
    }

    /// A candidate from a SwiftUI scroll view: its content's top edge in the scroll view's
    /// own coordinate space (`contentMinY`, negative once scrolled), the content's height and
    /// the scroll view's visible height. SwiftUI's vertical scroll views bounce and have no
    /// content inset of their own, so the offset is the content's distance above the top.
    package init(id: Int, contentMinY: Double, contentHeight: Double, boundsHeight: Double) {
        let minY = contentMinY.isFinite ? contentMinY : 0
        self.init(
            id: id, offsetY: -minY, adjustedTopInset: 0, adjustedBottomInset: 0,
            contentHeight: contentHeight.isFinite ? max(0, contentHeight) : 0,
            boundsHeight: boundsHeight.isFinite ? max(0, boundsHeight) : 0, alwaysBouncesVertically: true,
            isInteractive: true)
    }

    /// Whether the scroll view is scrolled to its top (within half a point).
    package var isAtTop: Bool { offsetY <= -adjustedTopInset + 0.5 }

    /// Whether the scroll view is scrolled to its bottom (within half a point); `false` when
    /// ``maximumOffsetY`` is not known.
    package var isAtBottom: Bool {
        guard let maximumOffsetY, maximumOffsetY.isFinite, offsetY.isFinite else { return false }
        return offsetY >= maximumOffsetY - 0.5
    }
}

/// The scroll views a sheet's content offers.
package enum SheetScrollResolution: Hashable, Sendable {
    /// None that can scroll.
    case none
    /// One (or the named primary).
    case single(SheetScrollCandidate)
    /// Several and no primary.
    case ambiguous
}

/// Who moves during a drag.
package enum SheetDragOwner: Hashable, Sendable {
    /// The sheet moves.
    case sheet
    /// The scroll view with this id scrolls.
    case scrollView(Int)
    /// Nothing (ambiguous content: several scroll views and no primary).
    case none

    /// Whether the sheet's own pan recogniser keeps tracking the gesture: it does while the
    /// sheet or a scroll view owns it, so it can take over mid-drag; not when ambiguous.
    package var sheetTracksGesture: Bool { self != .none }
}

/// Decides whether a drag moves the sheet or its content's scroll view — when the gesture
/// begins and again as it moves, so a drag that scrolls content to the top and keeps going
/// down hands over to the sheet mid-gesture (the reference decided once, at the start).
package struct SheetScrollArbitration: Hashable, Sendable {
    /// Who moves now.
    package private(set) var owner: SheetDragOwner = .sheet
    /// The finger translation at which the sheet took over (its drag starts from there).
    package private(set) var sheetTranslationOrigin: Double = 0

    /// An arbitration, not yet begun.
    package init() {}

    /// The scroll view that takes part: the primary one if named (none if it is not
    /// eligible), else the only eligible candidate; several without a primary are ambiguous.
    package static func resolve(_ candidates: [SheetScrollCandidate], primary: Int?) -> SheetScrollResolution
    {
        let eligible = candidates.filter { $0.isInteractive && $0.canScrollVertically }
        if let primary { return eligible.first { $0.id == primary }.map { .single($0) } ?? .none }
        switch eligible.count {
        case 0: return .none
        case 1: return .single(eligible[0])
        default: return .ambiguous
        }
    }

    /// The owner when a gesture begins: no candidate → the sheet; one (or the primary) →
    /// the sheet if it is at the top and the drag goes down — or up while the sheet can
    /// expand to a larger detent (`canExpand`), which it does before the content scrolls —
    /// else the scroll view; several and no primary → nothing moves the sheet.
    package mutating func begin(
        velocityY: Double, candidates: [SheetScrollCandidate], primary: Int? = nil, canExpand: Bool = false
    ) -> SheetDragOwner {
        sheetTranslationOrigin = 0
        switch Self.resolve(candidates, primary: primary) {
        case .ambiguous:
            owner = .none
        case .none:
            owner = .sheet
        case .single(let scroll):
            let sheetMoves = velocityY > 0 || (velocityY < 0 && canExpand)
            owner = scroll.isAtTop && sheetMoves ? .sheet : .scrollView(scroll.id)
        }
        return owner
    }

    /// Re-decides as the finger moves: while the scroll view owns the drag and reaches its
    /// top with the finger still moving down, the sheet takes over from this translation;
    /// while the sheet owns it and has risen `expansion` points above where it started (its
    /// largest detent; 0: back at rest) with the finger moving up, the scroll view takes it
    /// back — so a sheet expanding on an upward drag hands the rest of it to the content.
    package mutating func drag(
        translation: Double, velocityY: Double, scroll: SheetScrollCandidate?, expansion: Double = 0
    ) -> SheetDragOwner {
        let expansion = expansion.isFinite ? max(0, expansion) : 0
        switch owner {
        case .scrollView:
            if let scroll, scroll.isAtTop, velocityY > 0 {
                owner = .sheet
                sheetTranslationOrigin = translation
            }
        case .sheet:
            if let scroll, translation - sheetTranslationOrigin <= -expansion, velocityY < 0 {
                owner = .scrollView(scroll.id)
            }
        case .none:
            break
        }
        return owner
    }

    /// The sheet's own translation for a finger translation (after a hand-off it starts
    /// at zero, not where the finger already was).
    package func sheetTranslation(forFingerTranslation translation: Double) -> Double {
        owner == .sheet ? translation - sheetTranslationOrigin : 0
    }
}
