/// What a front end's frame clock (a display link driving an indeterminate indicator or a
/// skeleton's shimmer) must do: run only while something moves and the view is on screen, so
/// a still or hidden indicator costs nothing.
package enum FrameClockCommand: Hashable, Sendable {
    /// Start ticking.
    case start
    /// Stop and release the clock.
    case stop
    /// Leave it as it is.
    case keep

    /// The command for a view whose content `moves`, that is on screen or not, and whose clock
    /// is running or not.
    package init(moves: Bool, isOnScreen: Bool, isRunning: Bool) {
        let wanted = moves && isOnScreen
        self = wanted == isRunning ? .keep : (wanted ? .start : .stop)
    }
}
