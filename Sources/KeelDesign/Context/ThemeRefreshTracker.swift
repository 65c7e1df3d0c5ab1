import KeelSupport

/// Decides when a themed view must re-resolve: its theme context changed (then it must also
/// follow the new context's changes), the context's theme changed (its generation), or the
/// traits did. The UIKit theme binding only sends what it sees and performs the effects.
package struct ThemeRefreshTracker<ContextID: Hashable & Sendable>: StateMachine, Hashable {
    /// What the tracker last saw.
    package struct State: Hashable, Sendable {
        /// The context.
        package var context: ContextID?
        /// The context's generation.
        package var generation: Int?
        /// The traits.
        package var traits: ThemeTraits?
    }

    /// What the view sees now.
    package struct Event: Hashable, Sendable {
        /// Its scene's context.
        package var context: ContextID
        /// The context's generation (bumped when its theme changes).
        package var generation: Int
        /// Its traits.
        package var traits: ThemeTraits

        /// An observation.
        package init(context: ContextID, generation: Int, traits: ThemeTraits) {
            self.context = context
            self.generation = generation
            self.traits = traits
        }
    }

    /// What the view must do, in order.
    package enum Effect: Hashable, Sendable {
        /// Follow the (new) context's changes.
        case subscribe
        /// Re-resolve and apply the theme.
        case apply
    }

    /// What the tracker last saw (nothing at first: the first observation applies).
    package private(set) var state = State()

    /// A tracker that has seen nothing.
    package init() {}

    /// Records an observation; every observation is valid.
    package mutating func send(_ event: Event) -> StateTransition<Effect> {
        var effects: [Effect] = []
        if event.context != state.context {
            state.context = event.context
            state.generation = nil
            effects.append(.subscribe)
        }
        if event.traits != state.traits || event.generation != state.generation {
            effects.append(.apply)
        }
        state.traits = event.traits
        state.generation = event.generation
        return .accepted(effects)
    }
}
