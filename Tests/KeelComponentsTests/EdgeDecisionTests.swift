import KeelComponents
import KeelDesign
import Testing

/// Decisions that used to be made in KeelUIKit's helpers: text-measurement arithmetic,
/// accessibility traits, touch delivery and the strings' language order.
@Suite("Edge decisions: text measurement, accessibility traits, touches")
struct ComponentEdgeDecisionTests {
    @Test(
        "Measured widths round up and are never negative or non-finite",
        arguments: [(10.2, 11.0), (10, 10), (-3, 0), (Double.nan, 0), (Double.infinity, 0)]
            as [(Double, Double)])
    func widths(measured: Double, expected: Double) {
        #expect(TextMeasurement.width(measured: measured) == expected)
    }

    @Test(
        "Wrapped heights round up and stop at the line limit",
        arguments: [
            (45.3, nil, 20.0, 46.0), (45.3, 2, 20, 40), (45.3, 0, 20, 46), (10, 3, 20, 10),
            (Double.nan, 2, 20, 0),
        ] as [(Double, Int?, Double, Double)])
    func heights(measured: Double, lines: Int?, lineHeight: Double, expected: Double) {
        #expect(
            TextMeasurement.height(measured: measured, maximumLines: lines, lineHeight: lineHeight)
                == expected)
    }

    @Test("The wrapping width is never negative or NaN; infinity stays unwrapped")
    func wrappingWidth() {
        #expect(TextMeasurement.wrappingWidth(120) == 120)
        #expect(TextMeasurement.wrappingWidth(-1) == 0)
        #expect(TextMeasurement.wrappingWidth(.nan) == 0)
        #expect(TextMeasurement.wrappingWidth(.infinity) == .infinity)
    }

    @Test("Platform traits: the role's first, then each trait in a fixed order")
    func platformTraits() {
        let table: [(AccessibilityRole, AccessibilityTraitSet, [PlatformAccessibilityTrait])] = [
            (.button, [], [.button]),
            (.checkbox, [.selected], [.button, .selected]),
            (.toggle, [.notEnabled, .updatesFrequently], [.toggleSwitch, .notEnabled, .updatesFrequently]),
            (
                .button, [.updatesFrequently, .selected, .notEnabled],
                [.button, .notEnabled, .selected, .updatesFrequently]
            ),
        ]
        for (role, traits, expected) in table {
            let description = AccessibilityDescription(role: role, label: nil, value: nil, traits: traits)
            #expect(description.platformTraits == expected, "\(role) \(traits)")
        }
    }

    @Test("Only a pass-through disposition keeps the touch from the control")
    func receivesTouch() {
        #expect(!TouchDisposition.passThrough.receivesTouch)
        #expect(TouchDisposition.handle.receivesTouch && TouchDisposition.absorb.receivesTouch)
    }

    @Test("The app's localizations come before the user's languages")
    func stringsLanguageOrder() {
        let chineseApp = AccessibilityStrings(appLocalizations: ["zh-Hans"], preferredLanguages: ["en-GB"])
        #expect(chineseApp.language == AccessibilityStrings.simplifiedChinese.language)
        let englishFallback = AccessibilityStrings(appLocalizations: [], preferredLanguages: ["xx", "en"])
        #expect(englishFallback.language == AccessibilityStrings.english.language)
    }
}

@Suite("Overlay content sizing")
struct OverlayContentSizingTests {
    @Test("A positive preferred height wins and the fitting height is not measured")
    func preferredWins() {
        var measured = false
        let height = OverlayContentSizing.height(
            preferred: 120,
            fitting: {
                measured = true
                return 300
            }())
        #expect(height == 120 && !measured)
    }

    @Test(
        "Without a usable preferred height the fitting height is used, never negative",
        arguments: [
            (0.0, 300.0, 300.0), (-5, 300, 300), (.nan, 40, 40), (.infinity, 40, 40), (0, -3, 0),
            (0, .nan, 0),
        ]
            as [(Double, Double, Double)])
    func fitting(preferred: Double, fitting: Double, expected: Double) {
        #expect(OverlayContentSizing.height(preferred: preferred, fitting: fitting) == expected)
    }
}

