/// Fires "limit reached" on the edge only: once when the count reaches the limit, and again
/// only after it has dropped below. Nothing fires while an input method is composing (the
/// reference's single-line path forgot this).
package struct LimitReachedTracker: Hashable, Sendable {
    /// Whether the next time the limit is reached will fire.
    package private(set) var isArmed: Bool = true

    /// A tracker, armed.
    package init() {}

    /// The limit-reached effects a text change calls for: one when
    /// ``update(count:maximum:isComposing:)`` says the limit was just reached, none otherwise —
    /// and none, without arming or disarming, when only the counter is being refreshed
    /// (`countOnly`).
    package mutating func effects(count: Int, maximum: Int, isComposing: Bool, countOnly: Bool)
        -> [LimitReachedEffect]
    {
        guard !countOnly, update(count: count, maximum: maximum, isComposing: isComposing) else { return [] }
        return [.limitReached]
    }

    /// Feeds the current count; returns `true` when the event should fire now.
    package mutating func update(count: Int, maximum: Int, isComposing: Bool = false) -> Bool {
        guard !isComposing else { return false }
        if count >= maximum {
            guard isArmed else { return false }
            isArmed = false
            return true
        }
        isArmed = true
        return false
    }
}

/// What a front end does when a limited input reaches its limit.
package enum LimitReachedEffect: Hashable, Sendable {
    /// Report it (`onLimitReached`).
    case limitReached
}

/// The character counter shown under a limited input: `n/max`.
package struct CharacterCounter: Hashable, Sendable {
    /// The current number of characters.
    package var count: Int
    /// The maximum.
    package var maximum: Int

    /// A counter.
    package init(count: Int, maximum: Int) {
        self.count = count
        self.maximum = maximum
    }

    /// The visible text, `n/max`; the front end colours `n` with the input colour and `/max`
    /// with the placeholder colour.
    package var text: String { "\(count)/\(maximum)" }
    /// The visible text split for colouring: the count and the `/max` part.
    package var parts: (count: String, maximum: String) { ("\(count)", "/\(maximum)") }
    /// Whether the limit has been reached.
    package var isAtLimit: Bool { count >= maximum }

    /// The spoken value (the reference hid the counter from VoiceOver).
    package func accessibilityValue(_ strings: AccessibilityStrings) -> String {
        strings.string(.characterCount, count, maximum)
    }
}
