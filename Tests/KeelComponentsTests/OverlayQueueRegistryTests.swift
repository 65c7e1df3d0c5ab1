import KeelComponents
import Testing

/// Stands for a `UIWindowScene`: the registry only needs an object's identity.
private final class FakeScene {}

/// Stands for one front end (KeelUIKit's coordinator or KeelSwiftUI's scene overlays): it gets
/// the scene's queue from the registry, presents when told, and logs what it did.
@MainActor
private final class FakeFrontEnd {
    let name: String
    let queue: SceneOverlayQueue
    let log: OverlayLog
    /// Whether the presenter is still there when a request's turn comes.
    var presenterIsAlive = true

    init(_ name: String, scene: AnyObject, registry: OverlayQueueRegistry, log: OverlayLog) {
        self.name = name
        self.queue = registry.queue(for: scene)
        self.log = log
    }

    /// Queues `item`; a present reports back at once (as UIKit answers a non-animated
    /// presentation), or fails when the presenter is gone.
    @discardableResult
    func enqueue(_ item: String, on channel: OverlayChannel, attached: Bool = true) -> OverlayTicket {
        let label = "\(name) \(item)"
        return queue.enqueue(
            on: channel, presenterIsAttachedToScene: attached,
            present: { [weak self] ticket in
                guard let self else { return }
                guard self.presenterIsAlive else {
                    self.queue.presentationDidFail(ticket, .presenterUnavailable)
                    return
                }
                self.log.entries.append("present \(label)")
                self.queue.presentationChecked(ticket, isOnScreen: true)
            },
            onPresented: { [log] in log.entries.append("on screen \(label)") },
            onFailure: { [log] failure in log.entries.append("failed \(label) \(failure)") })
    }
}

/// What the front ends did, in order.
@MainActor
private final class OverlayLog {
    var entries: [String] = []

    /// The entries since the last call.
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

@MainActor
@Suite("Overlay queue registry: one queue per scene, shared by the front ends")
struct OverlayQueueRegistryTests {
    @Test("The same scene gets the same queue; different scenes get different queues")
    func identity() {
        let registry = OverlayQueueRegistry()
        let first = FakeScene()
        let second = FakeScene()
        let a = registry.queue(for: first)
        #expect(registry.queue(for: first) === a)
        #expect(registry.existingQueue(for: first) === a)
        let b = registry.queue(for: second)
        #expect(b !== a)
        #expect(registry.count == 2)
        #expect(registry.existingQueue(for: FakeScene()) == nil)
        withExtendedLifetime((first, second)) {}
    }

    @Test("Separate registries keep separate queues for one scene (injection for tests)")
    func separateRegistries() {
        let scene = FakeScene()
        #expect(OverlayQueueRegistry().queue(for: scene) !== OverlayQueueRegistry().queue(for: scene))
        #expect(OverlayQueueRegistry.shared === OverlayQueueRegistry.shared)
    }

    @Test("A released scene's queue is dropped, and the queue itself is freed")
    func releasedOwner() {
        let registry = OverlayQueueRegistry()
        let kept = FakeScene()
        _ = registry.queue(for: kept)
        weak var dropped: SceneOverlayQueue?
        do {
            let scene = FakeScene()
            withExtendedLifetime(scene) {
                let queue = registry.queue(for: scene)
                // A request that waits holds its closures, not the queue.
                queue.enqueue(
                    on: .alert, presenterIsAttachedToScene: true, present: { _ in }, onPresented: {},
                    onFailure: { _ in })
                queue.enqueue(
                    on: .alert, presenterIsAttachedToScene: true, present: { _ in }, onPresented: {},
                    onFailure: { _ in })
                dropped = queue
                #expect(registry.count == 2)
            }
        }
        #expect(registry.count == 1)
        #expect(dropped == nil)
        #expect(registry.existingQueue(for: kept) != nil)
        withExtendedLifetime(kept) {}
    }

    /// A scene with a UIKit-like and a SwiftUI-like front end on one registry, logging to one log.
    fileprivate static func mixedScene() -> (FakeScene, OverlayLog, FakeFrontEnd, FakeFrontEnd) {
        let registry = OverlayQueueRegistry()
        let scene = FakeScene()
        let log = OverlayLog()
        return (
            scene, log, FakeFrontEnd("uikit", scene: scene, registry: registry, log: log),
            FakeFrontEnd("swiftui", scene: scene, registry: registry, log: log)
        )
    }

