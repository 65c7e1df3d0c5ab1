import KeelComponents
import Testing

final class FakePresenter: OverlayPresenter {
    var isAttachedToScene: Bool
    init(attached: Bool = true) { isAttachedToScene = attached }
}

@Suite("Overlay queue")
struct OverlayQueueTests {
    /// The tickets a batch of commands presents, and the failures it reports.
    static func summary(_ commands: [OverlayCommand<String>]) -> [String] {
        commands.map {
            switch $0 {
            case .present(_, let item, let channel, _): "present \(item) on \(channel)"
            case .reportFailure(_, let failure): "fail \(failure)"
            }
        }
    }

    @Test("FIFO per channel, one active item per channel")
    func fifo() {
        var queue = OverlayQueue<String>()
        let presenter = FakePresenter()
        let a = queue.enqueue("A", on: .alert, presenter: presenter)
        #expect(Self.summary(a.commands) == ["present A on alert"])
        let b = queue.enqueue("B", on: .alert, presenter: presenter)
        let c = queue.enqueue("C", on: .alert, presenter: presenter)
        #expect(b.commands.isEmpty && c.commands.isEmpty)
        #expect(queue.queuedTickets(on: .alert) == [b.ticket, c.ticket])
        do {
            let commands = queue.presentationDidSucceed(a.ticket)
            #expect(commands.isEmpty)
        }
        #expect(queue.state(of: a.ticket) == .presented)
        do {
            let commands = queue.didDismiss(a.ticket)
            #expect(Self.summary(commands) == ["present B on alert"])
        }
        #expect(queue.state(of: a.ticket) == .dismissed)
        do {
            let commands = queue.didDismiss(b.ticket)
            #expect(Self.summary(commands) == ["present C on alert"])
        }
        do {
            let commands = queue.didDismiss(b.ticket)
            #expect(commands.isEmpty)  // twice: ignored
        }
    }

    @Test("alerts go above sheets; sheets wait while an alert is up")
    func channels() {
        var queue = OverlayQueue<String>()
        let presenter = FakePresenter()
        let sheet = queue.enqueue("S1", on: .sheet, presenter: presenter)
        #expect(Self.summary(sheet.commands) == ["present S1 on sheet"])
        let alert = queue.enqueue("A1", on: .alert, presenter: presenter)
        #expect(Self.summary(alert.commands) == ["present A1 on alert"])  // over the sheet
        let sheet2 = queue.enqueue("S2", on: .sheet, presenter: presenter)
        #expect(sheet2.commands.isEmpty)
        do {
            let commands = queue.didDismiss(sheet.ticket)
            #expect(commands.isEmpty)  // S2 waits: the alert is up
        }
        do {
            let commands = queue.didDismiss(alert.ticket)
            #expect(Self.summary(commands) == ["present S2 on sheet"])
        }
    }

    @Test("cancel while queued; an active item cannot be cancelled")
    func cancel() {
        var queue = OverlayQueue<String>()
        let presenter = FakePresenter()
        let a = queue.enqueue("A", on: .alert, presenter: presenter)
        let b = queue.enqueue("B", on: .alert, presenter: presenter)
        let c = queue.enqueue("C", on: .alert, presenter: presenter)
        let first = queue.cancel(b.ticket)
        let second = queue.cancel(b.ticket)
        let active = queue.cancel(a.ticket)
        #expect(first && !second && !active)
        #expect(queue.state(of: b.ticket) == .cancelled)
        do {
            let commands = queue.didDismiss(a.ticket)
            #expect(Self.summary(commands) == ["present C on alert"])
        }
        #expect(queue.state(of: c.ticket) == .presenting)
        #expect(queue.state(of: OverlayTicket(id: 99)) == nil)
    }

    @Test("weak presenters are checked when their turn comes")
    func weakPresenters() {
        var queue = OverlayQueue<String>()
        let keeper = FakePresenter()
        let a = queue.enqueue("A", on: .alert, presenter: keeper)
        var gone: FakePresenter? = FakePresenter()
        let b = queue.enqueue("B", on: .alert, presenter: gone!)
        gone = nil
        let detached = FakePresenter()
        let c = queue.enqueue("C", on: .alert, presenter: detached)
        detached.isAttachedToScene = false
        let d = queue.enqueue("D", on: .alert, presenter: keeper)
        #expect(
            Self.summary(queue.didDismiss(a.ticket)) == [
                "fail presenterUnavailable", "fail presenterNotAttachedToScene", "present D on alert",
            ])
        #expect(queue.state(of: b.ticket) == .failed(.presenterUnavailable))
        #expect(queue.state(of: c.ticket) == .failed(.presenterNotAttachedToScene))
        #expect(queue.state(of: d.ticket) == .presenting)
    }

    @Test("a presenter outside a scene fails at once; the first failure wins")
    func failures() {
        var queue = OverlayQueue<String>()
        let outside = queue.enqueue("X", on: .alert, presenter: FakePresenter(attached: false))
        #expect(Self.summary(outside.commands) == ["fail presenterNotAttachedToScene"])
        let presenter = FakePresenter()
        let a = queue.enqueue("A", on: .alert, presenter: presenter)
        let b = queue.enqueue("B", on: .alert, presenter: presenter)
        do {
            let commands = queue.presentationDidFail(a.ticket, .presentationRejected)
            #expect(
                Self.summary(commands) == [
                    "fail presentationRejected", "present B on alert",
                ])
        }
        do {
            let commands = queue.presentationDidFail(a.ticket, .presenterUnavailable)
            #expect(commands.isEmpty)
        }
        #expect(queue.state(of: a.ticket) == .failed(.presentationRejected))
        do {
            let commands = queue.didDismiss(a.ticket)
            #expect(commands.isEmpty)
        }
        do {
            let commands = queue.presentationDidSucceed(a.ticket)
            #expect(commands.isEmpty)
        }
        // A queued item cannot fail from outside; it fails only when its turn comes.
        let c = queue.enqueue("C", on: .alert, presenter: presenter)
        do {
            let commands = queue.presentationDidFail(c.ticket, .presentationRejected)
            #expect(commands.isEmpty)
        }
        #expect(queue.state(of: c.ticket) == .queued)
        _ = b
    }
}
