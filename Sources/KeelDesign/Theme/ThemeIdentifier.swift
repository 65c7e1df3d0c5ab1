import KeelSupport

/// The identifier of a theme (`keel.default`).
public struct ThemeIdentifier: StringIdentifier, ExpressibleByStringLiteral {
    /// The identifier.
    public let rawValue: String
    /// A theme identifier.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The built-in default theme.
    package static let `default` = ThemeIdentifier(rawValue: "keel.default")
    /// The built-in blue theme.
    package static let blue = ThemeIdentifier(rawValue: "keel.blue")
}
