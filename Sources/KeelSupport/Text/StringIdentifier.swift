/// A name wrapped in its own type so that names of different things cannot be mixed up
/// (`ModuleID`, `ThemeIdentifier`, `ButtonVariant` …): it prints as its name, a type that is
/// also `ExpressibleByStringLiteral` is written as a literal, and one that is `Comparable`
/// orders by name. Apps can give their own identifiers the same behaviour:
///
/// ```swift
/// struct ScreenID: StringIdentifier, ExpressibleByStringLiteral {
///     let rawValue: String
///     init(rawValue: String) { self.rawValue = rawValue }
/// }
/// let home: ScreenID = "home"  // prints "home"
/// ```
public protocol StringIdentifier: RawRepresentable, Hashable, Sendable, CustomStringConvertible
where RawValue == String {
    /// Wraps a name; every name is valid.
    init(rawValue: String)
}

extension StringIdentifier {
    /// The name.
    public var description: String { rawValue }
}

extension StringIdentifier where Self: ExpressibleByStringLiteral {
    /// Wraps a literal name.
    public init(stringLiteral value: String) { self.init(rawValue: value) }
}

extension StringIdentifier where Self: Comparable {
    /// Orders by name.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
