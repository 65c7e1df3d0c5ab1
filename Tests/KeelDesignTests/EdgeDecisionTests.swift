import KeelDesign
import Testing

/// Decisions that used to be made in KeelUIKit's helpers: how a motion runs and when a
/// themed view re-resolves.
@Suite("Edge decisions: motion plans and theme refresh")
struct EdgeDecisionTests {
    static let spring = Spring(mass: 1, stiffness: 300, damping: 30)

    @Test(
        "A resolved motion's plan: immediate, cross-fade, spring or cubic curve",
        arguments: [
            (
                MotionStyle(duration: 0.3, curve: .easeOut), false, true,
                MotionPlan.animate(timing: .cubic(x1: 0, y1: 0, x2: 0.58, y2: 1), duration: 0.3, delay: 0)
            ),
            (MotionStyle(duration: 0.3, curve: .easeOut), false, false, .immediate),
            (MotionStyle(duration: 0, curve: .easeOut), false, true, .immediate),
            (MotionStyle(duration: .nan, curve: .linear), false, true, .immediate),
            // A spring runs for its settling duration, not the token's (it used to end SwiftUI
            // components at the token's duration, before the spring stopped).
            (
                MotionStyle(duration: 0.5, curve: .spring(spring), delay: 0.1), false, true,
                .animate(timing: .spring(spring), duration: spring.settlingDuration()!, delay: 0.1)
            ),
            (
                MotionStyle(duration: 0, curve: .spring(spring)), false, true,
                .animate(timing: .spring(spring), duration: spring.settlingDuration()!, delay: 0)
            ),
            (
                MotionStyle(duration: 0.5, curve: .linear, delay: -2), false, true,
                .animate(timing: .cubic(x1: 0, y1: 0, x2: 1, y2: 1), duration: 0.5, delay: 0)
            ),
            (
                MotionStyle(duration: 0.3, curve: .easeOut, reducedMotion: .crossFade(duration: 0.2)), true,
                true, .crossFade(duration: 0.2)
            ),
            (MotionStyle(duration: 0.3, curve: .easeOut, reducedMotion: .instant), true, true, .immediate),
        ])
    func motionPlan(style: MotionStyle, reduceMotion: Bool, animated: Bool, expected: MotionPlan) {
        #expect(ResolvedMotion(style: style, reduceMotion: reduceMotion).plan(animated: animated) == expected)
    }

    @Test("Theme refresh: the first look applies, a new context resubscribes, same facts do nothing")
    func themeRefresh() {
        var tracker = ThemeRefreshTracker<Int>()
        let light = ThemeTraits()
        let dark = ThemeTraits(colorScheme: .dark)
        typealias Event = ThemeRefreshTracker<Int>.Event
        let steps: [(Event, [ThemeRefreshTracker<Int>.Effect])] = [
            (Event(context: 1, generation: 0, traits: light), [.subscribe, .apply]),
            (Event(context: 1, generation: 0, traits: light), []),
            (Event(context: 1, generation: 0, traits: dark), [.apply]),
            (Event(context: 1, generation: 1, traits: dark), [.apply]),
            (Event(context: 2, generation: 1, traits: dark), [.subscribe, .apply]),
            (Event(context: 2, generation: 1, traits: dark), []),
        ]
        for (index, (event, effects)) in steps.enumerated() {
            let transition = tracker.send(event)
            #expect(transition.isAccepted, "step \(index)")
            #expect(transition.effects == effects, "step \(index)")
            #expect(tracker.state.context == event.context && tracker.state.traits == event.traits)
        }
        #expect(tracker.accepts(Event(context: 3, generation: 0, traits: light)))
        #expect(tracker.state.context == 2, "accepts(_:) must not change the state")
    }
}
