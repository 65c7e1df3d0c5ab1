import KeelComponents
import KeelSupport
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
        case (.queued, .startPresenting): (.presenting, [.animateIn])
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
        for step in Self.path(to: state) { try #require(machine.send(step).isAccepted) }
        try #require(machine.state == state)
        let transition = machine.send(event)
        if let (next, expectedEffects) = Self.expected(state, event) {
            #expect(transition == .accepted(expectedEffects))
            #expect(machine.state == next)
        } else {
            #expect(transition == .rejected)
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
            fired += machine.send(event).effects
        }
        let expected: [SheetPresentationEffect] = [
            .animateIn, .didPresent, .willDismiss(.backgroundTap), .didDismiss(.backgroundTap),
        ]
        #expect(fired == expected)
    }

    @Test("interactive dismissal rules, including the escape gesture")
    func rules() {
        var machine = SheetPresentation(isInteractiveDismissalEnabled: true, allowsBackgroundDismissal: false)
        for event in [SheetPresentationEvent.enqueue, .startPresenting, .presentationFinished] {
            _ = machine.send(event)
        }
        #expect(machine.send(.dismiss(.backgroundTap)) == .rejected)
        #expect(machine.isAllowed(.accessibilityEscape))
        #expect(machine.allowsEscape)
        machine.isInteractiveDismissalEnabled = false
        #expect(machine.send(.beginDrag) == .rejected)
        #expect(!machine.allowsEscape)
        #expect(machine.send(.dismiss(.accessibilityEscape)) == .rejected)
        #expect(machine.send(.dismiss(.swipe)) == .rejected)
        #expect(machine.canPresentOverlay(isOverlayShown: false, overlayHasParentOrPresenter: false))
        #expect(!machine.canPresentOverlay(isOverlayShown: true, overlayHasParentOrPresenter: false))
        #expect(!machine.canPresentOverlay(isOverlayShown: false, overlayHasParentOrPresenter: true))
        #expect(machine.send(.dismiss(.programmatic)) == .accepted([.willDismiss(.programmatic)]))
        #expect(!machine.canPresentOverlay(isOverlayShown: false, overlayHasParentOrPresenter: false))
    }
}
