/// The ``OverlayQueue`` of one window scene, shared by every front end in it: a UIKit alert
/// and a SwiftUI alert in the same scene wait for each other, and a sheet of either waits
/// while an alert of either is up.
///
/// Each request carries its own presentation: when its turn comes the queue calls the
/// `present` closure the requesting front end gave (with the request's ticket), and that
/// front end reports back with ``presentationChecked(_:isOnScreen:)`` or
/// ``presentationDidFail(_:_:)``. So one queue can order requests whose views belong to
/// different frameworks without knowing either.
///
/// Found per scene through an ``OverlayQueueRegistry``; made directly for an overlay that has
/// no scene (its request then fails the same way) and in tests. Main-actor isolated, like
/// the front ends that drive it.
@MainActor
package final class SceneOverlayQueue {
    /// One request as the queue holds it: how to present it and whom to tell.
    package struct Request: Sendable {
        let present: @MainActor (OverlayTicket) -> Void
        let onPresented: @MainActor () -> Void
        let onFailure: @MainActor (OverlayPresentationFailure) -> Void
    }

    private var queue = OverlayQueue<Request>()
    private let nextTurn: @MainActor (@escaping @MainActor () -> Void) -> Void

    /// An empty queue. `nextTurn` runs a check after the current main-actor turn (a new main
    /// task by default; tests pass one they drain themselves).
    package init(
        nextTurn: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void = { work in
            Task { @MainActor in work() }
        }
    ) {
        self.nextTurn = nextTurn
    }

    /// The tickets: waiting, active per channel, and where each request stands.
    package var state: OverlayQueueState { queue.state }

    /// The state of a request (`nil` for a ticket this queue never issued).
    package func state(of ticket: OverlayTicket) -> OverlayItemState? { queue.state(of: ticket) }

    /// The request currently shown (or being shown) on a channel.
    package func activeTicket(on channel: OverlayChannel) -> OverlayTicket? {
        queue.activeTicket(on: channel)
    }

    /// The requests waiting on a channel, in order.
    package func queuedTickets(on channel: OverlayChannel) -> [OverlayTicket] {
        queue.queuedTickets(on: channel)
    }

    /// Queues a request on `channel` and returns its ticket. `present` runs when its turn
    /// comes (at once when the channel is free and nothing above it is up); the front end then
    /// reports whether it took. `onPresented` runs once it is on screen, `onFailure` if it never
    /// is (at once for a presenter outside a window scene). `next` puts it ahead of the
    /// requests already waiting on the channel.
    @discardableResult
    package func enqueue(
        on channel: OverlayChannel, presenterIsAttachedToScene: Bool, next: Bool = false,
        present: @escaping @MainActor (OverlayTicket) -> Void,
        onPresented: @escaping @MainActor () -> Void,
        onFailure: @escaping @MainActor (OverlayPresentationFailure) -> Void
    ) -> OverlayTicket {
        let ticket = queue.nextTicket
        let request = Request(present: present, onPresented: onPresented, onFailure: onFailure)
        send(
            next
                ? .enqueueNext(request, on: channel, presenterIsAttachedToScene: presenterIsAttachedToScene)
                : .enqueue(request, on: channel, presenterIsAttachedToScene: presenterIsAttachedToScene))
        return ticket
    }

    /// Withdraws a queued request; `false` when it is not waiting.
    @discardableResult
    package func cancel(_ ticket: OverlayTicket) -> Bool { send(.cancel(ticket)) }

    /// The front end's check after presenting: on screen or refused (see
    /// ``OverlayQueueEvent/presentationChecked(_:isOnScreen:)``).
    package func presentationChecked(_ ticket: OverlayTicket, isOnScreen: Bool) {
        send(.presentationChecked(ticket, isOnScreen: isOnScreen))
    }

    /// The presentation failed (presenter gone, out of its scene, refused); the channel moves on.
    package func presentationDidFail(_ ticket: OverlayTicket, _ failure: OverlayPresentationFailure) {
        send(.presentationDidFail(ticket, failure))
    }

    /// The overlay left the screen; the next may come.
    package func didDismiss(_ ticket: OverlayTicket) { send(.didDismiss(ticket)) }

    /// The request's owner is gone for good (a SwiftUI view's state freed with its snackbar
    /// still asked for): withdrawn while it waits, dismissed once shown, so the channel is
    /// free for the next; nothing for a request already final.
    package func release(_ ticket: OverlayTicket) {
        if !cancel(ticket) { didDismiss(ticket) }
    }

    /// Carries out a request's turn for a front end, from its `present` closure: fails the
    /// request with ``OverlayPresentationFailure/presenterUnavailable`` when the presenter is
    /// gone, with ``OverlayPresentationFailure/presenterNotAttachedToScene`` when `host` finds
    /// nothing to present on (the presenter left its window), else runs `present` on the host
    /// and, on the next turn, reports whether `isOnScreen` (UIKit refuses some presentations
    /// without calling back).
    package func presentTurn<Presenter: AnyObject, Host>(
        _ ticket: OverlayTicket, presenter: Presenter?, host: (Presenter) -> Host?,
        present: (Host) -> Void, isOnScreen: @escaping @MainActor () -> Bool
    ) {
        guard let presenter else { return presentationDidFail(ticket, .presenterUnavailable) }
        guard let target = host(presenter) else {
            return presentationDidFail(ticket, .presenterNotAttachedToScene)
        }
        present(target)
        nextTurn { [weak self] in self?.presentationChecked(ticket, isOnScreen: isOnScreen()) }
    }

    /// Applies an event and carries out its commands (a `present` may report back at once:
    /// the queue has already moved, so that nested event sees the new state).
    @discardableResult
    private func send(_ event: OverlayQueueEvent<Request>) -> Bool {
        let transition = queue.send(event)
        for command in transition.effects { perform(command) }
        return transition.isAccepted
    }

    private func perform(_ command: OverlayCommand<Request>) {
        switch command {
        case .present(let ticket, let request, _): request.present(ticket)
        case .reportPresented(_, let request): request.onPresented()
        case .reportFailure(_, let request, let failure): request.onFailure(failure)
        }
    }
}

