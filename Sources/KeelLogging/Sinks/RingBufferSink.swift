import Foundation
import KeelSupport

/// Keeps the most recent records in memory, for an in-app "send logs" screen or a crash report.
public final class RingBufferSink: LogSink, Sendable {
    private struct State {
        var storage: [LogRecord] = []
        var next = 0
        var dropped = 0
    }

    /// How many records are kept; older ones are dropped first.
    package let capacity: Int
    private let state = Locked(State())

    /// Keeps up to `capacity` records (at least one).
    public init(capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
    }

    /// Stores the record, dropping the oldest when full.
    public func receive(_ record: LogRecord) {
        state.withLock { state in
            if state.storage.count < capacity {
                state.storage.append(record)
            } else {
                state.storage[state.next] = record
                state.next = (state.next + 1) % capacity
                state.dropped += 1
            }
        }
    }

    /// The kept records, oldest first.
    public var records: [LogRecord] {
        state.withLock { state in
            Array(state.storage[state.next...] + state.storage[..<state.next])
        }
    }

    /// How many records were dropped because the buffer was full.
    package var droppedCount: Int {
        state.withLock { $0.dropped }
    }

    /// Removes every record.
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// The kept records as text lines, oldest first.
    package func exportText() -> String {
        export(.text)
    }

    /// The kept records as JSON Lines, oldest first.
    package func exportJSONLines() -> String {
        export(.jsonLines)
    }

    /// The kept records in `format`, one line each, oldest first.
    public func export(_ format: LogFormat) -> String {
        var encoder = LineEncoder()
        var bytes: [UInt8] = []
        for record in records {
            encoder.append(record, format: format, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
