import Foundation
import KeelApp

extension BenchSuite {
    /// `keel-bench container`: resolve cost per scope, against a raw lock + dictionary lookup.
    static let container = BenchSuite(
        name: "container",
        summary: "ServiceContainer.resolve median per scope, and a raw NSLock + dictionary baseline"
    ) { reporter in
        let container = ServiceContainer()
        let singleton = ServiceKey<BenchService>("singleton")
        let cached = ServiceKey<BenchService>("cached")
        let transient = ServiceKey<BenchService>("transient")
        try container.register(singleton, scope: .singleton) { _ in BenchService() }
        try container.register(cached, scope: .cached) { _ in BenchService() }
        try container.register(transient) { _ in BenchService() }
        // Unrelated registrations so the dictionary is not trivially small.
        for index in 0..<200 { try container.register(ServiceKey<Int>("filler\(index)")) { _ in index } }

        let baseline = RawLookup()
        let baselineTime = median { blackHole(baseline.resolve(ObjectIdentifier(BenchService.self))) }
        let singletonTime = try medianThrowing { blackHole(try container.resolve(singleton)) }
        let cachedTime = try medianThrowing { blackHole(try container.resolve(cached)) }
        let transientTime = try medianThrowing { blackHole(try container.resolve(transient)) }
        reporter.report("container.baseline.lock_dictionary.median", baselineTime * 1e6, "us")
        reporter.report("container.resolve.singleton.median", singletonTime * 1e6, "us")
        reporter.report("container.resolve.cached.median", cachedTime * 1e6, "us")
        reporter.report("container.resolve.transient.median", transientTime * 1e6, "us")
        reporter.report("container.resolve.singleton.over_baseline", singletonTime / baselineTime, "x")
    }

    /// The median over 31 samples of the mean time of one call (seconds).
    private static func median(_ body: () -> Void) -> Double {
        (try? medianThrowing(body)) ?? .nan
    }

    private static func medianThrowing(_ body: () throws -> Void) throws -> Double {
        let iterations = 20_000
        var samples: [Double] = []
        for _ in 0..<31 {
            let start = ContinuousClock.now
            for _ in 0..<iterations { try body() }
            let elapsed = start.duration(to: ContinuousClock.now)
            samples.append(
                (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
                    / Double(iterations))
        }
        return samples.sorted()[samples.count / 2]
    }
}

/// A small service object.
final class BenchService: Sendable {
    let value = 1
}

/// The reference: an NSLock around `[ObjectIdentifier: closure]`, lookup plus call.
final class RawLookup: @unchecked Sendable {
    // Invariant: `factories` is only touched while `lock` is held.
    private let lock = NSLock()
    private var factories: [ObjectIdentifier: () -> Any] = [:]
    private let shared = BenchService()

    init() {
        let shared = self.shared
        factories[ObjectIdentifier(BenchService.self)] = { shared }
    }

    func resolve(_ key: ObjectIdentifier) -> Any? {
        lock.lock()
        defer { lock.unlock() }
        return factories[key]?()
    }
}
