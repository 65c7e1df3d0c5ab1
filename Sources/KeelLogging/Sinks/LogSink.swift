/// A destination for log records: the console, a file, a ring buffer, another logging backend.
///
/// `receive(_:)` is called synchronously on the logging thread, possibly from many threads at
/// once; implementations guard their own state. To forward records to another backend, write
/// a small adapter:
///
/// ```swift
/// struct PrintSink: LogSink {
///     func receive(_ record: LogRecord) { print(record.level, record.message) }
/// }
/// ```
public protocol LogSink: Sendable {
    /// Handles one record.
    func receive(_ record: LogRecord)
    /// Writes out anything buffered. The default does nothing.
    func flush()
}

extension LogSink {
    /// Sinks without a buffer have nothing to flush.
    public func flush() {}
}

/// Sends every record to several sinks in order.
package struct MultiplexSink: LogSink {
    /// The sinks records are forwarded to.
    package let sinks: [any LogSink]

    /// Creates a sink forwarding to `sinks`.
    package init(_ sinks: [any LogSink]) {
        self.sinks = sinks
    }

    /// Forwards the record to every sink.
    package func receive(_ record: LogRecord) {
        for sink in sinks { sink.receive(record) }
    }

    /// Flushes every sink.
    package func flush() {
        for sink in sinks { sink.flush() }
    }
}
