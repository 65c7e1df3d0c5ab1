import KeelComponents
import Testing

@Suite("Sheet presentation state machine")
struct SheetPresentationTests {
    static let states: [SheetPresentationState] = [
        .idle, .queued, .presenting, .presented, .dragging, .dismissing(.swipe), .dismissed(.swipe),
        .failed(.presentationRejected), .cancelled,
    ]
    static let events: [SheetPresentationEvent] = [
        .enqueue, .startPresenting, .presentationFinished, .beginDrag, .endDragSettled,
        .dismiss(.programmatic),
        .dismiss(.backgroundTap), .dismiss(.system), .dismissalFinished, .fail(.presenterUnavailable),
        .cancel,
    ]

    /// Events that drive a fresh machine into `state`.
    static func path(to state: SheetPresentationState) -> [SheetPresentationEvent] {
        switch state {
        case .idle: []
        case .queued: [.enqueue]
        case .presenting: [.enqueue, .startPresenting]
        case .presented: [.enqueue, .startPresenting, .presentationFinished]
        case .dragging: [.enqueue, .startPresenting, .presentationFinished, .beginDrag]
        case .dismissing: [.enqueue, .startPresenting, .presentationFinished, .beginDrag, .dismiss(.swipe)]
        case .dismissed:
            [
                .enqueue, .startPresenting, .presentationFinished, .beginDrag, .dismiss(.swipe),
                .dismissalFinished,
            ]
        case .failed: [.enqueue, .startPresenting, .fail(.presentationRejected)]
        case .cancelled: [.enqueue, .cancel]
        }
    }

    /// The expected next state and effects; `nil` for an invalid event.
    static func expected(_ state: SheetPresentationState, _ event: SheetPresentationEvent)
        -> (SheetPresentationState, [SheetPresentationEffect])?
    {
        switch (state, event) {
        case (.idle, .enqueue): (.queued, [])
        case (.queued, .startPresenting): (.presenting, [])
        case (.presenting, .presentationFinished): (.presented, [.didPresent])
        case (.presented, .beginDrag): (.dragging, [])
        case (.dragging, .endDragSettled): (.presented, [])
        case (.idle, .cancel), (.queued, .cancel), (.queued, .dismiss(.programmatic)): (.cancelled, [])
        case (.presenting, .dismiss(.system)), (.presented, .dismiss(.system)),
            (.dragging, .dismiss(.system)):
            (.dismissed(.system), [.willDismiss(.system), .didDismiss(.system)])
        case (.presenting, .dismiss(let reason)), (.presented, .dismiss(let reason)),
            (.dragging, .dismiss(let reason)):
            (.dismissing(reason), [.willDismiss(reason)])
        case (.dismissing(let reason), .dismissalFinished), (.dismissing(let reason), .dismiss(.system)):
            (.dismissed(reason), [.didDismiss(reason)])
        case (.idle, .fail(let failure)), (.queued, .fail(let failure)), (.presenting, .fail(let failure)):
            (.failed(failure), [.failed(failure)])
        default: nil
        }
    }

    @Test("every state × event", arguments: states, events)
    func transition(state: SheetPresentationState, event: SheetPresentationEvent) throws {
        var machine = SheetPresentation()
        for step in Self.path(to: state) { try #require(machine.handle(step) != nil) }
        try #require(machine.state == state)
        let effects = machine.handle(event)
        if let (next, expectedEffects) = Self.expected(state, event) {
            #expect(effects == expectedEffects)
            #expect(machine.state == next)
        } else {
            #expect(effects == nil)
            #expect(machine.state == state)
        }
    }

    @Test("will and did dismiss fire once each, whatever arrives later")
    func once() {
        var machine = SheetPresentation()
        var fired: [SheetPresentationEffect] = []
        for event in [
            SheetPresentationEvent.enqueue, .startPresenting, .presentationFinished, .dismiss(.backgroundTap),
            .dismiss(.programmatic), .dismiss(.system), .dismissalFinished, .dismiss(.system),
        ] {
            fired += machine.handle(event) ?? []
        }
        #expect(fired == [.didPresent, .willDismiss(.backgroundTap), .didDismiss(.backgroundTap)])
    }

    @Test("interactive dismissal rules, including the escape gesture")
    func rules() {
        var machine = SheetPresentation(isInteractiveDismissalEnabled: true, allowsBackgroundDismissal: false)
        for event in [SheetPresentationEvent.enqueue, .startPresenting, .presentationFinished] {
            _ = machine.handle(event)
        }
        #expect(machine.handle(.dismiss(.backgroundTap)) == nil)
        #expect(machine.isAllowed(.accessibilityEscape))
        machine.isInteractiveDismissalEnabled = false
        #expect(machine.handle(.beginDrag) == nil)
        #expect(machine.handle(.dismiss(.accessibilityEscape)) == nil)
        #expect(machine.handle(.dismiss(.swipe)) == nil)
        #expect(machine.canPresentOverlay(isOverlayShown: false, overlayHasParentOrPresenter: false))
        #expect(!machine.canPresentOverlay(isOverlayShown: true, overlayHasParentOrPresenter: false))
        #expect(!machine.canPresentOverlay(isOverlayShown: false, overlayHasParentOrPresenter: true))
        #expect(machine.handle(.dismiss(.programmatic)) == [.willDismiss(.programmatic)])
        #expect(!machine.canPresentOverlay(isOverlayShown: false, overlayHasParentOrPresenter: false))
    }
}
