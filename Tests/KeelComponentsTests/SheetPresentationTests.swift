import KeelComponents
import KeelSupport
import Testing

@Suite("Sheet presentation state machine")
struct SheetPresentationTests {
    static let states: [SheetPresentationState] = [
        .idle, .lifecycle(.queued), .lifecycle(.presenting), .lifecycle(.presented), .dragging,
        .lifecycle(.dismissing(.swipe)), .lifecycle(.dismissed(.swipe)),
        .lifecycle(.failed(.presentationRejected)), .lifecycle(.cancelled),
    ]
    static let events: [SheetPresentationEvent] = [
        .enqueue, .startPresenting, .presentationFinished, .beginDrag, .endDragSettled,
        .dismiss(.programmatic),
        .dismiss(.backgroundTap), .dismiss(.system), .dismissalFinished, .fail(.presenterUnavailable),
        .cancel, .withdrawalRefused,
    ]

    /// Events that drive a fresh machine into `state`.
    static func path(to state: SheetPresentationState) -> [SheetPresentationEvent] {
        switch state {
        case .lifecycle(.idle): []
        case .lifecycle(.queued): [.enqueue]
        case .lifecycle(.presenting): [.enqueue, .startPresenting]
        case .lifecycle(.presented): [.enqueue, .startPresenting, .presentationFinished]
        case .dragging: [.enqueue, .startPresenting, .presentationFinished, .beginDrag]
        case .lifecycle(.dismissing):
            [.enqueue, .startPresenting, .presentationFinished, .beginDrag, .dismiss(.swipe)]
        case .lifecycle(.dismissed):
            [
                .enqueue, .startPresenting, .presentationFinished, .beginDrag, .dismiss(.swipe),
                .dismissalFinished,
            ]
        case .lifecycle(.failed): [.enqueue, .startPresenting, .fail(.presentationRejected)]
        case .lifecycle(.cancelled): [.enqueue, .cancel]
        }
    }

    /// The expected next state and effects; `nil` for an invalid event. A dismissal animates
    /// out (``OverlayPresentationEffect/animateOut(animated:)``, which the sheet used to leave
    /// to its front end) and withdrawing a queued sheet says so
    /// (``OverlayPresentationEffect/withdrawFromQueue``; it used to return no effect), as the
    /// alert always did.
    static func expected(_ state: SheetPresentationState, _ event: SheetPresentationEvent)
        -> (SheetPresentationState, [OverlayPresentationEffect])?
    {
        switch (state, event) {
        case (.lifecycle(.presented), .beginDrag): return (.dragging, [])
        case (.dragging, .endDragSettled): return (.lifecycle(.presented), [])
        case (.dragging, .lifecycle(.dismiss)):
            // Dismissed mid-drag: as from rest.
            return expected(.lifecycle(.presented), event)
        case (.lifecycle(let state), .lifecycle(let event)):
            guard let (next, effects) = expectedLifecycle(state, event) else { return nil }
            return (.lifecycle(next), effects)
        default: return nil
        }
    }

