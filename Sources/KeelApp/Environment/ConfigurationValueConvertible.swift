import Foundation
import KeelSupport

// An environment's configuration is a `JSONValue` (KeelSupport): JSON's types, kept as they
// were written. What only the loader needs is here: the dotted-path lookup and the per-key
// deep merge of `basedOn` inheritance.
extension JSONValue {
    /// The value at a dotted key path (`"features.newFeed"`), if every step is an object member.
    func value(atPath path: String) -> JSONValue? {
        var current = self
        for component in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard case .object(let object) = current, let next = object[String(component)] else { return nil }
            current = next
        }
        return current
    }

    /// `base` overridden by `self`, merged per key at every level of nested objects; keys new
    /// in `self` come after `base`'s.
    func merged(over base: JSONValue) -> JSONValue {
        guard case .object(let overrides) = self, case .object(var result) = base else { return self }
        for (key, value) in overrides.pairs {
            if let existing = result[key] {
                result[key] = value.merged(over: existing)
            } else {
                result[key] = value
            }
        }
        return .object(result)
    }
}

/// A type that can be read from a configuration value (a `JSONValue`, from KeelSupport).
public protocol ConfigurationValueConvertible: Sendable {
    /// The JSON type expected, for error messages (`"string (URL)"`).
    static var expectedType: String { get }
    /// Converts the value, or returns `nil` when it has the wrong type or form.
    init?(configurationValue: JSONValue)
}

extension String: ConfigurationValueConvertible {
    /// `string`.
    public static var expectedType: String { "string" }
    /// Reads a string.
    public init?(configurationValue: JSONValue) {
        guard case .string(let value) = configurationValue else { return nil }
        self = value
    }
}

extension Bool: ConfigurationValueConvertible {
    /// `boolean`.
    public static var expectedType: String { "boolean" }
    /// Reads `true` or `false` (not 0 or 1).
    public init?(configurationValue: JSONValue) {
        guard case .bool(let value) = configurationValue else { return nil }
        self = value
    }
}

extension Double: ConfigurationValueConvertible {
    /// `number`.
    public static var expectedType: String { "number" }
    /// Reads a number.
    public init?(configurationValue: JSONValue) {
        guard case .number(let value) = configurationValue else { return nil }
        self = value
    }
}

extension Int: ConfigurationValueConvertible {
    /// `integer`.
    public static var expectedType: String { "integer" }
    /// Reads a number without a fractional part that fits in `Int`.
    public init?(configurationValue: JSONValue) {
        guard case .number(let value) = configurationValue, let exact = Int(exactly: value) else {
            return nil
        }
        self = exact
    }
}

extension URL: ConfigurationValueConvertible {
    /// `string (absolute URL)`.
    public static var expectedType: String { "string (absolute URL)" }
    /// Reads an absolute URL with a scheme and a host.
    public init?(configurationValue: JSONValue) {
        guard case .string(let text) = configurationValue, let url = URL(string: text), url.scheme != nil,
            url.host != nil
        else { return nil }
        self = url
    }
}

extension Array: ConfigurationValueConvertible where Element: ConfigurationValueConvertible {
    /// `array of <element>`.
    public static var expectedType: String { "array of \(Element.expectedType)" }
    /// Reads an array whose every element converts.
    public init?(configurationValue: JSONValue) {
        guard case .array(let values) = configurationValue else { return nil }
        var result: [Element] = []
        for value in values {
            guard let element = Element(configurationValue: value) else { return nil }
            result.append(element)
        }
        self = result
    }
}

extension JSONValue: ConfigurationValueConvertible {
    /// `any`.
    public static var expectedType: String { "any" }
    /// Any value as it is.
    public init?(configurationValue: JSONValue) {
        self = configurationValue
    }
}
