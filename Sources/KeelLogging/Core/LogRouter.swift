import Foundation
import KeelSupport

/// Routes records from ``AppLogger`` values to sinks according to a ``LoggingConfiguration``.
///
/// Use ``shared`` for convenience or create and inject your own (tests do). Changing the
/// configuration or a level takes effect at once, also for logger values that already exist.
public final class LogRouter: Sendable {
    /// The process-wide default system: the development policy (everything to the console)
    /// but redacting private values, until the app configures it — a library that logs
    /// before the app sets its policy never writes a raw private value.
    public static let shared: LogRouter = {
        var configuration = LoggingConfiguration.development
        configuration.redactsPrivateValues = true
        return LogRouter(configuration: configuration)
    }()

    final class Routing: Sendable {
        let configuration: LoggingConfiguration

        init(_ configuration: LoggingConfiguration) {
            self.configuration = configuration
        }
    }

    private struct State {
        var configuration: LoggingConfiguration
        var thresholds: [String: AtomicInt] = [:]
    }

    /// Stands for "no level enabled" in a threshold.
    static let disabledThreshold = Int(LogLevel.critical.rawValue) + 1

    private let state: Locked<State>
    private let routing: Locked<Routing>
    let hasher: PrivacyHasher
    let now: @Sendable () -> Date

    /// Creates a system with `configuration`; `now` supplies record timestamps (inject a fixed
    /// clock in tests).
    public init(
        configuration: LoggingConfiguration,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        state = Locked(State(configuration: configuration))
        routing = Locked(Routing(configuration))
        hasher = .processWide
        self.now = now
    }

    /// The current configuration.
    public var configuration: LoggingConfiguration {
        routing.current.configuration
    }

    /// Replaces the configuration; existing loggers follow it from their next call.
    public func configure(_ configuration: LoggingConfiguration) {
        update { $0 = configuration }
    }

    /// Changes the level of every category that has no level of its own.
    package func setMinimumLevel(_ level: LogLevel) {
        update { $0.minimumLevel = level }
    }

    /// Gives `category` its own level, or removes it with `nil`.
    public func setLevel(_ level: LogLevel?, forCategory category: String) {
        update { $0.categoryLevels[category] = level }
    }

    /// Applies a change atomically, then republishes the routing and every threshold.
    private func update(_ change: (inout LoggingConfiguration) -> Void) {
        state.withLock { state in
            change(&state.configuration)
            let configuration = state.configuration
            routing.set(Routing(configuration))
            for (category, cell) in state.thresholds {
                cell.store(Self.threshold(for: category, in: configuration))
            }
        }
    }

    /// A logger for `subsystem` and `category` that logs through this system.
    package func logger(subsystem: String, category: String, metadata: LogMetadata = [:]) -> AppLogger {
        AppLogger(subsystem: subsystem, category: category, metadata: metadata, system: self)
    }

    /// Flushes every sink (buffered file output).
    public func flush() {
        for route in configuration.routes { route.sink.flush() }
    }

    /// The shared threshold cell of a category.
    func thresholdCell(for category: String) -> AtomicInt {
        state.withLock { state in
            if let cell = state.thresholds[category] { return cell }
            let cell = AtomicInt(Self.threshold(for: category, in: state.configuration))
            state.thresholds[category] = cell
            return cell
        }
    }

    /// The least severe enabled level as an integer: the category's level, raised to what the
    /// least demanding sink accepts, so a record no sink wants costs one compare.
    static func threshold(for category: String, in configuration: LoggingConfiguration) -> Int {
        guard let sinkMinimum = configuration.routes.map(\.minimumLevel).min() else {
            return disabledThreshold
        }
        let level = configuration.categoryLevels[category] ?? configuration.minimumLevel
        return Int(max(level, sinkMinimum).rawValue)
    }

    /// Renders, merges and dispatches one record that passed the level check.
    @usableFromInline
    func emit(
        level: LogLevel,
        label: LogLabel,
        loggerMetadata: LogMetadata,
        message: LogMessage,
        metadata: LogMetadata?,
        error: (any Error)?,
        source: LogSourceLocation
    ) {
        let configuration = routing.current.configuration
        let rendered = message.render(redacting: configuration.redactsPrivateValues, hasher: hasher)
        var merged = loggerMetadata
        let taskMetadata = LogContext.metadata
        if !taskMetadata.isEmpty {
            merged.merge(taskMetadata) { _, new in new }
        }
        if let metadata, !metadata.isEmpty {
            merged.merge(metadata) { _, new in new }
        }
        let metadataHoldsCredentials = Self.maskCredentials(
            in: &merged, redacting: configuration.redactsPrivateValues, hasher: hasher)
        let record = LogRecord(
            timestamp: now(),
            level: level,
            label: label,
            message: rendered.text,
            metadata: merged,
            source: source,
            // An error's description is a private value like any other (a failing URL, a
            // token in a query): with redaction on, sinks see only its type.
            error: configuration.redactsPrivateValues ? error.map(RedactedError.init) : error,
            containsPrivateValues: rendered.containsPrivateValues
                || (error != nil && !configuration.redactsPrivateValues) || metadataHoldsCredentials
        )
        for route in configuration.routes where level >= route.minimumLevel {
            route.sink.receive(record)
        }
    }

    /// Masks the values of `metadata` whose keys name a credential (`authorization`, `cookie`,
    /// `set-cookie`, `access_token`, `api-key`, `password`… in any spelling: KeelSupport's
    /// `SecretNames.isCredential(_:)`, the rule KeelNetworking's redactor and redirect policy
    /// share) with `hasher` when `redacting`; returns whether such values were left raw.
    ///
    /// Values of a credential's shape under any key (`Bearer …`, `…?access_token=…`) are masked
    /// too. Metadata is otherwise public, but a credential passed as metadata is as secret as
    /// one interpolated into the message: with redaction on no sink may see it.
    static func maskCredentials(
        in metadata: inout LogMetadata, redacting: Bool, hasher: PrivacyHasher
    ) -> Bool {
        var leftRaw = false
        for (key, value) in metadata
        where SecretNames.isCredential(key) || SecretNames.looksLikeCredential(value) {
            guard redacting else {
                leftRaw = true
                break
            }
            metadata[key] = hasher.mask(value)
        }
        return leftRaw
    }
}

/// Task-local logging context.
package enum LogContext {
    // A `let` of `TaskLocal` rather than `@TaskLocal static var`: the property-wrapper form is
    // reported as unsafe global state with the iOS 16 SDK.
    static let storage = TaskLocal<LogMetadata>(wrappedValue: [:])

    /// Metadata added to every record logged by the current task and its children; set it
    /// with `AppLogger.withMetadata(_:operation:)`.
    package static var metadata: LogMetadata { storage.get() }
}

/// What sinks receive instead of an error when redaction is on: its type, never its text.
struct RedactedError: Error, CustomStringConvertible, Sendable {
    /// The error's type, such as `KeelNetworking.APIError`.
    let typeName: String

    init(_ error: any Error) {
        typeName = String(reflecting: type(of: error))
    }

    /// `<private> (TypeName)`.
    var description: String { "<private> (\(typeName))" }
}
