/// What every name a theme is keyed by is: a dot-separated name — a design token
/// (``ColorToken``, ``SpacingToken``, ``KeelFontToken`` …), a component (``ComponentIdentifier``)
/// or a key of a component theme (``ComponentValueKey``).
///
/// Apps add their own with `init(rawValue:)`; an empty name is reported by theme validation,
/// never trapped. A token prints as its name, orders by name, and hashes a cheap
/// fingerprint of it (lookups are on hot paths; equality still compares the whole name).
public protocol DesignToken: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible
where RawValue == String {}

extension DesignToken {
    /// The token's name.
    public var description: String { rawValue }

    /// Hashes a fingerprint of the name (its length and up to 16 of its bytes).
    public func hash(into hasher: inout Hasher) { hasher.combine(TokenName.fingerprint(rawValue)) }

    /// Orders tokens by name.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
