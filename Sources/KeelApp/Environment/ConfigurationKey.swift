import Foundation
import KeelLogging

/// A typed key into an ``AppEnvironment``'s values; `name` is a dotted path into nested objects.
///
/// Apps add their own keys:
///
/// ```swift
/// extension ConfigurationKey where Value == Bool {
///     static var newFeed: Self { .init("features.newFeed") }
/// }
/// ```
public struct ConfigurationKey<Value: ConfigurationValueConvertible>: Sendable, Hashable {
    /// The key path in the configuration file.
    package let name: String

    /// Creates a key for the dotted path `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// The key's name.
    package var description: String { name }
}

extension ConfigurationKey where Value == URL {
    /// The base URL of the app's API (`"apiBaseURL"`).
    public static var apiBaseURL: Self { .init("apiBaseURL") }
}

extension ConfigurationKey where Value == String {
    /// The least severe log level (`"logLevel"`), a `LogLevel` name.
    package static var logLevel: Self { .init("logLevel") }
}

extension ConfigurationKey where Value == Bool {
    /// Whether private values are redacted in logs (`"logRedaction"`).
    package static var logRedaction: Self { .init("logRedaction") }

    /// The feature flag `name`, read from the `features` object.
    package static func feature(_ name: String) -> Self { .init("features.\(name)") }
}
