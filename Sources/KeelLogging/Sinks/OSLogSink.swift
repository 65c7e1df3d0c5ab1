#if canImport(os)
    @preconcurrency import os
    import KeelSupport

    /// Forwards records to Apple's unified logging system (Console.app, `log stream`).
    ///
    /// Messages already redacted by Keel are public; a message that still holds raw private
    /// values (redaction off) is marked private, so the system masks it on devices unless a
    /// profile enables private data.
    public final class OSLogSink: LogSink, Sendable {
        private let loggers = Locked<[LogLabel: Logger]>([:])

        /// Creates the sink.
        public init() {}

        /// Logs the record with the matching `OSLogType`.
        public func receive(_ record: LogRecord) {
            let logger = loggers.withLock { cache in
                if let logger = cache[record.label] { return logger }
                let logger = Logger(subsystem: record.label.subsystem, category: record.label.category)
                cache[record.label] = logger
                return logger
            }
            let type = Self.type(for: record.level)
            if record.containsPrivateValues {
                logger.log(level: type, "\(record.message, privacy: .private)")
            } else {
                logger.log(level: type, "\(record.message, privacy: .public)")
            }
        }

        /// Maps Keel's levels to OSLog's five types.
        static func type(for level: LogLevel) -> OSLogType {
            switch level {
            case .trace, .debug: .debug
            case .info: .info
            case .notice, .warning: .default
            case .error: .error
            case .critical: .fault
            }
        }
    }
#endif