    @Test("A UIKit alert and a SwiftUI alert in one scene wait for each other; sheets wait below")
    func orderingAcrossFrontEnds() {
        let (scene, log, uikit, swiftUI) = Self.mixedScene()
        #expect(uikit.queue === swiftUI.queue)

        let first = uikit.enqueue("alert 1", on: .alert)
        #expect(log.take() == ["present uikit alert 1", "on screen uikit alert 1"])
        let second = swiftUI.enqueue("alert 2", on: .alert)
        let sheet = swiftUI.enqueue("sheet", on: .sheet)
        let third = uikit.enqueue("alert 3", on: .alert)
        #expect(log.take() == [])  // the SwiftUI alert waits behind the UIKit one, the sheet below both
        #expect(swiftUI.queue.queuedTickets(on: .alert) == [second, third])
        #expect(swiftUI.queue.queuedTickets(on: .sheet) == [sheet])

        uikit.queue.didDismiss(first)
        #expect(log.take() == ["present swiftui alert 2", "on screen swiftui alert 2"])
        swiftUI.queue.didDismiss(second)
        #expect(log.take() == ["present uikit alert 3", "on screen uikit alert 3"])
        uikit.queue.didDismiss(third)
        #expect(log.take() == ["present swiftui sheet", "on screen swiftui sheet"])
        withExtendedLifetime(scene) {}
    }

    @Test("Without the shared registry (one queue per front end) the two alerts overlap")
    func separateQueuesOverlap() {
        let scene = FakeScene()
        let log = OverlayLog()
        let uikit = FakeFrontEnd("uikit", scene: scene, registry: OverlayQueueRegistry(), log: log)
        let swiftUI = FakeFrontEnd("swiftui", scene: scene, registry: OverlayQueueRegistry(), log: log)
        uikit.enqueue("alert 1", on: .alert)
        swiftUI.enqueue("alert 2", on: .alert)
        #expect(
            log.take().filter { $0.hasPrefix("present") } == [
                "present uikit alert 1", "present swiftui alert 2",
            ])
        withExtendedLifetime(scene) {}
    }

    @Test("A presenter gone at its turn fails back into the queue, which moves on at once")
    func failureMovesOn() {
        let (scene, log, uikit, swiftUI) = Self.mixedScene()
        let first = uikit.enqueue("alert 1", on: .alert)
        let gone = swiftUI.enqueue("alert 2", on: .alert)
        uikit.enqueue("alert 3", on: .alert)
        _ = log.take()
        swiftUI.presenterIsAlive = false
        uikit.queue.didDismiss(first)
        #expect(
            log.take() == [
                "failed swiftui alert 2 presenterUnavailable", "present uikit alert 3",
                "on screen uikit alert 3",
            ])
        #expect(uikit.queue.state(of: gone) == .failed(.presenterUnavailable))
        withExtendedLifetime(scene) {}
    }

    @Test("A presenter outside a scene fails at once; a waiting request can be withdrawn")
    func detachedAndCancel() {
        let queue = SceneOverlayQueue()
        let log = OverlayLog()
        func enqueue(_ name: String, attached: Bool) -> OverlayTicket {
            queue.enqueue(
                on: .alert, presenterIsAttachedToScene: attached,
                present: { [log] _ in log.entries.append("present \(name)") },
                onPresented: { [log] in log.entries.append("on screen \(name)") },
                onFailure: { [log] failure in log.entries.append("failed \(name) \(failure)") })
        }
        let detached = enqueue("detached", attached: false)
        #expect(log.take() == ["failed detached presenterNotAttachedToScene"])
        #expect(queue.state(of: detached) == .failed(.presenterNotAttachedToScene))
        let shown = enqueue("shown", attached: true)
        let waiting = enqueue("waiting", attached: true)
        #expect(log.take() == ["present shown"] && queue.activeTicket(on: .alert) == shown)
        #expect(queue.cancel(waiting) && !queue.cancel(waiting))
        queue.presentationChecked(shown, isOnScreen: false)
        #expect(log.take() == ["failed shown presentationRejected"])
        #expect(queue.state.active.isEmpty && queue.state(of: waiting) == .cancelled)
    }
}