@Suite("Keyboard transitions")
struct KeyboardTransitionTests {
    @Test(
        "Missing, negative or non-finite durations are instant; the curve becomes option bits",
        arguments: [
            (0.25 as Double?, 7 as UInt?, 0.25, UInt(7) << 16), (nil, nil, 0, 0), (-1, 3, 0, 3 << 16),
            (.nan, 0x1_0007, 0, 7 << 16), (.infinity, 2, 0, 2 << 16),
        ] as [(Double?, UInt?, Double, UInt)])
    func transition(duration: Double?, curve: UInt?, seconds: Double, bits: UInt) {
        let transition = KeyboardTransition(duration: duration, curve: curve)
        #expect(transition.duration == seconds)
        #expect(transition.animationOptionBits == bits)
    }
}

@Suite("Keyboard motion and ownership")
struct KeyboardMotionTests {
    @Test(
        "The keyboard's duration on its curve; the keyboard's own curve as ease-out; none is instant",
        arguments: [
            (0.25, 0 as UInt, MotionCurve.easeInOut), (0.25, 1, .easeIn), (0.25, 2, .easeOut),
            (0.25, 3, .linear),
            (0.25, 7, .easeOut),
        ])
    func motion(duration: Double, curve: UInt, expected: MotionCurve) {
        let motion = KeyboardTransition(duration: duration, curve: curve).motion
        #expect(motion.kind == .animate)
        #expect(motion.duration == duration)
        #expect(motion.curve == expected)
        #expect(KeyboardTransition(duration: nil, curve: curve).motion.kind == .instant)
        #expect(KeyboardTransition(duration: .nan, curve: curve).motion.duration == 0)
    }

    final class Node: Sendable {
        let children: [Node]
        let isFirstResponder: Bool
        init(_ children: [Node] = [], responder: Bool = false) {
            self.children = children
            isFirstResponder = responder
        }
    }

    @Test("The first responder is found anywhere below the root, the root included, and only there")
    func containsFirstResponder() {
        func contains(_ root: Node) -> Bool {
            KeyboardGeometry.containsFirstResponder(
                root, children: \.children, isFirstResponder: \.isFirstResponder)
        }
        #expect(!contains(Node([Node(), Node([Node()])])))
        #expect(contains(Node(responder: true)))
        #expect(contains(Node([Node(), Node([Node(), Node(responder: true)])])))
        // A chain far deeper than any call stack would allow (nodes are depths here).
        #expect(
            KeyboardGeometry.containsFirstResponder(
                0, children: { $0 < 100_000 ? [$0 + 1] : [] }, isFirstResponder: { $0 == 100_000 }))
        // It stops at the responder: the other branch's ten nodes are not all visited.
        var visited = 0
        let found = KeyboardGeometry.containsFirstResponder(
            Node([Node((0..<9).map { _ in Node() }), Node(responder: true)]), children: \.children,
            isFirstResponder: { node in
                visited += 1
                return node.isFirstResponder
            })
        #expect(found && visited < 12)
    }
}

@Suite("Sheet edge decisions")
struct SheetEdgeDecisionTests {
    @Test("A scroll view takes touches only visible, enabled, scrollable and in a window")
    func scrollCandidateInteractivity() {
        func candidate(
            hidden: Bool = false, interaction: Bool = true, scroll: Bool = true, window: Bool = true
        )
            -> SheetScrollCandidate
        {
            SheetScrollCandidate(
                id: 1, offsetY: 0, adjustedTopInset: 0, adjustedBottomInset: 0, contentHeight: 500,
                boundsHeight: 200,
                alwaysBouncesVertically: false, isHidden: hidden, isUserInteractionEnabled: interaction,
                isScrollEnabled: scroll, isInWindow: window)
        }
        #expect(candidate().isInteractive)
        #expect(!candidate(hidden: true).isInteractive)
        #expect(!candidate(interaction: false).isInteractive)
        #expect(!candidate(scroll: false).isInteractive)
        #expect(!candidate(window: false).isInteractive)
        #expect(candidate().canScrollVertically)
    }

