import Foundation
import KeelSupport

/// The app's logging entry point: a cheap value with a label and metadata.
///
/// ```swift
/// let log = AppLogger(subsystem: "com.example.app", category: "feed")
/// log.info("loaded \(items.count) items for \(user.email, privacy: .private(mask: .hash))")
/// ```
///
/// A call below the enabled level costs one integer compare: the message and metadata
/// autoclosures are not evaluated and nothing is allocated. Levels changed at run time on the
/// ``LogRouter`` apply to logger values that already exist.
public struct AppLogger: Sendable {
    /// The logger's subsystem and category.
    package let label: LogLabel
    /// Metadata attached to every record of this logger (lowest precedence).
    package var metadata: LogMetadata
    /// The system records are routed through.
    package let system: LogRouter

    /// The least severe enabled level as an integer, shared with the system (or private when
    /// ``level`` was set on this value).
    @usableFromInline
    var threshold: AtomicInt

    private var ownLevel: LogLevel?

    /// Creates a logger for `subsystem` and `category` routed through `system`.
    public init(
        subsystem: String,
        category: String,
        metadata: LogMetadata = [:],
        system: LogRouter = .shared
    ) {
        label = LogLabel(subsystem: subsystem, category: category)
        self.metadata = metadata
        self.system = system
        threshold = system.thresholdCell(for: category)
    }

    /// This logger value's own level, overriding the system's levels for it; `nil` (the
    /// default) follows the system, including later changes.
    public var level: LogLevel? {
        get { ownLevel }
        set {
            ownLevel = newValue
            if let newValue {
                threshold = AtomicInt(Int(newValue.rawValue))
            } else {
                threshold = system.thresholdCell(for: label.category)
            }
        }
    }

    /// Whether a record at `level` would be logged.
    @inlinable
    public func isEnabled(_ level: LogLevel) -> Bool {
        Int(level.rawValue) >= threshold.relaxed
    }

    /// Logs `message` at `level`. Below the enabled level nothing is evaluated.
    @inlinable
    public func log(
        level: LogLevel,
        _ message: @autoclosure () -> LogMessage,
        metadata: @autoclosure () -> LogMetadata? = nil,
        error: (any Error)? = nil,
        fileID: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        guard Int(level.rawValue) >= threshold.relaxed else { return }
        emit(
            level, message(), metadata(), error,
            LogSourceLocation(fileID: fileID, function: function, line: line))
    }

    @usableFromInline
    func emit(
        _ level: LogLevel,
        _ message: LogMessage,
        _ callMetadata: LogMetadata?,
        _ error: (any Error)?,
        _ source: LogSourceLocation
    ) {
        system.emit(
            level: level,
            label: label,
            loggerMetadata: metadata,
            message: message,
            metadata: callMetadata,
            error: error,
            source: source
        )
    }

    /// Adds `metadata` to every record logged inside `operation` (task-local; nested calls
    /// merge, inner keys win). Call-site metadata still wins over it.
    public static func withMetadata<Result>(
        _ metadata: LogMetadata,
        operation: () throws -> Result
    ) rethrows -> Result {
        let merged = LogContext.metadata.merging(metadata) { _, new in new }
        return try LogContext.storage.withValue(merged, operation: operation)
    }

    /// Adds `metadata` to every record logged inside `operation`, across `await`s.
    nonisolated(nonsending) public static func withMetadata<Result>(
        _ metadata: LogMetadata,
        operation: nonisolated(nonsending) () async throws -> Result
    ) async rethrows -> Result {
        let merged = LogContext.metadata.merging(metadata) { _, new in new }
        return try await LogContext.storage.withValue(merged) { try await operation() }
    }
}