/// Stands for a presenting controller: it presents on its window while it has one.
@MainActor
private final class FakePresenter {
    /// The window's top controller, `nil` out of a window.
    var window: FakeWindow?
    init(window: FakeWindow?) { self.window = window }
}

/// Stands for the top of a window's presentation chain.
@MainActor
private final class FakeWindow {
    var presented: [String] = []
    /// Whether a presentation takes (UIKit refuses some without saying).
    var accepts = true
}

/// The checks a queue deferred to the next turn, run when the test says.
@MainActor
private final class DeferredTurns {
    var pending: [@MainActor () -> Void] = []

    func drain() {
        let work = pending
        pending = []
        for item in work { item() }
    }
}

@MainActor
@Suite("Scene overlay queue: a request's turn, carried out for the front end")
struct SceneOverlayQueueTurnTests {
    /// Enqueues `name` from `presenter` (held weakly) on a queue whose checks wait in `turns`.
    fileprivate static func enqueue(
        _ name: String, presenter: FakePresenter?, on queue: SceneOverlayQueue, log: OverlayLog
    ) -> OverlayTicket {
        queue.enqueue(
            on: .alert, presenterIsAttachedToScene: true,
            present: { [weak queue, weak presenter] ticket in
                queue?.presentTurn(
                    ticket, presenter: presenter, host: { $0.window },
                    present: { window in window.presented.append(name) },
                    isOnScreen: { [weak presenter] in presenter?.window?.accepts ?? false })
            },
            onPresented: { [log] in log.entries.append("on screen \(name)") },
            onFailure: { [log] failure in log.entries.append("failed \(name) \(failure)") })
    }

    @Test("Presented on the host, confirmed on the next turn, not before")
    func presented() {
        let turns = DeferredTurns()
        let queue = SceneOverlayQueue(nextTurn: { turns.pending.append($0) })
        let log = OverlayLog()
        let window = FakeWindow()
        let presenter = FakePresenter(window: window)
        let ticket = Self.enqueue("A", presenter: presenter, on: queue, log: log)
        #expect(window.presented == ["A"] && queue.state(of: ticket) == .presenting)
        #expect(log.take() == [] && turns.pending.count == 1)
        turns.drain()
        #expect(queue.state(of: ticket) == .presented && log.take() == ["on screen A"])
    }

    @Test("Refused without a word: the check fails it and the next request gets its turn")
    func refused() {
        let turns = DeferredTurns()
        let queue = SceneOverlayQueue(nextTurn: { turns.pending.append($0) })
        let log = OverlayLog()
        let window = FakeWindow()
        window.accepts = false
        let presenter = FakePresenter(window: window)
        let first = Self.enqueue("A", presenter: presenter, on: queue, log: log)
        let second = Self.enqueue("B", presenter: presenter, on: queue, log: log)
        turns.drain()
        #expect(queue.state(of: first) == .failed(.presentationRejected))
        #expect(log.take() == ["failed A presentationRejected"])
        #expect(window.presented == ["A", "B"] && queue.activeTicket(on: .alert) == second)
    }

    @Test("A presenter gone, or out of its window, at its turn fails with the matching reason")
    func failures() {
        let turns = DeferredTurns()
        let queue = SceneOverlayQueue(nextTurn: { turns.pending.append($0) })
        let log = OverlayLog()
        let window = FakeWindow()
        let blocker = FakePresenter(window: window)
        let outOfWindow = FakePresenter(window: window)
        var gone: FakePresenter? = FakePresenter(window: window)
        let first = Self.enqueue("first", presenter: blocker, on: queue, log: log)
        let goneTicket = Self.enqueue("gone", presenter: gone, on: queue, log: log)
        let outTicket = Self.enqueue("out", presenter: outOfWindow, on: queue, log: log)
        turns.drain()
        _ = log.take()
        gone = nil
        outOfWindow.window = nil
        queue.didDismiss(first)
        #expect(log.take() == ["failed gone presenterUnavailable", "failed out presenterNotAttachedToScene"])
        #expect(queue.state(of: goneTicket) == .failed(.presenterUnavailable))
        #expect(queue.state(of: outTicket) == .failed(.presenterNotAttachedToScene))
        #expect(window.presented == ["first"] && turns.pending.isEmpty && gone == nil)
        withExtendedLifetime(blocker) {}
    }
}
