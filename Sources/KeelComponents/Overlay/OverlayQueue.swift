import KeelSupport

/// One queue of overlays per scene, shared by alerts and sheets (the reference had two
/// near-copies with no ordering between them).
///
/// - FIFO per channel, one active item per channel.
/// - Higher channels draw above lower ones: an alert may appear over a sheet, but a sheet
///   waits while an alert is up (it would cover it).
/// - A queued request can be cancelled; a failure is reported once — the first one wins.
///
/// A `StateMachine` driven by the front end on the main actor: it sends
/// ``OverlayQueueEvent``s and carries out the ``OverlayCommand``s each transition returns.
/// Its decisions depend only on its state and the event: the facts about the presenter
/// arrive as payloads (whether it is in a window scene when the request is made), and when
/// an item's turn comes the queue asks the front end to present it
/// (``OverlayCommand/present(_:item:channel:)``); a presenter that is gone or out of its
/// scene by then is reported back as ``OverlayQueueEvent/presentationDidFail(_:_:)``.
///
/// **Tickets.** The queue numbers requests itself: the next `.enqueue` gets ``nextTicket``,
/// which the front end reads before sending (every `.enqueue` is accepted, so the ticket is
/// always issued).
package struct OverlayQueue<Item: Sendable>: StateMachine {
    private var items: [OverlayTicket: Item] = [:]
    /// The tickets: waiting, active per channel, and where each request stands.
    package private(set) var state = OverlayQueueState()

    /// An empty queue.
    package init() {}

    /// The ticket the next ``OverlayQueueEvent/enqueue(_:on:presenterIsAttachedToScene:)``
    /// will be given.
    package var nextTicket: OverlayTicket { state.nextTicket }

    /// The state of a request (`nil` for a ticket this queue never issued).
    package func state(of ticket: OverlayTicket) -> OverlayItemState? { state.items[ticket] }

    /// The request currently shown (or being shown) on a channel.
    package func activeTicket(on channel: OverlayChannel) -> OverlayTicket? { state.active[channel] }

    /// The requests waiting on a channel, in order.
    package func queuedTickets(on channel: OverlayChannel) -> [OverlayTicket] {
        state.waiting.filter { $0.channel == channel }.map(\.ticket)
    }

    /// Applies an event: the commands to carry out, or `StateTransition/rejected` (nothing
    /// changed) when it does not apply to the request's current state.
    @discardableResult
    package mutating func send(_ event: OverlayQueueEvent<Item>) -> StateTransition<OverlayCommand<Item>> {
        switch event {
        case .enqueue(let item, let channel, let isAttached):
            return enqueue(item, on: channel, isAttached: isAttached, next: false)
        case .enqueueNext(let item, let channel, let isAttached):
            return enqueue(item, on: channel, isAttached: isAttached, next: true)
        case .cancel(let ticket):
            guard let index = state.waiting.firstIndex(where: { $0.ticket == ticket }) else {
                return .rejected
            }
            state.waiting.remove(at: index)
            state.items[ticket] = .cancelled
            items[ticket] = nil
            return .accepted()
        case .presentationDidSucceed(let ticket):
            guard state.items[ticket] == .presenting, let item = items[ticket] else { return .rejected }
            state.items[ticket] = .presented
            return .accepted([.reportPresented(ticket, item: item)])
        case .presentationDidFail(let ticket, let failure):
            guard let current = state.items[ticket], current == .presenting || current == .presented,
                let item = items[ticket]
            else { return .rejected }
            state.items[ticket] = .failed(failure)
            release(ticket)
            return .accepted([.reportFailure(ticket, item: item, failure)] + advance())
        case .didDismiss(let ticket):
            guard let current = state.items[ticket], current == .presenting || current == .presented else {
                return .rejected
            }
            state.items[ticket] = .dismissed
            release(ticket)
            return .accepted(advance())
        }
    }

    /// Queues `item` on `channel`: behind everything waiting there, or, when `next`, ahead of
    /// it (a snackbar that replaces the one on screen does not wait behind the queued ones).
    private mutating func enqueue(
        _ item: Item, on channel: OverlayChannel, isAttached: Bool, next: Bool
    ) -> StateTransition<OverlayCommand<Item>> {
        let ticket = state.nextTicket
        state.nextTicket = OverlayTicket(id: ticket.id + 1)
        guard isAttached else {
            state.items[ticket] = .failed(.presenterNotAttachedToScene)
            return .accepted([.reportFailure(ticket, item: item, .presenterNotAttachedToScene)])
        }
        state.items[ticket] = .queued
        items[ticket] = item
        let waiting = OverlayQueueState.Waiting(ticket: ticket, channel: channel)
        if next, let first = state.waiting.firstIndex(where: { $0.channel == channel }) {
            state.waiting.insert(waiting, at: first)
        } else {
            state.waiting.append(waiting)
        }
        return .accepted(advance())
    }

    private mutating func release(_ ticket: OverlayTicket) {
        for (channel, current) in state.active where current == ticket { state.active[channel] = nil }
        items[ticket] = nil
    }

    /// Starts the next item of every free channel whose turn it is.
    private mutating func advance() -> [OverlayCommand<Item>] {
        var commands: [OverlayCommand<Item>] = []
        var channels: [OverlayChannel] = []
        for entry in state.waiting where !channels.contains(entry.channel) { channels.append(entry.channel) }
        channels.sort { $0.level > $1.level }
        for channel in channels where state.active[channel] == nil {
            // A lower channel waits while anything above it that takes the screen is up.
            let coveredFromAbove = state.active.keys.contains {
                $0.level > channel.level && $0.blocksLowerChannels
            }
            if coveredFromAbove { continue }
            guard let index = state.waiting.firstIndex(where: { $0.channel == channel }) else { continue }
            let entry = state.waiting.remove(at: index)
            guard let item = items[entry.ticket] else { continue }
            state.items[entry.ticket] = .presenting
            state.active[channel] = entry.ticket
            commands.append(.present(entry.ticket, item: item, channel: channel))
        }
        return commands
    }
}

