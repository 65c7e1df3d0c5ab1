import KeelComponents
import KeelSupport
import Testing

@Suite("Overlay queue")
struct OverlayQueueTests {
    typealias Queue = OverlayQueue<String>
    typealias Row = MachineRow<Queue>

    /// The items a batch of commands presents or reports, and the failures.
    static func summary(_ commands: [OverlayCommand<String>]) -> [String] {
        commands.map {
            switch $0 {
            case .present(_, let item, let channel): "present \(item) on \(channel)"
            case .reportPresented(_, let item): "presented \(item)"
            case .reportFailure(_, let item, let failure): "fail \(item) \(failure)"
            }
        }
    }

    /// Enqueues `item` from an attached presenter; its ticket and the commands.
    static func enqueue(
        _ item: String, on channel: OverlayChannel, into queue: inout Queue, attached: Bool = true
    )
        -> (ticket: OverlayTicket, commands: [String])
    {
        let ticket = queue.nextTicket
        let transition = queue.send(.enqueue(item, on: channel, presenterIsAttachedToScene: attached))
        #expect(transition.isAccepted)  // every request is accepted (and numbered)
        return (ticket, summary(transition.effects))
    }

    @Test("FIFO per channel, one active item per channel")
    func fifo() {
        var queue = Queue()
        let a = Self.enqueue("A", on: .alert, into: &queue)
        #expect(a.ticket == OverlayTicket(id: 0))
        #expect(a.commands == ["present A on alert"])
        let b = Self.enqueue("B", on: .alert, into: &queue)
        let c = Self.enqueue("C", on: .alert, into: &queue)
        #expect(b.commands.isEmpty && c.commands.isEmpty)
        #expect([b.ticket, c.ticket] == [OverlayTicket(id: 1), OverlayTicket(id: 2)])
        #expect(queue.queuedTickets(on: .alert) == [b.ticket, c.ticket])
        #expect(Self.summary(queue.send(.presentationDidSucceed(a.ticket)).effects) == ["presented A"])
        #expect(queue.state(of: a.ticket) == .presented)
        #expect(Self.summary(queue.send(.didDismiss(a.ticket)).effects) == ["present B on alert"])
        #expect(queue.state(of: a.ticket) == .dismissed)
        #expect(Self.summary(queue.send(.didDismiss(b.ticket)).effects) == ["present C on alert"])
        #expect(!queue.send(.didDismiss(b.ticket)).isAccepted)  // twice: rejected
        #expect(queue.activeTicket(on: .alert) == c.ticket)
    }

    @Test("alerts go above sheets; sheets wait while an alert is up")
    func channels() {
        var queue = Queue()
        let sheet = Self.enqueue("S1", on: .sheet, into: &queue)
        #expect(sheet.commands == ["present S1 on sheet"])
        let alert = Self.enqueue("A1", on: .alert, into: &queue)
        #expect(alert.commands == ["present A1 on alert"])  // over the sheet
        let sheet2 = Self.enqueue("S2", on: .sheet, into: &queue)
        #expect(sheet2.commands.isEmpty)
        #expect(queue.send(.didDismiss(sheet.ticket)).effects.isEmpty)  // S2 waits: the alert is up
        #expect(Self.summary(queue.send(.didDismiss(alert.ticket)).effects) == ["present S2 on sheet"])
    }

    @Test("cancel while queued; an active item cannot be cancelled")
    func cancel() {
        var queue = Queue()
        let a = Self.enqueue("A", on: .alert, into: &queue)
        let b = Self.enqueue("B", on: .alert, into: &queue)
        let c = Self.enqueue("C", on: .alert, into: &queue)
        let first = queue.send(.cancel(b.ticket)).isAccepted
        let second = queue.send(.cancel(b.ticket)).isAccepted
        let active = queue.send(.cancel(a.ticket)).isAccepted
        #expect(first && !second && !active)
        #expect(queue.state(of: b.ticket) == .cancelled)
        #expect(Self.summary(queue.send(.didDismiss(a.ticket)).effects) == ["present C on alert"])
        #expect(queue.state(of: c.ticket) == .presenting)
        #expect(queue.state(of: OverlayTicket(id: 99)) == nil)
    }

