import KeelLogging
import KeelSupport

/// A log sink that keeps every record, for asserting on what code logged.
///
/// ```swift
/// let sink = CapturingLogSink()
/// let system = LogRouter(configuration: .init(minimumLevel: .trace, routes: [.init(sink)]))
/// AppLogger(subsystem: "app", category: "test", system: system).info("hello")
/// #expect(sink.messages == ["hello"])
/// ```
public final class CapturingLogSink: LogSink, Sendable {
    private let storage = Locked<[LogRecord]>([])

    /// Creates an empty sink.
    public init() {}

    /// Keeps the record.
    public func receive(_ record: LogRecord) {
        storage.withLock { $0.append(record) }
    }

    /// Every record received, in order.
    public var records: [LogRecord] {
        storage.current
    }

    /// The messages of every record received, in order.
    public var messages: [String] {
        storage.current.map(\.message)
    }

    /// The records at `level`.
    package func records(at level: LogLevel) -> [LogRecord] {
        storage.current.filter { $0.level == level }
    }

    /// Forgets every record.
    public func removeAll() {
        storage.set([])
    }
}
