import Foundation
import KeelLogging

extension BenchSuite {
    /// `keel-bench logging`: the cost of disabled and enabled log statements.
    static let logging = BenchSuite(
        name: "logging",
        summary: "AppLogger: disabled calls, ring buffer and file sink throughput"
    ) { reporter in
        // Disabled statement: the level check alone.
        let quiet = LogRouter(
            configuration: .init(minimumLevel: .warning, routes: [.init(RingBufferSink(capacity: 16))]))
        let disabledLogger = AppLogger(subsystem: "bench", category: "disabled", system: quiet)
        let calls = 200_000_000
        let disabled = Measure.perIteration(iterations: calls, samples: 3) { index in
            disabledLogger.debug("value \(index) of \(calls)", metadata: ["index": String(index)])
        }
        reporter.report("logging.disabled", disabled * 1e9, "ns/call")

        // Enabled, rendered into a ring buffer, one thread.
        let ring = RingBufferSink(capacity: 100_000)
        let ringSystem = LogRouter(configuration: .init(minimumLevel: .info, routes: [.init(ring)]))
        let ringLogger = AppLogger(subsystem: "bench", category: "ring", system: ringSystem)
        let records = 1_000_000
        let single = Measure.best(repetitions: 3) {
            for index in 0..<records {
                ringLogger.info("request \(index) finished with status \(200) for \("user")")
            }
        }
        reporter.report("logging.ring.1thread", Double(records) / single, "records/s")

        // A hash-masked private value (HMAC-SHA256 with the process key), redaction on.
        let masked = records / 4
        let hashed = Measure.best(repetitions: 3) {
            for index in 0..<masked {
                ringLogger.info("signed in \("user\(index)@example.com", privacy: .private(mask: .hash))")
            }
        }
        reporter.report("logging.ring.hashmask", Double(masked) / hashed, "records/s")

        // Four threads together into the same ring buffer.
        let threads = 4
        let perThread = records / threads
        let together = Measure.best(repetitions: 3) {
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                let logger = AppLogger(subsystem: "bench", category: "ring\(thread)", system: ringSystem)
                for index in 0..<perThread {
                    logger.info("request \(index) finished with status \(200) for \("user")")
                }
            }
        }
        reporter.report("logging.ring.4threads", Double(perThread * threads) / together, "records/s")

        // Buffered file sink.
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("keel-bench-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = FileSink.Options(
            maximumFileSize: 2_000_000_000, maximumFileCount: 2, totalQuota: 4_000_000_000)
        let file = try FileSink(directory: directory, options: options)
        let fileSystem = LogRouter(configuration: .init(minimumLevel: .info, routes: [.init(file)]))
        let fileLogger = AppLogger(subsystem: "bench", category: "file", system: fileSystem)
        let lines = 1_000_000
        let fileTime = Measure.best(repetitions: 3) {
            for index in 0..<lines {
                fileLogger.info("request \(index) finished with status \(200) for \("user")")
            }
            file.flush()
        }
        reporter.report("logging.file.buffered", Double(lines) / fileTime, "lines/s")
    }
}