/// Where an ``OverlayQueue`` stands, as tickets (the items themselves stay out of the state).
package struct OverlayQueueState: Hashable, Sendable {
    /// A request waiting for its turn.
    package struct Waiting: Hashable, Sendable {
        /// Its ticket.
        package var ticket: OverlayTicket
        /// Its channel.
        package var channel: OverlayChannel

        /// A waiting request.
        package init(ticket: OverlayTicket, channel: OverlayChannel) {
            self.ticket = ticket
            self.channel = channel
        }
    }

    /// The ticket the next request gets.
    package internal(set) var nextTicket = OverlayTicket(id: 0)
    /// The waiting requests, in request order.
    package internal(set) var waiting: [Waiting] = []
    /// The request shown (or being shown) on each busy channel.
    package internal(set) var active: [OverlayChannel: OverlayTicket] = [:]
    /// Where every request this queue issued stands.
    package internal(set) var items: [OverlayTicket: OverlayItemState] = [:]

    /// A state (tests and persistence; queues build their own).
    package init(
        nextTicket: OverlayTicket = OverlayTicket(id: 0), waiting: [Waiting] = [],
        active: [OverlayChannel: OverlayTicket] = [:], items: [OverlayTicket: OverlayItemState] = [:]
    ) {
        self.nextTicket = nextTicket
        self.waiting = waiting
        self.active = active
        self.items = items
    }
}

extension OverlayQueueEvent {
    /// The front end's check after asking the platform to present: on screen is
    /// ``presentationDidSucceed(_:)``, not on screen (the platform refused without saying)
    /// is ``presentationDidFail(_:_:)`` with ``OverlayPresentationFailure/presentationRejected``.
    package static func presentationChecked(_ ticket: OverlayTicket, isOnScreen: Bool) -> OverlayQueueEvent {
        isOnScreen ? .presentationDidSucceed(ticket) : .presentationDidFail(ticket, .presentationRejected)
    }
}

extension OverlayQueueEvent: Equatable where Item: Equatable {}
extension OverlayQueueEvent: Hashable where Item: Hashable {}

/// An event of an ``OverlayQueue``.
package enum OverlayQueueEvent<Item: Sendable>: Sendable {
    /// A request to show `item` on a channel, from a presenter that is (or is not) in a
    /// window scene now; one outside a scene fails at once. It gets
    /// ``OverlayQueue/nextTicket``.
    case enqueue(Item, on: OverlayChannel, presenterIsAttachedToScene: Bool)
    /// The same, ahead of the requests already waiting on the channel (next in line).
    case enqueueNext(Item, on: OverlayChannel, presenterIsAttachedToScene: Bool)
    /// Withdraw a queued request (accepted only while it waits; shown requests are dismissed
    /// instead).
    case cancel(OverlayTicket)
    /// The front end presented the item.
    case presentationDidSucceed(OverlayTicket)
    /// The presentation failed or was undone (presenter gone, out of its scene, refused);
    /// the first failure of a request wins and the channel moves on.
    case presentationDidFail(OverlayTicket, OverlayPresentationFailure)
    /// The item left the screen; the next one may come.
    case didDismiss(OverlayTicket)
}