    @Test("a presenter gone or out of its scene when the turn comes is reported back; the channel moves on")
    func presentersAtTheirTurn() {
        var queue = Queue()
        let a = Self.enqueue("A", on: .alert, into: &queue)
        let b = Self.enqueue("B", on: .alert, into: &queue)
        let c = Self.enqueue("C", on: .alert, into: &queue)
        let d = Self.enqueue("D", on: .alert, into: &queue)
        // The front end finds B's presenter deallocated and C's out of its scene.
        #expect(Self.summary(queue.send(.didDismiss(a.ticket)).effects) == ["present B on alert"])
        #expect(
            Self.summary(queue.send(.presentationDidFail(b.ticket, .presenterUnavailable)).effects) == [
                "fail B presenterUnavailable", "present C on alert",
            ])
        #expect(
            Self.summary(queue.send(.presentationDidFail(c.ticket, .presenterNotAttachedToScene)).effects)
                == [
                    "fail C presenterNotAttachedToScene", "present D on alert",
                ])
        #expect(queue.state(of: b.ticket) == .failed(.presenterUnavailable))
        #expect(queue.state(of: c.ticket) == .failed(.presenterNotAttachedToScene))
        #expect(queue.state(of: d.ticket) == .presenting)
    }

    @Test("a presenter outside a scene fails at once; the first failure wins")
    func failures() {
        var queue = Queue()
        let outside = Self.enqueue("X", on: .alert, into: &queue, attached: false)
        #expect(outside.commands == ["fail X presenterNotAttachedToScene"])
        #expect(queue.state(of: outside.ticket) == .failed(.presenterNotAttachedToScene))
        let a = Self.enqueue("A", on: .alert, into: &queue)
        #expect(a.ticket == OverlayTicket(id: 1))  // the failed request still took a number
        let b = Self.enqueue("B", on: .alert, into: &queue)
        #expect(
            Self.summary(queue.send(.presentationDidFail(a.ticket, .presentationRejected)).effects) == [
                "fail A presentationRejected", "present B on alert",
            ])
        #expect(!queue.send(.presentationDidFail(a.ticket, .presenterUnavailable)).isAccepted)
        #expect(queue.state(of: a.ticket) == .failed(.presentationRejected))
        #expect(!queue.send(.didDismiss(a.ticket)).isAccepted)
        #expect(!queue.send(.presentationDidSucceed(a.ticket)).isAccepted)
        // A queued item cannot fail from outside; it fails only when its turn comes.
        let c = Self.enqueue("C", on: .alert, into: &queue)
        #expect(!queue.send(.presentationDidFail(c.ticket, .presentationRejected)).isAccepted)
        #expect(queue.state(of: c.ticket) == .queued)
        #expect(queue.state(of: b.ticket) == .presenting)
    }

    @Test("decisions depend only on state and event: the same events give the same commands")
    func deterministic() {
        func run() -> [[OverlayCommand<String>]] {
            var queue = Queue()
            let events: [OverlayQueueEvent<String>] = [
                .enqueue("S", on: .sheet, presenterIsAttachedToScene: true),
                .enqueue("A", on: .alert, presenterIsAttachedToScene: true),
                .enqueue("B", on: .alert, presenterIsAttachedToScene: false),
                .presentationDidSucceed(OverlayTicket(id: 1)), .didDismiss(OverlayTicket(id: 1)),
                .presentationDidFail(OverlayTicket(id: 0), .presentationRejected),
            ]
            return events.map { queue.send($0).effects }
        }
        let first = run()
        #expect(first == run())
        #expect(
            first.map(Self.summary) == [
                ["present S on sheet"], ["present A on alert"], ["fail B presenterNotAttachedToScene"],
                ["presented A"], [], ["fail S presentationRejected"],
            ])
    }

    @Test("the front end's check after presenting: on screen succeeds, off screen was rejected")
    func presentationChecked() {
        let ticket = OverlayTicket(id: 3)
        #expect(
            OverlayQueueEvent<String>.presentationChecked(ticket, isOnScreen: true)
                == .presentationDidSucceed(ticket))
        #expect(
            OverlayQueueEvent<String>.presentationChecked(ticket, isOnScreen: false)
                == .presentationDidFail(ticket, .presentationRejected))
    }

    // MARK: - The transition table

    static let t0 = OverlayTicket(id: 0)
    static let t1 = OverlayTicket(id: 1)
    static let t2 = OverlayTicket(id: 2)

    /// A queue after `events` (each must be accepted).
    static func queue(_ events: [OverlayQueueEvent<String>]) -> Queue {
        var queue = Queue()
        for event in events { #expect(queue.send(event).isAccepted) }
        return queue
    }

    static func enqueueEvent(_ item: String, _ channel: OverlayChannel = .alert) -> OverlayQueueEvent<String>
    {
        .enqueue(item, on: channel, presenterIsAttachedToScene: true)
    }

    /// One alert presenting (ticket 0) and one waiting (ticket 1).
    static let busy = queue([enqueueEvent("A"), enqueueEvent("B")])

    static func busyState(
        items: [OverlayTicket: OverlayItemState], waiting: [OverlayTicket] = [],
        active: OverlayTicket?
    ) -> OverlayQueueState {
        OverlayQueueState(
            nextTicket: t2, waiting: waiting.map { OverlayQueueState.Waiting(ticket: $0, channel: .alert) },
            active: active.map { [.alert: $0] } ?? [:], items: items)
    }

    static let rows: [Row] = [
        Row(
            name: "enqueue on an idle channel presents", machine: Queue(), event: enqueueEvent("A"),
            outcome: .accepted(
                effects: [.present(t0, item: "A", channel: .alert)],
                state: OverlayQueueState(nextTicket: t1, active: [.alert: t0], items: [t0: .presenting]))),
        Row(
            name: "enqueue from outside a scene fails at once", machine: Queue(),
            event: .enqueue("A", on: .alert, presenterIsAttachedToScene: false),
            outcome: .accepted(
                effects: [.reportFailure(t0, item: "A", .presenterNotAttachedToScene)],
                state: OverlayQueueState(nextTicket: t1, items: [t0: .failed(.presenterNotAttachedToScene)]))),
        Row(
            name: "present succeeded", machine: busy, event: .presentationDidSucceed(t0),
            outcome: .accepted(
                effects: [.reportPresented(t0, item: "A")],
                state: busyState(items: [t0: .presented, t1: .queued], waiting: [t1], active: t0))),
        Row(
            name: "dismissed: the next comes", machine: busy, event: .didDismiss(t0),
            outcome: .accepted(
                effects: [.present(t1, item: "B", channel: .alert)],
                state: busyState(items: [t0: .dismissed, t1: .presenting], active: t1))),
        Row(
            name: "failed: reported, the next comes", machine: busy,
            event: .presentationDidFail(t0, .presentationRejected),
            outcome: .accepted(
                effects: [
                    .reportFailure(t0, item: "A", .presentationRejected),
                    .present(t1, item: "B", channel: .alert),
                ],
                state: busyState(items: [t0: .failed(.presentationRejected), t1: .presenting], active: t1))),
        Row(
            name: "cancel a waiting request", machine: busy, event: .cancel(t1),
            outcome: .accepted(
                effects: [], state: busyState(items: [t0: .presenting, t1: .cancelled], active: t0))),
        // Invalid events: rejected, nothing changes.
        Row(name: "cancel the active request", machine: busy, event: .cancel(t0), outcome: .rejected),
        Row(
            name: "cancel an unknown ticket", machine: busy, event: .cancel(OverlayTicket(id: 9)),
            outcome: .rejected),
        Row(
            name: "success of a queued request", machine: busy, event: .presentationDidSucceed(t1),
            outcome: .rejected),
        Row(
            name: "failure of a queued request", machine: busy,
            event: .presentationDidFail(t1, .presenterUnavailable),
            outcome: .rejected),
        Row(name: "dismissal of a queued request", machine: busy, event: .didDismiss(t1), outcome: .rejected),
        Row(
            name: "success twice", machine: queue([enqueueEvent("A"), .presentationDidSucceed(t0)]),
            event: .presentationDidSucceed(t0), outcome: .rejected),
        Row(
            name: "dismissal after dismissal", machine: queue([enqueueEvent("A"), .didDismiss(t0)]),
            event: .didDismiss(t0), outcome: .rejected),
        Row(
            name: "a second failure",
            machine: queue([enqueueEvent("A"), .presentationDidFail(t0, .presentationRejected)]),
            event: .presentationDidFail(t0, .presenterUnavailable), outcome: .rejected),
        Row(
            name: "cancel after cancel", machine: queue([enqueueEvent("A"), enqueueEvent("B"), .cancel(t1)]),
            event: .cancel(t1), outcome: .rejected),
    ]

    @Test("every transition, valid and invalid", arguments: rows)
    func transition(row: Row) {
        row.check()
    }
}
