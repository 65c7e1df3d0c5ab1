import KeelSupport

/// What a progress indicator says without being focused: each time the value passes a new
/// step of the theme's `announcement.step` (25 %, 50 %, 75 %) and once when it completes; never
/// on every small change (VoiceOver reads those itself while the indicator is focused, from
/// its updates-frequently trait), never when the value goes back (a new task), never while
/// indeterminate. The state is the step last reached.
package struct ProgressAnnouncement: StateMachine, Hashable, Sendable {
    /// An announcement to make.
    package enum Effect: Hashable, Sendable {
        /// Say the percentage.
        case percent(Int)
        /// Say "Complete".
        case complete
    }

    /// The last step reached (−1 before any determinate value).
    package private(set) var state: Int = -1
    /// The share of the whole per step.
    package let step: Double
    /// The smallest step: one announcement per percent at most.
    package static let minimumStep = 0.01
    /// How close to a step (in steps) a value counts as having reached it: far above the
    /// rounding error of `fraction / step` (at most 100 steps), far below any real progress.
    static let stepTolerance = 1e-9

    /// An announcer with `step` (a share of the whole, 0 < step ≤ 1; 0.25 otherwise), at
    /// least ``minimumStep``: a theme's `announcement.step` of `1e-300` made `1 / step`
    /// infinite, and counting the steps trapped converting it to `Int`.
    package init(step: Double) {
        self.step = step > 0 && step <= 1 ? max(step, Self.minimumStep) : 0.25
    }

    /// Takes a new value: accepted with an announcement when it reaches a new step or
    /// completes, accepted silently when it only moves the step reached (the first value, a
    /// value that goes back, an indeterminate one), rejected when nothing changes.
    @discardableResult
    package mutating func send(_ value: ProgressValue) -> StateTransition<Effect> {
        let previous = state
        guard let fraction = value.fraction else {
            state = -1
            return previous == -1 ? .rejected : .accepted([])
        }
        // Within `stepTolerance` of a step counts as reaching it: 0.3 / 0.1 is 2.999…96 in
        // binary, which floored to step 2 and skipped "30 %".
        let steps = Int((1 / step - Self.stepTolerance).rounded(.up))
        let reached =
            fraction >= 1
            ? steps : min(steps - 1, Int((fraction / step + Self.stepTolerance).rounded(.down)))
        guard reached != previous else { return .rejected }
        state = reached
        guard previous >= 0, reached > previous else { return .accepted([]) }
        if reached == steps { return .accepted([.complete]) }
        return .accepted([.percent(Int((Double(reached) * step * 100).rounded()))])
    }

    /// The words of an announcement.
    package static func text(_ effect: Effect, strings: AccessibilityStrings) -> String {
        switch effect {
        case .percent(let percent): strings.string(.progressPercent, percent)
        case .complete: strings.string(.progressComplete)
        }
    }
}
