/// What an image view shows, for a front end that redraws from state (SwiftUI): the image
/// (`nil`: the placeholder), the transition it arrived with and a revision that changes with
/// each new image. ``display(_:transition:onChange:)`` reports a change only when what is
/// shown changed, so a load costs one redraw per visible step — showing the placeholder
/// again while it already shows costs none.
package struct ImageDisplayState: Sendable {
    /// The image shown, or `nil` for the placeholder.
    package private(set) var image: ImageContainer?
    /// How the current image replaced the previous one.
    package private(set) var transition: ImageTransition = .none
    /// Changes with every shown change (a view's identity for its cross-fade).
    package private(set) var revision = 0

    /// An empty state: the placeholder.
    package init() {}

    /// Whether the placeholder shows.
    package var showsPlaceholder: Bool { image == nil }

    /// The placeholder's opacity: 1 while it shows, else 0.
    package var placeholderOpacity: Double { showsPlaceholder ? 1 : 0 }

    /// Records a display call; calls `onChange` first (before the state changes, as
    /// `objectWillChange` expects) only when what is shown changes.
    package mutating func display(
        _ image: ImageContainer?, transition: ImageTransition, onChange: () -> Void
    ) {
        guard image != nil || self.image != nil else { return }
        onChange()
        self.image = image
        self.transition = transition
        revision &+= 1
    }
}
