import KeelSupport

/// Why an inline banner went away.
public enum BannerDismissalReason: String, Hashable, Sendable {
    /// The close button (or VoiceOver's activation of it).
    case closeButton
    /// One of its actions (actions dismiss the banner unless the app keeps it).
    case action
    /// The app removed it.
    case programmatic
}

/// An event of a ``BannerPresentation``.
package enum BannerEvent: Hashable, Sendable {
    /// An action was used; `dismisses` says whether the banner goes with it.
    case action(id: String, dismisses: Bool)
    /// The close button was used.
    case close
    /// The app removes the banner.
    case dismiss
}

/// What the front end must do after a banner event, in order.
package enum BannerEffect: Hashable, Sendable {
    /// Run the app's handler for this action.
    case performAction(String)
    /// Remove the banner (with the appearance's motion) and report the reason.
    case dismissed(BannerDismissalReason)
}

/// The inline banner's behaviour: shown until closed, dismissed by an action or by the app,
/// then inert (a second close or a late action is rejected). Actions must be the
/// configuration's own.
package struct BannerPresentation: StateMachine, Hashable, Sendable {
    /// Whether the banner is shown, or why it went.
    package enum State: Hashable, Sendable {
        /// On screen.
        case shown
        /// Gone.
        case dismissed(BannerDismissalReason)
    }

    /// The current state.
    package private(set) var state: State = .shown
    /// The configuration (its actions and whether it can be closed).
    package let configuration: BannerConfiguration

    /// A shown banner.
    package init(configuration: BannerConfiguration) {
        self.configuration = configuration
    }

    /// Applies an event.
    @discardableResult
    package mutating func send(_ event: BannerEvent) -> StateTransition<BannerEffect> {
        guard state == .shown else { return .rejected }
        switch event {
        case .action(let id, let dismisses):
            guard configuration.actions.contains(where: { $0.id == id }) else { return .rejected }
            guard dismisses else { return .accepted([.performAction(id)]) }
            state = .dismissed(.action)
            return .accepted([.performAction(id), .dismissed(.action)])
        case .close:
            guard configuration.isDismissible else { return .rejected }
            state = .dismissed(.closeButton)
            return .accepted([.dismissed(.closeButton)])
        case .dismiss:
            state = .dismissed(.programmatic)
            return .accepted([.dismissed(.programmatic)])
        }
    }
}
