/// What a declarative front end (SwiftUI's `item` binding) does when the snackbar it is
/// asked to show changes from `previous` to `current`.
package enum SnackbarItemChange: Hashable, Sendable {
    /// Queue this snackbar (nothing was asked for before).
    case show(SnackbarConfiguration)
    /// Dismiss the one asked for before as replaced, then queue this one.
    case replace(SnackbarConfiguration)
    /// Dismiss the one asked for before (the app cleared the item).
    case dismiss
    /// Nothing changed.
    case none

    /// The change from `previous` to `current`.
    package init(previous: SnackbarConfiguration?, current: SnackbarConfiguration?) {
        switch (previous, current) {
        case (nil, nil): self = .none
        case (nil, .some(let new)): self = .show(new)
        case (.some, nil): self = .dismiss
        case (.some(let old), .some(let new)): self = old == new ? .none : .replace(new)
        }
    }

    /// The change when the view carrying the binding appears holding `item`, with `requested`
    /// asked for so far: shown like a new item — SwiftUI's `onChange` does not report the
    /// value a view starts with, so an item set before the view appeared was never shown —
    /// and nothing for the one already asked for (a view that appears again).
    package static func appeared(
        with item: SnackbarConfiguration?, requested: SnackbarConfiguration?
    ) -> SnackbarItemChange {
        item == nil ? .none : SnackbarItemChange(previous: requested, current: item)
    }

    /// The item a binding holds after its snackbar was dismissed for `reason`: cleared, except
    /// when a newer snackbar replaced it (the binding already holds the newer one).
    package static func item(
        afterDismissal reason: SnackbarDismissalReason, current: SnackbarConfiguration?
    ) -> SnackbarConfiguration? {
        reason == .replaced ? current : nil
    }
}

extension SnackbarEvent {
    /// The event a new request sends to the snackbar on screen: ``replace`` when the request
    /// replaces it, else `nil` (it waits its turn).
    package static func forCurrent(whenNewRequestReplaces replaces: Bool) -> SnackbarEvent? {
        replaces ? .replace : nil
    }

    /// The event for VoiceOver's status as the platform reports it.
    package static func voiceOver(running: Bool) -> SnackbarEvent { .voiceOverChanged(running: running) }
}
