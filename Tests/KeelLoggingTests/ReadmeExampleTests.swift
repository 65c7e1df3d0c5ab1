import Foundation
import KeelLogging
import KeelTesting
import Testing

/// The README's examples, compiled and run (against an injected system instead of `.shared`
/// where the README configures the shared one).
@Suite struct ReadmeExampleTests {
    @Test func loggingTour() async throws {
        let shared = LogRouter(configuration: .development)
        let capture = CapturingLogSink()
        shared.configure(.init(minimumLevel: .info, routes: [.init(capture)]))

        let log = AppLogger(subsystem: "com.example.app", category: "feed", system: shared)
        let email = "ada@example.com"
        log.info("signed in \(email, privacy: .private(mask: .hash)) after \(3) tries")
        log.debug("cache hit \(email)")
        shared.setLevel(.debug, forCategory: "feed")
        log.debug("cache hit \(email)")

        func loadFeed() async throws -> [Int] { [1, 2, 3] }
        let feed = try await AppLogger.withMetadata(["requestID": "42"]) {
            log.notice("loading")
            return try await loadFeed()
        }

        let items = log.measure("decode feed") { feed.map { $0 * 2 } }
        log.error("no items", metadata: ["count": "\(items.count)"])

        #expect(capture.messages.count == 5)
        #expect(capture.messages[1] == "cache hit <private>")
        #expect(capture.records[2].metadata["requestID"] == "42")
    }

    @Test func forwardingAdapter() {
        struct ForwardingSink: LogSink {
            let forward: @Sendable (String) -> Void
            func receive(_ record: LogRecord) {
                forward("[\(record.level)] \(record.label) \(record.message)")
            }
        }
        let lines = CapturingLines()
        let system = LogRouter(
            configuration: LoggingConfiguration(
                minimumLevel: .info,
                routes: [
                    .init(ForwardingSink { lines.append($0) }),
                    .init(RingBufferSink(), minimumLevel: .warning),
                ]
            ))
        system.logger(subsystem: "app", category: "c").info("hi")
        #expect(lines.all == ["[info] app:c hi"])
    }

    @Test func testingTour() async throws {
        let clock = TestClock()
        let timer = Task { try await clock.sleep(for: .seconds(30)) }
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .seconds(30))
        try await timer.value

        let counter = Counter()
        Task { await counter.bump() }
        #expect(await eventually { await counter.value == 1 })

        let sink = CapturingLogSink()
        let system = LogRouter(configuration: .init(minimumLevel: .trace, routes: [.init(sink)]))
        AppLogger(subsystem: "app", category: "test", system: system).info("hello")
        #expect(sink.messages == ["hello"])
    }
}

/// The README's counter.
actor Counter {
    var value = 0
    func bump() { value += 1 }
}

final class CapturingLines: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
