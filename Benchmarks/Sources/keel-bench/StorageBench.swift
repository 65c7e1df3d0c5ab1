import Foundation
import KeelStorage

extension BenchSuite {
    /// `keel-bench storage`: key-value and secure store costs, with `UserDefaults` as baseline.
    static let storage = BenchSuite(
        name: "storage",
        summary: "FileStore get/set/flush/cold load, EncryptedFileStore 4 KB, against UserDefaults"
    ) { reporter in
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let suite = "keel-bench-\(UUID().uuidString)"
        let defaults = UserDefaults(suiteName: suite)!
        defer { defaults.removePersistentDomain(forName: suite) }

        // UserDefaults used directly: the baseline.
        defaults.set(1, forKey: "counter")
        let defaultsGet = Measure.perIteration(iterations: 200_000) { _ in
            blackHole(defaults.integer(forKey: "counter"))
        }
        let defaultsSet = Measure.perIteration(iterations: 20_000) { index in
            defaults.set(index, forKey: "counter")
        }
        let defaultsSync = Measure.perIteration(iterations: 200, samples: 3) { index in
            defaults.set(index, forKey: "counter")
            defaults.synchronize()
        }

        let store = try FileStore(directory: root.appendingPathComponent("kv"), coalescing: .seconds(3600))
        let counter = StoreKey("counter", default: 0)
        try store.set(1, for: counter)
        let get = Measure.perIteration(iterations: 1_000_000) { _ in blackHole(try? store.value(for: counter))
        }
        reporter.report("storage.get", get * 1e9, "ns", baseline: defaultsGet * 1e9)
        let set = Measure.perIteration(iterations: 200_000) { index in try? store.set(index, for: counter) }
        reporter.report("storage.set", set * 1e9, "ns", baseline: defaultsSet * 1e9)

        let keys = (0..<1_000).map { StoreKey("key-\($0)", default: "") }
        // Only the flush is timed: the 1 000 sets before it are not.
        var flush = Double.infinity
        for round in 0..<5 {
            for (index, key) in keys.enumerated() { try store.set("value \(index) round \(round)", for: key) }
            flush = min(flush, try Measure.best(repetitions: 1) { try store.flush() })
        }
        var defaultsFlush = Double.infinity
        for round in 0..<5 {
            for index in 0..<1_000 { defaults.set("value \(index) round \(round)", forKey: "key-\(index)") }
            defaultsFlush = min(defaultsFlush, Measure.best(repetitions: 1) { defaults.synchronize() })
        }
        reporter.report("storage.flush.1000keys", flush * 1e3, "ms", baseline: defaultsFlush * 1e3)
        let cold = try Measure.best(repetitions: 10) {
            let fresh = try FileStore(directory: root.appendingPathComponent("kv"))
            blackHole(try fresh.value(for: keys[999]))
        }
        reporter.report("storage.coldLoad.1000keys", cold * 1e3, "ms")
        reporter.report("userDefaults.get", defaultsGet * 1e9, "ns")
        reporter.report("userDefaults.set", defaultsSet * 1e9, "ns")
        reporter.report("userDefaults.setSynchronize", defaultsSync * 1e6, "us")
        reporter.report("userDefaults.synchronize.1000keys", defaultsFlush * 1e3, "ms")

        let secrets = try EncryptedFileStore(
            directory: root.appendingPathComponent("secrets"),
            keyProvider: StaticKeyProvider(Data(repeating: 3, count: 32)))
        let secret = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0) })
        let write = try Measure.best(repetitions: 50) { try secrets.setData(secret, forKey: "secret") }
        let read = try Measure.best(repetitions: 50) { blackHole(try secrets.data(forKey: "secret")) }
        reporter.report("storage.secure.write4KB", write * 1e3, "ms")
        reporter.report("storage.secure.read4KB", read * 1e3, "ms")
    }
}