/// The overlay queue of each window scene, so that every front end in a scene — KeelUIKit's
/// `KeelOverlayCoordinator` and KeelSwiftUI's alert and sheet modifiers — obtains the same
/// ``SceneOverlayQueue`` for it (neither front end imports the other).
///
/// Keyed by the owner's object identity (the `UIWindowScene`) and holding the owner weakly:
/// once a scene is gone its queue is dropped (on the next lookup, or
/// ``dropReleasedOwners()``), and a new object at a reused address gets a new queue.
/// ``shared`` is the registry the front ends use by default; make your own to isolate tests.
@MainActor
package final class OverlayQueueRegistry {
    private struct Entry {
        weak var owner: AnyObject?
        let queue: SceneOverlayQueue
    }

    private var entries: [ObjectIdentifier: Entry] = [:]

    /// The registry both front ends use.
    package static let shared = OverlayQueueRegistry()

    /// An empty registry.
    package init() {}

    /// The queue of `owner`, made on first use; the same queue for as long as `owner` lives.
    package func queue(for owner: AnyObject) -> SceneOverlayQueue {
        dropReleasedOwners()
        if let existing = existingQueue(for: owner) { return existing }
        let queue = SceneOverlayQueue()
        entries[ObjectIdentifier(owner)] = Entry(owner: owner, queue: queue)
        return queue
    }

    /// The queue of `owner` if one was made (and `owner` is the object it was made for).
    package func existingQueue(for owner: AnyObject) -> SceneOverlayQueue? {
        guard let entry = entries[ObjectIdentifier(owner)], entry.owner === owner else { return nil }
        return entry.queue
    }

    /// How many owners have a queue (released owners not counted).
    package var count: Int {
        dropReleasedOwners()
        return entries.count
    }

    /// Drops the queues whose owners are gone.
    package func dropReleasedOwners() {
        entries = entries.filter { $0.value.owner != nil }
    }
}
