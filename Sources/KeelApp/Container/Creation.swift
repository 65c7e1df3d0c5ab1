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

    // MARK: Wait-for graph

    /// Guards every creation's `waitsFor`.
    private static let graphLock = Locked<Void>()

    /// The creations the resolver and its ancestors are running (the ones it blocks while it
    /// waits).
    static func held(by resolver: Resolver) -> [Creation] {
        var held: [Creation] = []
        var node: Resolver? = resolver
        while let current = node {
            if let creation = current.creation { held.append(creation) }
            node = current.parent
        }
        return held
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
