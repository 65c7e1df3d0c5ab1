import KeelDesign
import KeelSupport

/// What a sheet's surface is doing.
package enum SheetDetentPhase: Hashable, Sendable {
    /// At rest on its current detent.
    case resting
    /// Following a finger: who owns the gesture and the sheet's own translation (positive is
    /// down; zero while a scroll view owns it).
    case dragging(owner: SheetDragOwner, translation: Double)
}

/// Where a sheet rests and whether it is being dragged.
package struct SheetDetentState: Hashable, Sendable {
    /// Every detent resolved to a height, smallest first (one height without detents).
    package var detentHeights: [Double]
    /// The index in ``detentHeights`` of the detent the sheet rests on (or returns to).
    package var index: Int
    /// At rest or dragged.
    package var phase: SheetDetentPhase

    /// A state.
    package init(detentHeights: [Double] = [0], index: Int = 0, phase: SheetDetentPhase = .resting) {
        self.detentHeights = detentHeights.isEmpty ? [0] : detentHeights
        self.index = min(max(0, index), self.detentHeights.count - 1)
        self.phase = phase
    }

    /// The current detent's height.
    package var restingHeight: Double { detentHeights[index] }

    /// The sheet's own drag translation (zero at rest or while a scroll view owns the drag).
    package var dragTranslation: Double {
        guard case .dragging(.sheet, let translation) = phase else { return 0 }
        return translation
    }

    /// Whether a drag is under way.
    package var isDragging: Bool { phase != .resting }
}

/// An event of a sheet's detent machine.
package enum SheetDetentEvent: Hashable, Sendable {
    /// A pan wants to begin with `velocity`; `candidates` are the content's scroll views,
    /// `primary` the one named by the app, `presentation` the sheet's presentation now (a
    /// drag needs it at rest with interactive dismissal enabled). Rejected when the sheet
    /// should not track the gesture: the recogniser asks with `accepts(_:)` whether to begin
    /// and sends it when it has.
    case dragBegan(
        velocity: Point, candidates: [SheetScrollCandidate], primary: Int?, presentation: SheetPresentation)
    /// The finger moved: its translation, vertical velocity, and the scroll view arbitration
    /// tracks (if any) as it is now.
    case dragChanged(translation: Double, velocityY: Double, scroll: SheetScrollCandidate?)
    /// The finger lifted with this translation and vertical velocity; `presentation` decides
    /// whether a swipe may dismiss.
    case dragEnded(translation: Double, velocity: Double, presentation: SheetPresentation)
    /// The system cancelled the gesture: return to the current detent.
    case dragCancelled
    /// Move to the detent at `index` (programmatically).
    case select(index: Int)
    /// VoiceOver activated the grabber: the next detent, or dismissal with a single one.
    case activateGrabber(presentation: SheetPresentation)
    /// VoiceOver adjusted the grabber: one detent larger or smaller, or its dismiss action
    /// (``SheetGrabber/adjustment(_:detentHeights:restingHeight:allowsDismissal:)``).
    case adjustGrabber(SheetGrabberAdjustment, presentation: SheetPresentation)
    /// The content's fitting height (at ``BottomSheetDetents/contentWidth``) changed.
    case contentHeightChanged(Double)
    /// The container (bounds, safe area, keyboard) changed.
    case containerChanged(SheetContainer)
}

/// What the front end does when the detent machine moves.
package enum SheetDetentEffect: Hashable, Sendable {
    /// A drag began: tell the presentation (``SheetPresentationEvent/beginDrag``).
    case beginDrag
    /// Animate the surface to the layout of the detent at `index` (`height` tall) with
    /// `motion`.
    case animate(toDetent: Int, height: Double, motion: ResolvedMotion)
    /// Apply the new layout at once (the surface follows the finger).
    case follow
    /// Keep the scroll view with this id at its top (content offset `offsetY`) while the
    /// sheet owns the drag.
    case pinScrollView(id: Int, offsetY: Double)
    /// Dismiss the sheet for this reason.
    case dismiss(OverlayDismissalReason)
    /// Play this haptic.
    case haptic(HapticEvent)
}

