import Foundation
import KeelSupport

/// A value from an environment configuration file: JSON's types, kept as they were written.
public enum ConfigurationValue: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([ConfigurationValue])
    /// An object.
    case object([String: ConfigurationValue])

    /// Decodes any JSON value, telling booleans from numbers.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ConfigurationValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ConfigurationValue].self))
        }
    }

    /// The JSON type's name, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// A short rendering of the value.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .number(let value): String(value)
        case .string(let value): "\"\(value)\""
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .object(let object):
            "{" + object.keys.sorted().map { "\($0): \(object[$0]!.description)" }.joined(separator: ", ")
                + "}"
        }
    }

    /// The value at a dotted key path (`"features.newFeed"`), if every step is an object member.
    func value(atPath path: String) -> ConfigurationValue? {
        var current = self
        for component in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard case .object(let object) = current, let next = object[String(component)] else { return nil }
            current = next
        }
        return current
    }

    /// `base` overridden by `self`, merged per key at every level of nested objects.
    func merged(over base: ConfigurationValue) -> ConfigurationValue {
        guard case .object(let overrides) = self, case .object(var result) = base else { return self }
        for (key, value) in overrides {
            if let existing = result[key] {
                result[key] = value.merged(over: existing)
            } else {
                result[key] = value
            }
        }
        return .object(result)
    }
}

extension ConfigurationValue {
    /// Parses a configuration file with Keel's shared JSON parser (RFC 8259; UTF-8, or UTF-16/32
    /// transcoded; at most 512 levels of nesting). Of duplicate names the last value wins; a
    /// number beyond `Double`'s range (`1e400`) is an error.
    ///
    /// - Throws: `JSONError` with the line, column and key path of the problem.
    static func parse(_ data: Data) throws -> ConfigurationValue {
        try JSONParser.parse([UInt8](data)).build(ConfigurationValue.self)
    }
}

extension ConfigurationValue: JSONTreeValue {
    package static var jsonNull: ConfigurationValue { .null }
    package static func jsonBool(_ value: Bool) -> ConfigurationValue { .bool(value) }
    package static func jsonString(_ value: String) -> ConfigurationValue { .string(value) }
    package static func jsonNumber(at index: Int, in tape: JSONTape) throws -> ConfigurationValue {
        guard let number = tape.double(at: index) else {
            throw tape.error(.numberOutOfRange(tape.numberText(at: index)), at: index)
        }
        return .number(number)
    }
    package static func jsonArray(_ elements: [ConfigurationValue]) -> ConfigurationValue { .array(elements) }
    package static func jsonEmptyMembers() -> [String: ConfigurationValue] { [:] }
    package static func jsonInsert(
        _ value: ConfigurationValue, forKey key: String, into members: inout [String: ConfigurationValue]
    ) {
        members[key] = value
    }
    package static func jsonObject(_ members: [String: ConfigurationValue]) -> ConfigurationValue {
        .object(members)
    }
}

/// A type that can be read from a ``ConfigurationValue``.
public protocol ConfigurationValueConvertible: Sendable {
    /// The JSON type expected, for error messages (`"string (URL)"`).
    static var expectedType: String { get }
    /// Converts the value, or returns `nil` when it has the wrong type or form.
    init?(configurationValue: ConfigurationValue)
}

extension String: ConfigurationValueConvertible {
    /// `string`.
    public static var expectedType: String { "string" }
    /// Reads a string.
    public init?(configurationValue: ConfigurationValue) {
        guard case .string(let value) = configurationValue else { return nil }
        self = value
    }
}

extension Bool: ConfigurationValueConvertible {
    /// `boolean`.
    public static var expectedType: String { "boolean" }
    /// Reads `true` or `false` (not 0 or 1).
    public init?(configurationValue: ConfigurationValue) {
        guard case .bool(let value) = configurationValue else { return nil }
        self = value
    }
}

extension Double: ConfigurationValueConvertible {
    /// `number`.
    public static var expectedType: String { "number" }
    /// Reads a number.
    public init?(configurationValue: ConfigurationValue) {
        guard case .number(let value) = configurationValue else { return nil }
        self = value
    }
}

extension Int: ConfigurationValueConvertible {
    /// `integer`.
    public static var expectedType: String { "integer" }
    /// Reads a number without a fractional part that fits in `Int`.
    public init?(configurationValue: ConfigurationValue) {
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
    public init?(configurationValue: ConfigurationValue) {
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
    public init?(configurationValue: ConfigurationValue) {
        guard case .array(let values) = configurationValue else { return nil }
        var result: [Element] = []
        for value in values {
            guard let element = Element(configurationValue: value) else { return nil }
            result.append(element)
        }
        self = result
    }
}

extension ConfigurationValue: ConfigurationValueConvertible {
    /// `any`.
    public static var expectedType: String { "any" }
    /// Any value as it is.
    public init?(configurationValue: ConfigurationValue) {
        self = configurationValue
    }
}
