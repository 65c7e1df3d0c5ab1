/// One queue of overlays per scene, shared by alerts and sheets (the reference had two
/// near-copies with no ordering between them).
///
/// - FIFO per channel, one active item per channel.
/// - Higher channels draw above lower ones: an alert may appear over a sheet, but a sheet
///   waits while an alert is up (it would cover it).
/// - Presenters are held weakly and checked again when the item's turn comes.
/// - A queued request can be cancelled; a failure is reported once — the first one wins.
///
/// A value type driven by the front end on the main actor: each call returns the
/// ``OverlayCommand``s to carry out.
public struct OverlayQueue<Item> {
    private struct Entry {
        let ticket: OverlayTicket
        let item: Item
        let channel: OverlayChannel
        weak var presenter: (any OverlayPresenter)?
    }

    private var nextID = 0
    private var waiting: [Entry] = []
    private var active: [OverlayChannel: OverlayTicket] = [:]
    private var states: [OverlayTicket: OverlayItemState] = [:]

    /// An empty queue.
    public init() {}

    /// The state of a request (`nil` for a ticket this queue never issued).
    public func state(of ticket: OverlayTicket) -> OverlayItemState? { states[ticket] }

    /// The request currently shown (or being shown) on a channel.
    public func activeTicket(on channel: OverlayChannel) -> OverlayTicket? { active[channel] }

    /// The requests waiting on a channel, in order.
    public func queuedTickets(on channel: OverlayChannel) -> [OverlayTicket] {
        waiting.filter { $0.channel == channel }.map(\.ticket)
    }

    /// Adds a request. A presenter outside a scene fails at once.
    public mutating func enqueue(_ item: Item, on channel: OverlayChannel, presenter: any OverlayPresenter)
        -> (ticket: OverlayTicket, commands: [OverlayCommand<Item>])
    {
        let ticket = OverlayTicket(id: nextID)
        nextID += 1
        guard presenter.isAttachedToScene else {
            states[ticket] = .failed(.presenterNotAttachedToScene)
            return (ticket, [.reportFailure(ticket, .presenterNotAttachedToScene)])
        }
        states[ticket] = .queued
        waiting.append(Entry(ticket: ticket, item: item, channel: channel, presenter: presenter))
        return (ticket, advance())
    }

    /// Withdraws a queued request; `false` if it is not waiting (shown requests are
    /// dismissed instead).
    public mutating func cancel(_ ticket: OverlayTicket) -> Bool {
        guard let index = waiting.firstIndex(where: { $0.ticket == ticket }) else { return false }
        waiting.remove(at: index)
        states[ticket] = .cancelled
        return true
    }

    /// The front end presented the item.
    public mutating func presentationDidSucceed(_ ticket: OverlayTicket) -> [OverlayCommand<Item>] {
        guard states[ticket] == .presenting else { return [] }
        states[ticket] = .presented
        return []
    }

    /// The presentation failed (or was undone); the first failure of a request wins and the
    /// channel moves on.
    public mutating func presentationDidFail(_ ticket: OverlayTicket, _ failure: OverlayPresentationFailure)
        -> [OverlayCommand<Item>]
    {
        guard let state = states[ticket], !state.isFinal, state != .queued else { return [] }
        states[ticket] = .failed(failure)
        release(ticket)
        return [.reportFailure(ticket, failure)] + advance()
    }

    /// The item left the screen; the next one may come.
    public mutating func didDismiss(_ ticket: OverlayTicket) -> [OverlayCommand<Item>] {
        guard let state = states[ticket], state == .presenting || state == .presented else { return [] }
        states[ticket] = .dismissed
        release(ticket)
        return advance()
    }

    private mutating func release(_ ticket: OverlayTicket) {
        for (channel, current) in active where current == ticket { active[channel] = nil }
    }

    /// Starts the next item of every free channel whose turn it is.
    private mutating func advance() -> [OverlayCommand<Item>] {
        var commands: [OverlayCommand<Item>] = []
        var channels: [OverlayChannel] = []
        for entry in waiting where !channels.contains(entry.channel) { channels.append(entry.channel) }
        channels.sort { $0.level > $1.level }
        for channel in channels where active[channel] == nil {
            // A lower channel waits while anything above it is up.
            let coveredFromAbove = active.keys.contains { $0.level > channel.level }
            if coveredFromAbove { continue }
            while active[channel] == nil, let index = waiting.firstIndex(where: { $0.channel == channel }) {
                let entry = waiting.remove(at: index)
                guard let presenter = entry.presenter else {
                    states[entry.ticket] = .failed(.presenterUnavailable)
                    commands.append(.reportFailure(entry.ticket, .presenterUnavailable))
                    continue
                }
                guard presenter.isAttachedToScene else {
                    states[entry.ticket] = .failed(.presenterNotAttachedToScene)
                    commands.append(.reportFailure(entry.ticket, .presenterNotAttachedToScene))
                    continue
                }
                states[entry.ticket] = .presenting
                active[channel] = entry.ticket
                commands.append(
                    .present(entry.ticket, item: entry.item, channel: channel, presenter: presenter))
            }
        }
        return commands
    }
}
