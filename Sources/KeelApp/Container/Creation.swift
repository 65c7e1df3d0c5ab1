import Foundation
import KeelSupport

/// One in-flight creation of a caching or weak-scope instance: resolvers that want the same
/// registration meanwhile wait for it instead of running the factory again.
///
/// Creations also record whom they wait for, so that a cycle whose links are being built on
/// different threads or tasks (thread 1 builds `a` and needs `b` while thread 2 builds `b`
/// and needs `a`) is reported as ``ResolutionError/cycle(_:)`` instead of deadlocking: a
/// resolver's own path only ever shows the half of the cycle it walked itself.
final class Creation: @unchecked Sendable {
    // Invariant: `waitsFor` is read and written only under `Creation.graphLock`; `finished`
    // only under `condition`; `resetRequested` only under the owning registration's
    // `instance` lock; `task` is written once, under that lock, before the creation is
    // visible to anyone else.
    let key: AnyServiceKey
    /// The async creation's task (`nil` for a synchronous factory).
    var task: Task<any Sendable, any Error>?
    /// Creations this one is blocked on (one entry per wait, so parallel waits add up).
    private var waitsFor: [Creation] = []
    /// Set by a reset that arrived while the factory ran: the result is not kept.
    var resetRequested = false
    private let condition = NSCondition()
    private var finished = false

    /// A creation of `key`'s instance.
    init(key: AnyServiceKey) {
        self.key = key
    }

    /// Wakes the synchronous resolvers blocked in ``waitUntilFinished()``.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks the calling thread until ``finish()``.
    func waitUntilFinished() {
        condition.lock()
        while !finished { condition.wait() }
        condition.unlock()
    }

    // MARK: Who runs a creation

    /// Who runs a creation's factory: a synchronous factory runs on one thread start to end
    /// (it cannot suspend), an async one in its own task.
    enum Runner: Equatable {
        case thread(ObjectIdentifier)
        case task(Int)
    }

    /// Who runs the factory now; `nil` before it starts and after it ends. Guarded by
    /// `graphLock`.
    private var runner: Runner?

    /// The creations whose factories enclose the current code, innermost last.
    ///
    /// A factory that resolves through the container (`{ _ in try services.resolve(.api) }`)
    /// instead of its `Resolver` starts a new top-level resolver with no parent, so the
    /// resolver chain alone does not show what the calling thread or task is building: a cycle
    /// through such calls used to wait on the thread's (or task's) own creation forever.
    /// Child tasks inherit the stack, so each entry is trusted only where its ``runner`` is
    /// the current thread or task (see ``runningHere()``).
    /// (A `TaskLocal` value, not the `@TaskLocal` macro: the iOS 16 SDK's `@TaskLocal` is a
    /// property wrapper, and a `static var` with it is shared mutable state in Swift 6.)
    static let running = TaskLocal<[Creation]>(wrappedValue: [])

    /// Runs `body` as `creation`'s factory on the current thread: recorded as the runner and
    /// pushed on ``running`` while `body` runs.
    static func runSync<T>(_ creation: Creation, _ body: () throws -> T) rethrows -> T {
        let runner = Runner.thread(ObjectIdentifier(Thread.current))
        graphLock.withLock { creation.runner = runner }
        defer { graphLock.withLock { creation.runner = nil } }
        return try running.withValue(running.get() + [creation], operation: body)
    }

    /// Runs `body` as `creation`'s factory in the current task (an async creation's own task).
    static func runAsync<T: Sendable>(_ creation: Creation, _ body: () async throws -> T) async rethrows -> T
    {
        let runner = withUnsafeCurrentTask { task in task.map { Runner.task($0.hashValue) } }
        graphLock.withLock { creation.runner = runner }
        defer { graphLock.withLock { creation.runner = nil } }
        return try await running.withValue(running.get() + [creation], operation: body)
    }

    /// The entries of ``running`` that the current thread or task itself runs (not the ones a
    /// child task inherited from a factory that goes on without waiting for it).
    static func runningHere() -> [Creation] {
        let stack = running.get()
        if stack.isEmpty { return [] }
        let thread = Runner.thread(ObjectIdentifier(Thread.current))
        let task = withUnsafeCurrentTask { task in task.map { Runner.task($0.hashValue) } }
        return graphLock.withLock {
            stack.filter { creation in
                guard let runner = creation.runner else { return false }
                return runner == thread || runner == task
            }
        }
    }

    // MARK: Wait-for graph

    /// Guards every creation's `waitsFor` and `runner`.
    private static let graphLock = Locked<Void>()

    /// The creations the resolver and its ancestors are running, and the ones the current
    /// thread or task runs around it (the ones it blocks while it waits); `outer` are the
    /// keys of the latter that the resolver chain does not show, outermost first, for the
    /// cycle report.
    static func held(by resolver: Resolver) -> (held: [Creation], outer: [AnyServiceKey]) {
        var held: [Creation] = []
        var node: Resolver? = resolver
        while let current = node {
            if let creation = current.creation { held.append(creation) }
            node = current.parent
        }
        var outer: [AnyServiceKey] = []
        for creation in runningHere() where !held.contains(where: { $0 === creation }) {
            held.append(creation)
            outer.append(creation.key)
        }
        return (held, outer)
    }

    /// Records that `held` wait for `target`, unless `target` already waits (directly or
    /// through other creations) for one of `held`: waiting would then never end, and the keys
    /// from `target` to the creation it waits for are returned instead.
    static func beginWait(held: [Creation], on target: Creation) -> [AnyServiceKey]? {
        graphLock.withLock {
            if let chain = chain(from: target, to: held) { return chain }
            for creation in held { creation.waitsFor.append(target) }
            return nil
        }
    }

    /// Removes what ``beginWait(held:on:)`` recorded.
    static func endWait(held: [Creation], on target: Creation) {
        graphLock.withLock {
            for creation in held {
                if let index = creation.waitsFor.firstIndex(where: { $0 === target }) {
                    creation.waitsFor.remove(at: index)
                }
            }
        }
    }

    /// A depth-first walk of the wait-for edges from `start`; the keys of the walk to the
    /// first creation in `held`, or `nil`. Called under `graphLock`.
    private static func chain(from start: Creation, to held: [Creation]) -> [AnyServiceKey]? {
        var visited: Set<ObjectIdentifier> = []
        var stack: [(Creation, [AnyServiceKey])] = [(start, [start.key])]
        while let (creation, keys) = stack.popLast() {
            if held.contains(where: { $0 === creation }) { return keys }
            guard visited.insert(ObjectIdentifier(creation)).inserted else { continue }
            for next in creation.waitsFor { stack.append((next, keys + [next.key])) }
        }
        return nil
    }
}
