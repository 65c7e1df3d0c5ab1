import KeelComponents
import KeelSupport
import Testing

/// A programmatic dismissal in the turn an overlay is presented: a free channel presents at
/// once (the queue's ticket is `.presenting`) while the front end's machine is still `.queued`
/// until the queue's check on the next turn. The dismissal used to move the machine to
/// `.cancelled` although the queue refused the withdrawal, so the overlay stayed on screen,
/// invisible, and the scene's channel stayed busy for good (the machine rejected the
/// `.startPresenting` that followed, and nobody sent did-dismiss). Now the refusal
/// (``OverlayPresentationEvent/withdrawalRefused``) keeps it queued with the dismissal
/// pending, and the start dismisses it at once.
@MainActor
@Suite("Overlay: dismissed in the turn it is presented")
struct OverlayDismissWhilePresentingTests {
    /// Runs the next-turn checks when the test says.
    @MainActor
    final class Turns {
        var pending: [@MainActor () -> Void] = []

        func drain() {
            let work = pending
            pending = []
            for item in work { item() }
        }
    }

    /// Stands for the presenting view controller.
    @MainActor
    final class Presenter {}

    /// The alert front end's glue, as KeelUIKit's alert controller and KeelSwiftUI's alert
    /// model carry it out: the machine's effects, performed in order; the queue's refusal to
    /// withdraw is sent back to the machine.
    @MainActor
    final class AlertFrontEnd {
        var machine: AlertPresentation
        let queue: SceneOverlayQueue
        let presenter = Presenter()
        var ticket: OverlayTicket?
        /// Whether the platform shows the overlay's controller (invisible or not).
        var onPlatform = false
        var effects: [OverlayPresentationEffect] = []

        init(queue: SceneOverlayQueue) throws {
            self.queue = queue
            machine = AlertPresentation(
                configuration: try AlertConfiguration(title: "Loading…", actions: [.cancel("Cancel")]))
        }

        func show() {
            send(.enqueue)
            ticket = queue.enqueue(
                on: .alert, presenterIsAttachedToScene: true,
                present: { [self] ticket in
                    queue.presentTurn(
                        ticket, presenter: presenter, host: { $0 },
                        present: { [self] _ in onPlatform = true },
                        isOnScreen: { [self] in onPlatform })
                },
                onPresented: { [self] in send(.startPresenting) },
                onFailure: { [self] failure in send(.fail(failure)) })
        }

        func send(_ event: AlertPresentationEvent) {
            for effect in machine.send(event).effects {
                guard case .lifecycle(let effect) = effect else { continue }
                effects.append(effect)
                switch effect {
                case .withdrawFromQueue:
                    _ = AlertPresentationEvent.afterWithdrawal(accepted: ticket.map(queue.cancel)).map {
                        send($0)
                    }
                case .animateIn: send(.presentationFinished)
                case .animateOut:
                    onPlatform = false
                    send(.dismissalFinished)
                case .didDismiss: _ = ticket.map(queue.didDismiss)
                case .didPresent, .willDismiss, .failed: break
                }
            }
        }
    }

    @Test("Alert: enqueue → presented at once → dismiss → the check: it leaves and frees the channel")
    func alert() throws {
        let turns = Turns()
        let queue = SceneOverlayQueue(nextTurn: { turns.pending.append($0) })
        let alert = try AlertFrontEnd(queue: queue)
        alert.show()
        let ticket = try #require(alert.ticket)
        #expect(queue.state(of: ticket) == .presenting && alert.onPlatform && alert.machine.state == .queued)

        alert.send(.dismiss(.programmatic, animated: true))
        // The queue refused to withdraw it: the machine agrees it is coming, and will leave.
        #expect(queue.state(of: ticket) == .presenting)
        #expect(alert.machine.state == .queued && alert.machine.lifecycle.dismissesOnStart)
        #expect(alert.effects == [.withdrawFromQueue])

        turns.drain()
        #expect(alert.machine.state == .dismissed(.programmatic))
        #expect(
            alert.effects == [
                .withdrawFromQueue, .willDismiss(.programmatic), .animateOut(animated: false),
                .didDismiss(.programmatic),
            ])
        #expect(!alert.onPlatform)
        #expect(queue.state(of: ticket) == .dismissed && queue.activeTicket(on: .alert) == nil)