    static func expectedLifecycle(_ state: OverlayPresentationState, _ event: OverlayPresentationEvent)
        -> (OverlayPresentationState, [OverlayPresentationEffect])?
    {
        switch (state, event) {
        case (.idle, .enqueue): (.queued, [])
        case (.queued, .startPresenting): (.presenting, [.animateIn])
        case (.presenting, .presentationFinished): (.presented, [.didPresent])
        case (.idle, .cancel): (.cancelled, [])
        case (.queued, .cancel), (.queued, .dismiss(.programmatic, _)): (.cancelled, [.withdrawFromQueue])
        case (.queued, .withdrawalRefused), (.cancelled, .withdrawalRefused): (.queued, [])
        case (.presenting, .dismiss(.system, _)), (.presented, .dismiss(.system, _)):
            (.dismissed(.system), [.willDismiss(.system), .didDismiss(.system)])
        case (.presenting, .dismiss(let reason, let animated)),
            (.presented, .dismiss(let reason, let animated)):
            (.dismissing(reason), [.willDismiss(reason), .animateOut(animated: animated)])
        case (.dismissing(let reason), .dismissalFinished), (.dismissing(let reason), .dismiss(.system, _)):
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
        var fired: [OverlayPresentationEffect] = []
        for event in [
            SheetPresentationEvent.enqueue, .startPresenting, .presentationFinished, .dismiss(.backgroundTap),
            .dismiss(.programmatic), .dismiss(.system), .dismissalFinished, .dismiss(.system),
        ] {
            fired += machine.send(event).effects
        }
        let expected: [OverlayPresentationEffect] = [
            .animateIn, .didPresent, .willDismiss(.backgroundTap), .animateOut(animated: true),
            .didDismiss(.backgroundTap),
        ]
        #expect(fired == expected)
    }

    /// The sheet's dismiss event had no `animated`: `requestDismissal(animated: false)` gave an
    /// `animateOut(animated: true)` effect, which a front end acting on it would have animated.
    @Test("an unanimated dismissal says so in its animate-out effect")
    func unanimatedDismissal() {
        var machine = SheetPresentation()
        for event in [SheetPresentationEvent.enqueue, .startPresenting, .presentationFinished] {
            _ = machine.send(event)
        }
        #expect(
            machine.send(.dismiss(.programmatic, animated: false)).effects == [
                .willDismiss(.programmatic), .animateOut(animated: false),
            ])
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
        #expect(
            machine.send(.dismiss(.programmatic))
                == .accepted([.willDismiss(.programmatic), .animateOut(animated: true)]))
        #expect(!machine.canPresentOverlay(isOverlayShown: false, overlayHasParentOrPresenter: false))
    }

    /// The sheet animating in or out is on screen, as the alert is (it used to count only
    /// presented and dragging: `KeelBottomSheetHandle.isPresented` said false while the sheet
    /// was still seen sliding out and still held its turn in the overlay queue).
    @Test("on screen from the start of its in-animation to the end of its out-animation")
    func onScreen() throws {
        var machine = SheetPresentation()
        var seen: [Bool] = [machine.state.isOnScreen]
        for event in [
            SheetPresentationEvent.enqueue, .startPresenting, .presentationFinished, .beginDrag,
            .dismiss(.swipe), .dismissalFinished,
        ] {
            try #require(machine.send(event).isAccepted)
            seen.append(machine.state.isOnScreen)
        }
        #expect(seen == [false, false, true, true, true, true, false])
    }

    /// The escape answer is the machine's: it used to say no while the sheet animated in (or
    /// was dragged) although a dismissal for the escape gesture was accepted then, so
    /// VoiceOver heard a failure while the sheet left.
    @Test("the escape gesture is allowed exactly when the machine accepts its dismissal")
    func escapeAgreesWithTheMachine() throws {
        var machine = SheetPresentation()
        var answers: [Bool] = []
        for event in [
            SheetPresentationEvent.enqueue, .startPresenting, .presentationFinished, .beginDrag,
            .dismiss(.swipe),
        ] {
            try #require(machine.send(event).isAccepted)
            #expect(machine.allowsEscape == machine.accepts(.dismiss(.accessibilityEscape)))
            answers.append(machine.allowsEscape)
        }
        #expect(answers == [false, true, true, true, false])
    }

    @Test("a drag ends with the presentation: dismissed or removed mid-drag, the sheet is not dragging")
    func dragEndsWithDismissal() throws {
        var machine = SheetPresentation()
        for event in [SheetPresentationEvent.enqueue, .startPresenting, .presentationFinished, .beginDrag] {
            try #require(machine.send(event).isAccepted)
        }
        #expect(machine.send(.dismiss(.system)) == .accepted([.willDismiss(.system), .didDismiss(.system)]))
        #expect(machine.state == .lifecycle(.dismissed(.system)) && !machine.isDragging)
        #expect(machine.send(.endDragSettled) == .rejected)
    }
}
