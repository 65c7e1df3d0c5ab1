import Foundation
import KeelLogging
import KeelSupport

/// The environment the app runs in — development, staging, production or one of the app's
/// own — with its typed configuration values.
///
/// An environment is a value that is passed in (or read from ``current`` inside
/// `withCurrent(_:operation:)`), never a global mutable switch.
///
/// ```swift
/// let environment = try AppEnvironment.load(.staging, from: configurationFileURL)
/// let baseURL = try environment[.apiBaseURL]
/// ```
public struct AppEnvironment: Sendable, Hashable {
    /// An environment's identifier; apps add their own as static members.
    public struct Name: StringIdentifier, ExpressibleByStringLiteral {
        /// The name as written in configuration files.
        public let rawValue: String

        /// Creates a name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Local development: everything logged, nothing redacted.
        public static let development: Name = "development"
        /// Pre-release testing (the original framework's "prepared" mode).
        public static let staging: Name = "staging"
        /// The App Store build.
        public static let production: Name = "production"
    }

    /// Which environment this is.
    public let name: Name
    /// Every value, after inheritance was applied, in the file's order.
    package let values: JSONObject
    /// Where the values came from (a file path, or a description), for error messages.
    package let source: String

    /// Creates an environment from values in code (tests, previews): `JSONValue`s
    /// (KeelSupport) such as `["apiBaseURL": .string("https://api.example.com")]`.
    public init(name: Name, values: [String: JSONValue], source: String = "<code>") {
        self.init(
            name: name, object: JSONObject(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }),
            source: source)
    }

    /// Creates an environment from an object of values, in its order.
    package init(name: Name, object values: JSONObject, source: String) {
        self.name = name
        self.values = values
        self.source = source
    }

    /// The value for `key`.
    ///
    /// - Throws: `AppEnvironmentError/missingKey(key:environment:file:)` or
    ///   `AppEnvironmentError/typeMismatch(key:expected:found:environment:file:)`.
    public subscript<Value>(key: ConfigurationKey<Value>) -> Value {
        get throws { try value(for: key) }
    }

    /// The value for `key`; see the subscript.
    package func value<Value>(for key: ConfigurationKey<Value>) throws -> Value {
        guard let raw = JSONValue.object(values).value(atPath: key.name) else {
            throw AppEnvironmentError.missingKey(key: key.name, environment: name.rawValue, file: source)
        }
        guard let value = Value(configurationValue: raw) else {
            throw AppEnvironmentError.typeMismatch(
                key: key.name, expected: Value.expectedType, found: raw.kindName,
                environment: name.rawValue, file: source)
        }
        return value
    }

    /// The value for `key`, or `defaultValue` when the key is absent (a wrong type still throws).
    public func value<Value>(for key: ConfigurationKey<Value>, default defaultValue: Value) throws -> Value {
        guard JSONValue.object(values).value(atPath: key.name) != nil else { return defaultValue }
        return try value(for: key)
    }

    /// Whether the feature flag `name` (under `features`) is on; absent flags are off.
    public func isEnabled(feature name: String) throws -> Bool {
        try value(for: .feature(name), default: false)
    }

    /// The logging policy of this environment: the preset of the same name (custom names get
    /// the production preset), with `logLevel` and `logRedaction` applied when present.
    public func loggingConfiguration() throws -> LoggingConfiguration {
        var configuration: LoggingConfiguration =
            switch name {
            case .development: .development
            case .staging: .staging
            default: .production
            }
        if let levelName = try value(for: ConfigurationKey<String?>("logLevel"), default: nil) {
            do {
                configuration.minimumLevel = try LogLevel(parsing: levelName)
            } catch {
                throw AppEnvironmentError.typeMismatch(
                    key: ConfigurationKey<String>.logLevel.name, expected: "a log level name (\(error))",
                    found: "\"\(levelName)\"", environment: name.rawValue, file: source)
            }
        }
        if let redaction = try value(for: ConfigurationKey<Bool?>("logRedaction"), default: nil) {
            configuration.redactsPrivateValues = redaction
        }
        return configuration
    }

    // MARK: - The current environment

    static let storage = TaskLocal<AppEnvironment?>(wrappedValue: nil)

    /// The environment made current by `withCurrent(_:operation:)` for this
    /// task and its children, if any. Read-only: there is no global switch to flip.
    public static var current: AppEnvironment? { storage.get() }

    /// Makes `environment` current while `operation` runs.
    public static func withCurrent<Result>(
        _ environment: AppEnvironment,
        operation: () throws -> Result
    ) rethrows -> Result {
        try storage.withValue(environment, operation: operation)
    }

    /// Makes `environment` current while the asynchronous `operation` runs, across awaits.
    nonisolated(nonsending) public static func withCurrent<Result>(
        _ environment: AppEnvironment,
        operation: nonisolated(nonsending) () async throws -> Result
    ) async rethrows -> Result {
        try await storage.withValue(environment) { try await operation() }
    }
}

extension Optional: ConfigurationValueConvertible where Wrapped: ConfigurationValueConvertible {
    /// The wrapped type's.
    public static var expectedType: String { Wrapped.expectedType }
    /// `null` becomes `nil`; anything else must convert to `Wrapped`.
    public init?(configurationValue: JSONValue) {
        if case .null = configurationValue {
            self = .none
            return
        }
        guard let value = Wrapped(configurationValue: configurationValue) else { return nil }
        self = .some(value)
    }
}