        // The channel is free: the next alert (and any sheet) is presented.
        let next = try AlertFrontEnd(queue: queue)
        next.show()
        #expect(next.onPlatform && queue.activeTicket(on: .alert) == next.ticket)
    }

    @Test("Alert: a dismissal while still waiting behind another is a plain withdrawal")
    func alertWaiting() throws {
        let turns = Turns()
        let queue = SceneOverlayQueue(nextTurn: { turns.pending.append($0) })
        let first = try AlertFrontEnd(queue: queue)
        first.show()
        let second = try AlertFrontEnd(queue: queue)
        second.show()
        second.send(.dismiss(.programmatic, animated: true))
        #expect(second.machine.state == .cancelled && !second.machine.lifecycle.dismissesOnStart)
        #expect(queue.state(of: try #require(second.ticket)) == .cancelled && !second.onPlatform)
        turns.drain()
        #expect(first.machine.state == .presented)
    }

    /// The sheet front end's glue, as KeelUIKit's sheet controller carries it out: its
    /// dismissal route says withdraw, it asks the queue first and tells the machine when the
    /// queue refuses.
    @MainActor
    final class SheetFrontEnd {
        var machine = SheetPresentation()
        let queue: SceneOverlayQueue
        let presenter = Presenter()
        var ticket: OverlayTicket?
        var onPlatform = false
        var effects: [OverlayPresentationEffect] = []

        init(queue: SceneOverlayQueue) { self.queue = queue }

        func show() {
            send(.enqueue)
            ticket = queue.enqueue(
                on: .sheet, presenterIsAttachedToScene: true,
                present: { [self] ticket in
                    queue.presentTurn(
                        ticket, presenter: presenter, host: { $0 },
                        present: { [self] _ in onPlatform = true },
                        isOnScreen: { [self] in onPlatform })
                },
                onPresented: { [self] in send(.startPresenting) },
                onFailure: { [self] failure in send(.fail(failure)) })
        }

        func dismiss() {
            switch machine.dismissalRoute(for: .programmatic, animated: true, isInWindow: true) {
            case .withdraw:
                let accepted = ticket.map(queue.cancel)
                _ = SheetPresentationEvent.afterWithdrawal(accepted: accepted).map { send($0) }
                // Withdrawn: the sheet's `cancelPending` tells the machine.
                _ = accepted.flatMap { $0 ? () : nil }.map { send(.cancel) }
            case .animateOut(let animated): send(.dismiss(.programmatic, animated: animated))
            case .complete: send(.dismiss(.programmatic))
            case .rejected: break
            }
        }

        func send(_ event: SheetPresentationEvent) {
            for effect in machine.send(event).effects {
                effects.append(effect)
                switch effect {
                case .animateIn: send(.presentationFinished)
                case .animateOut:
                    onPlatform = false
                    send(.dismissalFinished)
                case .didDismiss: _ = ticket.map(queue.didDismiss)
                case .didPresent, .willDismiss, .failed, .withdrawFromQueue: break
                }
            }
        }
    }

    @Test("Sheet: the route withdraws, the queue refuses, the start dismisses it at once")
    func sheet() throws {
        let turns = Turns()
        let queue = SceneOverlayQueue(nextTurn: { turns.pending.append($0) })
        let sheet = SheetFrontEnd(queue: queue)
        sheet.show()
        let ticket = try #require(sheet.ticket)
        #expect(queue.state(of: ticket) == .presenting && sheet.onPlatform)
        sheet.dismiss()
        #expect(sheet.machine.state == .lifecycle(.queued) && sheet.machine.lifecycle.dismissesOnStart)

        turns.drain()
        #expect(sheet.machine.state == .lifecycle(.dismissed(.programmatic)))
        #expect(
            sheet.effects == [
                .willDismiss(.programmatic), .animateOut(animated: false), .didDismiss(.programmatic),
            ])
        #expect(
            !sheet.onPlatform && queue.activeTicket(on: .sheet) == nil
                && queue.state(of: ticket) == .dismissed)
    }

    @Test("The queue's answer to a withdrawal: a refusal is sent on, an acceptance or no ticket is not")
    func answers() {
        #expect(OverlayPresentationEvent.afterWithdrawal(accepted: false) == .withdrawalRefused)
        #expect(OverlayPresentationEvent.afterWithdrawal(accepted: true) == nil)
        #expect(OverlayPresentationEvent.afterWithdrawal(accepted: nil) == nil)
        #expect(AlertPresentationEvent.afterWithdrawal(accepted: false) == .withdrawalRefused)
        #expect(SheetPresentationEvent.afterWithdrawal(accepted: false) == .withdrawalRefused)
        #expect(SheetPresentationEvent.afterWithdrawal(accepted: true) == nil)
    }

    @Test("The refusal is accepted only where a withdrawal was asked for or the overlay waits")
    func refusalRows() {
        var fresh = OverlayPresentation()
        #expect(fresh.send(.withdrawalRefused, allowing: { _ in true }) == .rejected)
        // Cancelled before it was ever queued: there was nothing to withdraw.
        var never = OverlayPresentation()
        _ = never.send(.cancel, allowing: { _ in true })
        #expect(never.send(.withdrawalRefused, allowing: { _ in true }) == .rejected)
        #expect(never.state == .cancelled)
        // Dismissed while queued, the withdrawal refused: queued again, the dismissal pending.
        var refused = OverlayPresentation()
        _ = refused.send(.enqueue, allowing: { _ in true })
        _ = refused.send(.dismiss(.programmatic), allowing: { _ in true })
        #expect(refused.send(.withdrawalRefused, allowing: { _ in true }) == .accepted())
        #expect(refused.state == .queued && refused.dismissesOnStart)
        // A failure of the pending one is reported as any queued failure.
        #expect(
            refused.send(.fail(.presentationRejected), allowing: { _ in true })
                == .accepted([.failed(.presentationRejected)]))
    }
}
