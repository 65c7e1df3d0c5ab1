import KeelComponents
import KeelDesign
import KeelSupport
import KeelTesting
import Testing

/// A snackbar drawn inside a view that gets covered (SwiftUI's `.keelSnackbar` under a pushed
/// screen, another tab). It used to stay "shown" under the covering view, holding the scene's
/// snackbar channel: every later snackbar of the scene, SwiftUI's or UIKit's, waited 4–12 s
/// for a message nobody saw — for good under VoiceOver with an action, whose time is
/// indefinite. `SnackbarPresentation` had no covered state: these events did not exist.
@Suite("Snackbar presentation: covered and visible again")
struct SnackbarCoveredTests {
    static let timing = SnackbarTheme(resolver: Fixture.light).timing
    static let saved = SnackbarConfiguration("Saved")
    static let deleted = SnackbarConfiguration("Message deleted", action: SnackbarAction("Undo"))

    @Test(
        "covered: hidden, off the channel, timer paused; visible again: queued next, resumed with the time left"
    )
    func pausesAndResumes() {
        var snackbar = SnackbarPresentation(configuration: Self.saved, timing: Self.timing)
        snackbar.send(.appeared(voiceOverRunning: false))  // 4 s, timer 1
        #expect(snackbar.send(.covered(elapsed: .seconds(1))).effects == [.cancelTimeout, .leaveChannel])
        #expect(snackbar.state == .covered && !snackbar.isShown)
        // The paused timer, a touch or the action cannot reach it while covered.
        #expect(!snackbar.send(.timeoutElapsed(token: 1)).isAccepted)
        #expect(!snackbar.send(.interactionBegan).isAccepted)
        #expect(!snackbar.send(.action).isAccepted)
        #expect(!snackbar.send(.covered(elapsed: .zero)).isAccepted)
        #expect(snackbar.send(.uncovered).effects == [.queue(next: true)])
        #expect(snackbar.state == .waiting)
        #expect(!snackbar.send(.uncovered).isAccepted)
        // Its turn again: announced again, with the 3 s it had left.
        #expect(
            snackbar.send(.appeared(voiceOverRunning: false)).effects == [
                .announce("Saved"), .scheduleTimeout(.seconds(3), token: 2),
            ])
        #expect(!snackbar.send(.uncovered).isAccepted)
        #expect(snackbar.send(.timeoutElapsed(token: 2)).effects == [.cancelTimeout, .dismissed(.timeout)])
    }

    /// The report's sequence: under VoiceOver a snackbar with an action has no timer, so a
    /// covered one held the channel until the user went back.
    @Test("VoiceOver with an action: covered, it gives the channel up and comes back without a timer")
    func voiceOverIndefinite() {
        var snackbar = SnackbarPresentation(configuration: Self.deleted, timing: Self.timing)
        snackbar.send(.appeared(voiceOverRunning: true))
        #expect(snackbar.state == .shown(token: nil))
        #expect(snackbar.send(.covered(elapsed: .seconds(30))).effects == [.cancelTimeout, .leaveChannel])
        snackbar.send(.uncovered)
        #expect(
            snackbar.send(.appeared(voiceOverRunning: true)).effects == [.announce("Message deleted, Undo")])
        #expect(snackbar.state == .shown(token: nil))
    }

    @Test("the time is chosen afresh when VoiceOver changed while covered, or it was touched or had no timer")
    func chosenAfresh() {
        // VoiceOver started while covered: 4 s become 8 s from the start (as voiceOverChanged).
        var started = SnackbarPresentation(configuration: Self.saved, timing: Self.timing)
        started.send(.appeared(voiceOverRunning: false))
        started.send(.covered(elapsed: .seconds(1)))
        started.send(.uncovered)
        #expect(
            started.send(.appeared(voiceOverRunning: true)).effects == [
                .announce("Saved"), .scheduleTimeout(.seconds(8), token: 2),
            ])
        // VoiceOver stopped while an indefinite one was covered: its 6 s now.
        var stopped = SnackbarPresentation(configuration: Self.deleted, timing: Self.timing)
        stopped.send(.appeared(voiceOverRunning: true))
        stopped.send(.covered(elapsed: .seconds(1)))
        stopped.send(.uncovered)
        #expect(
            stopped.send(.appeared(voiceOverRunning: false)).effects == [
                .announce("Message deleted, Undo"), .scheduleTimeout(.seconds(6), token: 1),
            ])
        // Covered mid-touch: the touch's end would have restarted the full time.
        var touched = SnackbarPresentation(configuration: Self.saved, timing: Self.timing)
        touched.send(.appeared(voiceOverRunning: false))
        touched.send(.interactionBegan)
        touched.send(.covered(elapsed: .seconds(3)))
        touched.send(.uncovered)
        #expect(
            touched.send(.appeared(voiceOverRunning: false)).effects == [
                .announce("Saved"), .scheduleTimeout(.seconds(4), token: 2),
            ])
    }

    @Test(
        "covered with its time already up (its timer not yet run): dismissed as timed out, not queued again")
    func timeUpWhenCovered() {
        var snackbar = SnackbarPresentation(configuration: Self.saved, timing: Self.timing)
        snackbar.send(.appeared(voiceOverRunning: false))
        #expect(
            snackbar.send(.covered(elapsed: .seconds(4))).effects == [.cancelTimeout, .dismissed(.timeout)])
        #expect(snackbar.state == .dismissed(.timeout))
        #expect(!snackbar.send(.uncovered).isAccepted)
    }

    @Test(
        "a waiting snackbar covered is withdrawn from the channel, and queued in its own place when visible")
    func waitingCovered() {
        var snackbar = SnackbarPresentation(configuration: Self.saved, timing: Self.timing)
        #expect(snackbar.send(.covered(elapsed: .seconds(2))).effects == [.leaveChannel])
        #expect(snackbar.send(.uncovered).effects == [.queue(next: false)])
        #expect(
            snackbar.send(.appeared(voiceOverRunning: false)).effects == [
                .announce("Saved"), .scheduleTimeout(.seconds(4), token: 1),
            ])
    }

    @Test("covered, the app can still clear or replace it: dismissed with nothing on screen to remove")
    func dismissedWhileCovered() {
        var cleared = SnackbarPresentation(configuration: Self.saved, timing: Self.timing)
        cleared.send(.appeared(voiceOverRunning: false))
        cleared.send(.covered(elapsed: .zero))
        #expect(cleared.send(.dismiss).effects == [.dismissed(.programmatic)])
        #expect(!cleared.send(.uncovered).isAccepted)
        var replaced = SnackbarPresentation(configuration: Self.saved, timing: Self.timing)
        replaced.send(.appeared(voiceOverRunning: false))
        replaced.send(.covered(elapsed: .zero))
        #expect(replaced.send(.replace).effects == [.dismissed(.replaced)])
    }

    /// A snackbar asked for while its view is covered used to be queued at once and drawn
    /// under the covering view (or, out of the window, refused and its item cleared).
    @Test("made off the channel: queued only once its view is reported visible, in the place asked for")
    func queuedOnceVisible() {
        var later = SnackbarPresentation(
            configuration: Self.saved, timing: Self.timing, queuedOnceVisible: false)
        #expect(later.state == .covered)
        #expect(!later.send(.covered(elapsed: .zero)).isAccepted)
        #expect(!later.send(.appeared(voiceOverRunning: false)).isAccepted)
        #expect(later.send(.uncovered).effects == [.queue(next: false)])
        var replacement = SnackbarPresentation(
            configuration: Self.saved, timing: Self.timing, queuedOnceVisible: true)
        #expect(replacement.send(.uncovered).effects == [.queue(next: true)])
    }

    /// One `.keelSnackbar` turn as KeelSwiftUI's modifier runs it on the scene's queue: made
    /// off the channel, told whether its view is covered, and carrying out `leaveChannel`
    /// (release its ticket) and `queue` (a new ticket).
    @MainActor
    final class Turn {
        var presentation: SnackbarPresentation
        let queue: SceneOverlayQueue
        var ticket: OverlayTicket?
        var effects: [SnackbarEffect] = []

        init(_ configuration: SnackbarConfiguration, queue: SceneOverlayQueue, voiceOver: Bool = false) {
            presentation = SnackbarPresentation(
                configuration: configuration, timing: SnackbarCoveredTests.timing, queuedOnceVisible: false)
            self.queue = queue
            send(.uncovered, voiceOver: voiceOver)
        }

        func send(_ event: SnackbarEvent, voiceOver: Bool = false) {
            for effect in presentation.send(event).effects {
                effects.append(effect)
                switch effect {
                case .leaveChannel:
                    if let ticket { queue.release(ticket) }
                case .queue(let next):
                    ticket = queue.enqueue(
                        on: .snackbar, presenterIsAttachedToScene: true, next: next,
                        present: { [self] ticket in
                            self.ticket = ticket
                            send(.appeared(voiceOverRunning: voiceOver))
                            queue.presentationChecked(ticket, isOnScreen: presentation.isShown)
                        }, onPresented: {}, onFailure: { _ in })
                case .dismissed:
                    if let ticket { queue.release(ticket) }
                default: break
                }
            }
        }
    }

    /// The report's sequence on the scene's queue: a root screen's "Message deleted — Undo"
    /// under VoiceOver, then a pushed detail screen's "Archived".
    @Test("a covered snackbar lets the next one of the scene show, and comes back after it")
    @MainActor
    func channelFreedWhileCovered() throws {
        let queue = SceneOverlayQueue(nextTurn: { _ in })
        let root = Turn(Self.deleted, queue: queue, voiceOver: true)
        #expect(root.presentation.state == .shown(token: nil))
        let rootTicket = try #require(root.ticket)
        // The detail screen asks while the root's snackbar holds the channel: it waits.
        let detail = Turn(SnackbarConfiguration("Archived"), queue: queue, voiceOver: true)
        #expect(!detail.presentation.isShown)
        // The push covers the root: its snackbar gives the channel up, the detail's shows.
        root.send(.covered(elapsed: .seconds(5)))
        #expect(queue.state(of: rootTicket) == .dismissed)
        #expect(detail.presentation.isShown && queue.activeTicket(on: .snackbar) == detail.ticket)
        // Back on the root: queued next, shown when the detail's leaves, still not dismissed.
        root.send(.uncovered, voiceOver: true)
        let requeued = try #require(root.ticket)
        #expect(!root.presentation.isShown && queue.queuedTickets(on: .snackbar) == [requeued])
        detail.send(.dismiss)
        #expect(root.presentation.state == .shown(token: nil))
        #expect(queue.activeTicket(on: .snackbar) == root.ticket && root.ticket != rootTicket)
        #expect(root.effects.filter { $0 == .announce("Message deleted, Undo") }.count == 2)
        #expect(!root.effects.contains { if case .dismissed = $0 { true } else { false } })
    }

    /// A snackbar asked for while its view is covered waits until the view is visible, rather
    /// than taking the channel under the covering view.
    @Test("asked for under a covering view: not queued, so another snackbar of the scene shows at once")
    @MainActor
    func askedForWhileCovered() {
        let queue = SceneOverlayQueue(nextTurn: { _ in })
        var hidden = SnackbarPresentation(
            configuration: Self.saved, timing: Self.timing, queuedOnceVisible: false)
        #expect(!hidden.send(.covered(elapsed: .zero)).isAccepted)
        let visible = Turn(SnackbarConfiguration("Archived"), queue: queue)
        #expect(visible.presentation.isShown && hidden.state == .covered)
    }

    @Test("the driver measures the time run on its clock: paused while covered, the rest after")
    @MainActor
    func driverResumesOnTestClock() async {
        let clock = TestClock()
        let signal = TestSignal()
        var performed: [SnackbarEffect] = []
        let driver = SnackbarDriver(
            presentation: SnackbarPresentation(configuration: Self.saved, timing: Self.timing),
            clock: clock
        ) { effect in
            performed.append(effect)
            signal.signal()
        }
        await clock.advance(by: .seconds(7))  // time before it showed does not count
        driver.send(.appeared(voiceOverRunning: false))
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .milliseconds(1_500))
        #expect(driver.setCovered(true))
        #expect(!driver.setCovered(true))
        #expect(performed == [.announce("Saved"), .leaveChannel])
        // Covered for a minute: its timer does not run out.
        await clock.advance(by: .seconds(60))
        #expect(performed.count == 2 && driver.presentation.state == .covered)
        #expect(driver.setCovered(false))
        #expect(performed.last == .queue(next: true))
        driver.send(.appeared(voiceOverRunning: false))
        #expect(performed.last == .announce("Saved"))
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .milliseconds(2_400))
        #expect(driver.presentation.isShown)
        await clock.advance(by: .milliseconds(100))
        #expect(await signal.wait { performed.last == .dismissed(.timeout) })
        #expect(driver.presentation.state == .dismissed(.timeout))
    }
}
