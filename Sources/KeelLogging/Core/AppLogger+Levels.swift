import KeelSupport

/// One method per level; each evaluates its arguments only when the level is enabled.
extension AppLogger {
    /// Logs fine-grained tracing.
    @inlinable
    public func trace(
        _ message: @autoclosure () -> LogMessage,
        metadata: @autoclosure () -> LogMetadata? = nil,
        error: (any Error)? = nil,
        fileID: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        guard Int(LogLevel.trace.rawValue) >= threshold.relaxed else { return }
        emit(
            .trace, message(), metadata(), error,
            LogSourceLocation(fileID: fileID, function: function, line: line))
    }

    /// Logs information useful while debugging.
    @inlinable
    public func debug(
        _ message: @autoclosure () -> LogMessage,
        metadata: @autoclosure () -> LogMetadata? = nil,
        error: (any Error)? = nil,
        fileID: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        guard Int(LogLevel.debug.rawValue) >= threshold.relaxed else { return }
        emit(
            .debug, message(), metadata(), error,
            LogSourceLocation(fileID: fileID, function: function, line: line))
    }

    /// Logs normal operation.
    @inlinable
    public func info(
        _ message: @autoclosure () -> LogMessage,
        metadata: @autoclosure () -> LogMetadata? = nil,
        error: (any Error)? = nil,
        fileID: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        guard Int(LogLevel.info.rawValue) >= threshold.relaxed else { return }
        emit(
            .info, message(), metadata(), error,
            LogSourceLocation(fileID: fileID, function: function, line: line))
    }

    /// Logs a notable but expected event.
    @inlinable
    public func notice(
        _ message: @autoclosure () -> LogMessage,
        metadata: @autoclosure () -> LogMetadata? = nil,
        error: (any Error)? = nil,
        fileID: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        guard Int(LogLevel.notice.rawValue) >= threshold.relaxed else { return }
        emit(
            .notice, message(), metadata(), error,
            LogSourceLocation(fileID: fileID, function: function, line: line))
    }

    /// Logs something unexpected the app recovered from.
    @inlinable
    public func warning(
        _ message: @autoclosure () -> LogMessage,
        metadata: @autoclosure () -> LogMetadata? = nil,
        error: (any Error)? = nil,
        fileID: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        guard Int(LogLevel.warning.rawValue) >= threshold.relaxed else { return }
        emit(
            .warning, message(), metadata(), error,
            LogSourceLocation(fileID: fileID, function: function, line: line))
    }

    /// Logs a failed operation.
    @inlinable
    public func error(
        _ message: @autoclosure () -> LogMessage,
        metadata: @autoclosure () -> LogMetadata? = nil,
        error: (any Error)? = nil,
        fileID: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        guard Int(LogLevel.error.rawValue) >= threshold.relaxed else { return }
        emit(
            .error, message(), metadata(), error,
            LogSourceLocation(fileID: fileID, function: function, line: line))
    }

    /// Logs a failure the app cannot continue correctly after.
    @inlinable
    public func critical(
        _ message: @autoclosure () -> LogMessage,
        metadata: @autoclosure () -> LogMetadata? = nil,
        error: (any Error)? = nil,
        fileID: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        guard Int(LogLevel.critical.rawValue) >= threshold.relaxed else { return }
        emit(
            .critical, message(), metadata(), error,
            LogSourceLocation(fileID: fileID, function: function, line: line))
    }
}
