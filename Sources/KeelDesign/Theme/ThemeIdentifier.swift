/// The identifier of a theme (`keel.default`).
public struct ThemeIdentifier: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The identifier.
    public let rawValue: String
    /// A theme identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The raw value.
    public var description: String { rawValue }

    /// The built-in default theme.
    package static let `default` = ThemeIdentifier(rawValue: "keel.default")
    /// The built-in blue theme.
    package static let blue = ThemeIdentifier(rawValue: "keel.blue")
}

extension ThemeIdentifier: ExpressibleByStringLiteral {
    /// An identifier from a string literal (`"app.brand"`).
    public init(stringLiteral value: String) { self.init(rawValue: value) }
}
