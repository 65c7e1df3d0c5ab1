import Foundation

/// A JSON value that keeps object key order, tells booleans from numbers, and encodes
/// deterministically: an app's environment configuration, a theme's vendor extensions, what
/// KeelDTCG reads token files into, and the JSON bodies the network redactor rewrites.
///
/// Read a value with its cases or the accessors:
///
/// ```swift
/// if let host = configuration["server"]?["host"]?.stringValue { … }
/// ```
public indirect enum JSONValue: Hashable, Sendable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; keys keep their order.
    case object(JSONObject)

    /// The member for `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, if this is one.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The boolean, if this is one (not 0 or 1).
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The object, if this is one.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The array, if this is one.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// A short name of the JSON kind (`object`, `string`, `boolean`, …) for messages.
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// A short rendering for messages: strings quoted, numbers as Swift prints a `Double`,
    /// object members sorted by key (`{a: 1.0, b: "x"}`); `encoded(pretty:sortedKeys:)` is
    /// the JSON text.
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
}

extension JSONValue: Decodable {
    /// Decodes any JSON value, telling booleans from numbers; object keys come in the order the
    /// decoder lists them.
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
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            let members = try decoder.container(keyedBy: JSONObject.Key.self)
            var object = JSONObject()
            for key in members.allKeys {
                object[key.stringValue] = try members.decode(JSONValue.self, forKey: key)
            }
            self = .object(object)
        }
    }
}

/// A JSON object with ordered keys (the last of duplicate keys wins, in the first's place).
public struct JSONObject: Hashable, Sendable {
    /// The keys in order.
    public private(set) var keys: [String] = []
    private var storage: [String: JSONValue] = [:]

    /// An empty object.
    package init() {}

    /// An object from ordered pairs: `JSONObject([("host", .string("api.example.com"))])`.
    public init(_ pairs: [(String, JSONValue)]) {
        for (key, value) in pairs { self[key] = value }
    }

    /// The value for `key`; setting `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// The pairs in key order.
    public var pairs: [(key: String, value: JSONValue)] { keys.map { ($0, storage[$0]!) } }

    /// The number of members.
    public var count: Int { keys.count }

    /// Equal when the same keys map to equal values (order does not matter, as in JSON).
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.storage == rhs.storage }

    /// Hashes the members.
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }

    /// A member name, for decoding an object.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension JSONValue {
    /// Encodes as JSON text: two-space indentation when `pretty`, keys in stored order
    /// (or sorted when `sortedKeys`), integers without a fraction.
    package func encoded(pretty: Bool = true, sortedKeys: Bool = false) -> String {
        var output = ""
        write(to: &output, indent: pretty ? 0 : nil, sortedKeys: sortedKeys)
        return output
    }

    private func write(to output: inout String, indent: Int?, sortedKeys: Bool) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += JSONValue.format(value)
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let values):
            if values.isEmpty {
                output += "[]"
                return
            }
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                JSONValue.newline(&output, indent.map { $0 + 1 })
                value.write(to: &output, indent: indent.map { $0 + 1 }, sortedKeys: sortedKeys)
            }
            JSONValue.newline(&output, indent)
            output += "]"
        case .object(let object):
            if object.count == 0 {
                output += "{}"
                return
            }
            output += "{"
            let keys = sortedKeys ? object.keys.sorted() : object.keys
            for (index, key) in keys.enumerated() {
                if index > 0 { output += "," }
                JSONValue.newline(&output, indent.map { $0 + 1 })
                JSONValue.writeString(key, to: &output)
                output += indent == nil ? ":" : ": "
                object[key]!.write(to: &output, indent: indent.map { $0 + 1 }, sortedKeys: sortedKeys)
            }
            JSONValue.newline(&output, indent)
            output += "}"
        }
    }

    private static func newline(_ output: inout String, _ indent: Int?) {
        guard let indent else { return }
        output += "\n" + String(repeating: "  ", count: indent)
    }

    /// A number as JSON text: the shortest round-tripping form, `-0` kept, non-finite as `null`.
    package static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        // Negative zero keeps its sign, so `-0` round-trips.
        if value == 0, value.sign == .minus { return "-0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Appends `value` as a JSON string literal: quote, backslash and the control characters
    /// escaped (`\n`, `\r`, `\t`, else `\u00xx`), everything else as is. The one string
    /// writer of Keel's JSON output (values, the key-value store's files, test documents).
    package static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    output += String(format: "\\u%04x", scalar.value)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
