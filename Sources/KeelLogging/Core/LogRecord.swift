import Foundation

/// Key-value context attached to log records. Metadata is treated as public: put user data in
/// the message, where it can be marked private. The one exception: with redaction on, the value
/// of a key that names a credential (`authorization`, `cookie`, `token`, `password`, `api-key`…)
/// is masked like a private value.
public typealias LogMetadata = [String: String]

/// Where a logger's records come from: a subsystem (usually the bundle or module) and a category.
public struct LogLabel: Hashable, Sendable, CustomStringConvertible {
    /// The subsystem, such as `"com.example.app"`.
    public var subsystem: String
    /// The category within the subsystem, such as `"network"`.
    public var category: String

    /// Creates a label.
    package init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }

    /// `subsystem:category` (how a custom sink prints the label).
    public var description: String { "\(subsystem):\(category)" }
}

/// The place in source code a record was logged from.
public struct LogSourceLocation: Sendable, Hashable {
    /// `#fileID` of the call.
    public var fileID: String
    /// `#function` of the call.
    public var function: String
    /// `#line` of the call.
    public var line: UInt

    /// Creates a source location.
    @usableFromInline package init(fileID: String, function: String, line: UInt) {
        self.fileID = fileID
        self.function = function
        self.line = line
    }
}

/// One complete log record, as every ``LogSink`` receives it.
///
/// The message is already rendered: when redaction is on, private values were replaced before
/// the record was made, so no sink ever sees them.
public struct LogRecord: Sendable {
    /// When the record was made.
    public var timestamp: Date
    /// Its severity.
    public var level: LogLevel
    /// The logger's label.
    public var label: LogLabel
    /// The rendered message.
    public var message: String
    /// Merged metadata: logger, then task-local, then call site (later wins).
    public var metadata: LogMetadata
    /// Where it was logged from.
    public var source: LogSourceLocation
    /// The error passed to the call, if any.
    public var error: (any Error)?
    /// Whether the record holds raw private values — in `message`, its error, or credential
    /// metadata (only when redaction is off); sinks that forward to a system with its own
    /// privacy model (OSLog) keep those private.
    package var containsPrivateValues: Bool

    /// Creates a record.
    package init(
        timestamp: Date,
        level: LogLevel,
        label: LogLabel,
        message: String,
        metadata: LogMetadata = [:],
        source: LogSourceLocation,
        error: (any Error)? = nil,
        containsPrivateValues: Bool = false
    ) {
        self.timestamp = timestamp
        self.level = level
        self.label = label
        self.message = message
        self.metadata = metadata
        self.source = source
        self.error = error
        self.containsPrivateValues = containsPrivateValues
    }
}