/// The sheet's current detent and its drag, as a state machine (the reference chose them in
/// UIKit): a drag begins only when the presentation allows it and the scroll arbitration
/// lets the sheet track it, follows the finger (upward as far as the largest detent, then
/// rubber-banded), and on release dismisses past the theme's distance or velocity or settles
/// at the nearest detent. Below its largest detent an upward drag expands the sheet before
/// its content scrolls: on reaching the largest detent the sheet rests there and hands the
/// rest of the drag to the scroll view.
/// Container and content changes re-resolve every detent's height, keeping the current one
/// when it still exists.
package struct BottomSheetDetents: StateMachine, Hashable, Sendable {
    /// The current detent, the resolved heights and the drag.
    package private(set) var state: SheetDetentState
    /// The configuration whose heights and detents are resolved.
    package let configuration: BottomSheetConfiguration
    /// Drag thresholds, resistance and motion.
    package var theme: BottomSheetTheme
    /// The container the heights are resolved in.
    package private(set) var container: SheetContainer
    /// The content's fitting height at ``contentWidth``.
    package private(set) var contentHeight: Double
    private var arbitration = SheetScrollArbitration()
    private var lastScrollID: Int?

    /// A machine resting on the configuration's own height in `container`.
    package init(
        configuration: BottomSheetConfiguration, theme: BottomSheetTheme,
        container: SheetContainer = SheetContainer(bounds: .zero), contentHeight: Double = 0
    ) {
        self.configuration = configuration
        self.theme = theme
        self.container = container
        self.contentHeight = contentHeight.isFinite ? max(0, contentHeight) : 0
        state = SheetDetentState()
        state = Self.resolved(configuration, container, self.contentHeight, keeping: nil)
    }

    /// The width the content is measured at (the surface's width in the container).
    package var contentWidth: Double { BottomSheetSizing.width(configuration.width, in: container).width }

    /// The scroll view arbitration tracks during the drag: the owner, else the one candidate
    /// it resolved when the drag began.
    package var trackedScrollID: Int? {
        guard case .scrollView(let id) = arbitration.owner else { return lastScrollID }
        return id
    }

    /// Whether the sheet rests below its largest detent, so an upward drag expands it.
    package var canExpand: Bool { state.index < state.detentHeights.count - 1 }

    /// How far the sheet may grow from its current detent: the distance to the largest one.
    package var expansion: Double { (state.detentHeights.last ?? 0) - state.restingHeight }

    /// The candidate among `candidates` that arbitration tracks (``trackedScrollID``), if any.
    package func trackedScroll(in candidates: [SheetScrollCandidate]) -> SheetScrollCandidate? {
        guard let id = trackedScrollID else { return nil }
        return candidates.first { $0.id == id }
    }

    /// Whether a front end that cannot pin a scroll view's offset during a drag (SwiftUI's
    /// `ScrollView` on iOS 16) disables its content's scrolling now, given the content's scroll
    /// views (`primary` as in ``SheetScrollArbitration/resolve(_:primary:)``): while the sheet
    /// owns a drag (the pin), and at rest below the largest detent while the content's one
    /// scroll view is at its top, so an upward drag expands the sheet before the content
    /// scrolls. Never with several scroll views and no primary (no drag moves the sheet
    /// then). UIKit pins instead (``SheetDetentEffect/pinScrollView(id:offsetY:)``).
    package func disablesContentScrolling(_ candidates: [SheetScrollCandidate], primary: Int? = nil) -> Bool {
        switch (state.phase, SheetScrollArbitration.resolve(candidates, primary: primary)) {
        case (.dragging(let owner, _), _): return owner == .sheet
        case (.resting, .ambiguous): return false
        case (.resting, .none): return canExpand
        case (.resting, .single(let scroll)): return canExpand && scroll.isAtTop
        }
    }

    /// The input of ``BottomSheetLayout/resolve(_:)`` for the machine's state now.
    package var layoutInput: BottomSheetLayoutInput {
        BottomSheetLayoutInput(
            configuration: configuration, theme: theme, container: container, contentHeight: contentHeight,
            detentIndex: state.index, dragTranslation: state.dragTranslation)
    }

    /// Applies `event`; see ``SheetDetentEvent`` for what each is accepted for.
    package mutating func send(_ event: SheetDetentEvent) -> StateTransition<SheetDetentEffect> {
        switch event {
        case .dragBegan(let velocity, let candidates, let primary, let presentation):
            return begin(
                velocity: velocity, candidates: candidates, primary: primary, presentation: presentation)
        case .dragChanged(let translation, let velocityY, let scroll):
            guard state.isDragging, translation.isFinite, velocityY.isFinite else { return .rejected }
            return change(translation: translation, velocityY: velocityY, scroll: scroll)
        case .dragEnded(let translation, let velocity, let presentation):
            guard state.isDragging else { return .rejected }
            return release(translation: translation, velocity: velocity, presentation: presentation)
        case .dragCancelled:
            guard state.isDragging else { return .rejected }
            return settle(at: state.index)
        case .select(let index):
            guard !state.isDragging, state.detentHeights.indices.contains(index) else { return .rejected }
            return settle(at: index)
        case .activateGrabber(let presentation):
            return adjust(.activate, presentation: presentation)
        case .adjustGrabber(let adjustment, let presentation):
            return adjust(adjustment, presentation: presentation)
        case .contentHeightChanged(let height):
            guard height.isFinite else { return .rejected }
            contentHeight = max(0, height)
            return reresolve()
        case .containerChanged(let container):
            self.container = container
            return reresolve()
        }
    }

    private mutating func begin(
        velocity: Point, candidates: [SheetScrollCandidate], primary: Int?, presentation: SheetPresentation
    ) -> StateTransition<SheetDetentEffect> {
        guard !state.isDragging, presentation.accepts(.beginDrag) else { return .rejected }
        var arbitration = SheetScrollArbitration()
        let owner = arbitration.begin(
            velocityY: velocity.y, candidates: candidates, primary: primary, canExpand: canExpand)
        guard
            BottomSheetDrag.canBegin(
                velocity: velocity, sheetMayPan: owner.sheetTracksGesture, canExpand: canExpand)
        else { return .rejected }
        self.arbitration = arbitration
        if case .single(let scroll) = SheetScrollArbitration.resolve(candidates, primary: primary) {
            lastScrollID = scroll.id
        } else {
            lastScrollID = nil
        }
        state.phase = .dragging(owner: owner, translation: 0)
        return .accepted([.beginDrag])
    }

    /// One move of the finger: re-arbitrates, follows, pins the scroll view while the sheet
    /// owns the drag, and — when an expanding sheet hands the drag to the scroll view at its
    /// largest detent — rests there from now on.
    private mutating func change(translation: Double, velocityY: Double, scroll: SheetScrollCandidate?)
        -> StateTransition<SheetDetentEffect>
    {
        let previous = arbitration.owner
        let expansion = self.expansion
        let owner = arbitration.drag(
            translation: translation, velocityY: velocityY, scroll: scroll, expansion: expansion)
        let sheetTranslation = arbitration.sheetTranslation(forFingerTranslation: translation)
        state.phase = .dragging(owner: owner, translation: sheetTranslation)
        if previous == .sheet, owner != .sheet, expansion > 0 {
            let from = state.restingHeight
            state.index = state.detentHeights.count - 1
            let haptic = HapticEvent.sheetSettled(from: from, to: state.restingHeight)
            return .accepted([haptic.map(SheetDetentEffect.haptic), .follow].compactMap { $0 })
        }
        guard owner == .sheet, let scroll else { return .accepted([.follow]) }
        return .accepted([.pinScrollView(id: scroll.id, offsetY: -scroll.adjustedTopInset), .follow])
    }

    private mutating func release(translation: Double, velocity: Double, presentation: SheetPresentation)
        -> StateTransition<SheetDetentEffect>
    {
        guard arbitration.owner == .sheet else { return settle(at: state.index) }
        let drag = BottomSheetDrag(
            height: state.restingHeight, theme: theme,
            allowsDismissal: configuration.allowsSwipeDismissal && presentation.isAllowed(.swipe))
        let decision = drag.release(
            translation: arbitration.sheetTranslation(forFingerTranslation: translation), velocity: velocity,
            detentHeights: state.detentHeights)
        switch decision {
        case .dismiss:
            // The surface stays where the finger left it while it animates out.
            return .accepted([.dismiss(.swipe)])
        case .settle(let height):
            return settle(at: nearestIndex(to: height))
        }
    }

    private mutating func adjust(_ adjustment: SheetGrabberAdjustment, presentation: SheetPresentation)
        -> StateTransition<SheetDetentEffect>
    {
        guard presentation.isAtRest, !state.isDragging else { return .rejected }
        let action = SheetGrabber.adjustment(
            adjustment, detentHeights: state.detentHeights, restingHeight: state.restingHeight,
            allowsDismissal: configuration.allowsSwipeDismissal && presentation.isAllowed(.swipe))
        switch action {
        case .settle(let height): return settle(at: nearestIndex(to: height))
        case .dismiss: return .accepted([.dismiss(.swipe)])
        case .none: return .rejected
        }
    }

    private mutating func settle(at index: Int) -> StateTransition<SheetDetentEffect> {
        let previous = state.restingHeight
        state.index = index
        state.phase = .resting
        let height = state.restingHeight
        let haptic = HapticEvent.sheetSettled(from: previous, to: height).map {
            [SheetDetentEffect.haptic($0)]
        }
        return .accepted(
            (haptic ?? []) + [.animate(toDetent: index, height: height, motion: theme.motion)])
    }

    private mutating func reresolve() -> StateTransition<SheetDetentEffect> {
        let phase = state.phase
        state = Self.resolved(configuration, container, contentHeight, keeping: state.restingHeight)
        state.phase = phase
        return .accepted([])
    }

    private func nearestIndex(to height: Double) -> Int {
        let heights = state.detentHeights
        return heights.indices.min { abs(heights[$0] - height) < abs(heights[$1] - height) } ?? 0
    }

    /// The detents in `container`: the previous resting height when it is still one of
    /// them, else the configuration's own height.
    static func resolved(
        _ configuration: BottomSheetConfiguration, _ container: SheetContainer, _ contentHeight: Double,
        keeping previous: Double?
    ) -> SheetDetentState {
        let frame = BottomSheetSizing.resolve(configuration, in: container) { _ in contentHeight }
        let heights = frame.detentHeights
        func index(of height: Double) -> Int? { heights.firstIndex { abs($0 - height) <= 0.5 } }
        let kept = previous.flatMap(index(of:))
        return SheetDetentState(
            detentHeights: heights, index: kept ?? index(of: frame.surface.height) ?? heights.count - 1)
    }
}