    @Test("An overlay with a parent or a presenter cannot be presented from the sheet")
    func overlayRelations() {
        var presentation = SheetPresentation()
        for event in [SheetPresentationEvent.enqueue, .startPresenting, .presentationFinished] {
            _ = presentation.send(event)
        }
        #expect(
            presentation.canPresentOverlay(
                isOverlayShown: false, overlayHasParent: false, overlayHasPresenter: false))
        #expect(
            !presentation.canPresentOverlay(
                isOverlayShown: false, overlayHasParent: true, overlayHasPresenter: false))
        #expect(
            !presentation.canPresentOverlay(
                isOverlayShown: false, overlayHasParent: false, overlayHasPresenter: true))
        #expect(
            !presentation.canPresentOverlay(
                isOverlayShown: true, overlayHasParent: false, overlayHasPresenter: false))
    }
}

@Suite("Alert edge decisions")
struct AlertEdgeDecisionTests {
    @Test("Limit-reached effects: once on reaching the limit, none while composing or refreshing the count")
    func limitReachedEffects() {
        var tracker = LimitReachedTracker()
        #expect(tracker.effects(count: 5, maximum: 5, isComposing: false, countOnly: true).isEmpty)
        #expect(tracker.isArmed, "a count-only refresh neither arms nor disarms")
        #expect(tracker.effects(count: 5, maximum: 5, isComposing: true, countOnly: false).isEmpty)
        #expect(
            tracker.effects(count: 5, maximum: 5, isComposing: false, countOnly: false) == [.limitReached])
        #expect(tracker.effects(count: 5, maximum: 5, isComposing: false, countOnly: false).isEmpty)
        #expect(tracker.effects(count: 4, maximum: 5, isComposing: false, countOnly: false).isEmpty)
        #expect(
            tracker.effects(count: 5, maximum: 5, isComposing: false, countOnly: false) == [.limitReached])
    }

    @Test("An overlay request's state reads as presented or pending; no request is neither")
    func overlayStateReadings() {
        #expect(OverlayItemState.isPresented(.presented) && !OverlayItemState.isPresented(.queued))
        #expect(OverlayItemState.isPending(.queued) && !OverlayItemState.isPending(.presenting))
        #expect(!OverlayItemState.isPresented(nil) && !OverlayItemState.isPending(nil))
    }

    @Test("A disappearing alert is removed when UIKit dismisses it or it lost its presenter")
    func disappearance() {
        #expect(
            AlertPresentationEvent.disappeared(isBeingDismissed: true, hasPresenter: true)
                == .disappeared(isRemoved: true))
        #expect(
            AlertPresentationEvent.disappeared(isBeingDismissed: false, hasPresenter: false)
                == .disappeared(isRemoved: true))
        #expect(
            AlertPresentationEvent.disappeared(isBeingDismissed: false, hasPresenter: true)
                == .disappeared(isRemoved: false))
    }

    @Test("A disappearing alert host carries whether its presenter is still in a window")
    func hostDisappearance() {
        for inWindow in [true, false] {
            #expect(
                AlertPresentationEvent.hostDisappeared(
                    isBeingDismissed: true, hasPresenter: true, presenterIsInWindow: inWindow)
                    == .hostDisappeared(isRemoved: true, presenterIsInWindow: inWindow))
            #expect(
                AlertPresentationEvent.hostDisappeared(
                    isBeingDismissed: false, hasPresenter: false, presenterIsInWindow: inWindow)
                    == .hostDisappeared(isRemoved: true, presenterIsInWindow: inWindow))
            #expect(
                AlertPresentationEvent.hostDisappeared(
                    isBeingDismissed: false, hasPresenter: true, presenterIsInWindow: inWindow)
                    == .hostDisappeared(isRemoved: false, presenterIsInWindow: inWindow))
        }
    }
}
