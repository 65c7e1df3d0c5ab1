import KeelSupport

/// A JSON number exactly as written: the parser never rounds, so `1e400` and long integers
/// keep every digit; conversions say when a value does not fit.
package struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The number's source text (valid RFC 8259 number syntax).
    package let text: String

    /// A number from its validated source text.
    package init(validatedText text: String) {
        self.text = text
    }

    /// The nearest `Double` (RFC 8259 §6), or `nil` when the magnitude is beyond `Double`'s
    /// range. `-0` is negative zero.
    package var double: Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// The value as an `Int64` when it is an integer literal that fits exactly.
    package var int64: Int64? {
        Int64(text)
    }

    /// The source text.
    package var description: String { text }
}

/// Object members in document order, names unique: of duplicate names the last value wins,
/// in the first one's place. Names compare as Swift strings (canonically equivalent spellings
/// such as NFC and NFD "é" are the same name).
package struct JSONMembers: Hashable, Sendable {
    /// The names, in order.
    package private(set) var keys: [String] = []
    /// The values, parallel to `keys`.
    package private(set) var values: [JSONNode] = []
    private var positions: [String: Int] = [:]

    /// No members.
    package init() {}

    /// The members of `pairs`, with the duplicate-name policy applied.
    package init(_ pairs: [(String, JSONNode)]) {
        for (key, value) in pairs { self[key] = value }
    }

    /// The value for `key`; setting replaces it in place or appends a new member.
    package subscript(key: String) -> JSONNode? {
        get { positions[key].map { values[$0] } }
        set {
            guard let newValue else {
                if let position = positions.removeValue(forKey: key) {
                    keys.remove(at: position)
                    values.remove(at: position)
                    for (offset, name) in keys.enumerated().dropFirst(position) { positions[name] = offset }
                }
                return
            }
            if let position = positions[key] {
                values[position] = newValue
            } else {
                positions[key] = keys.count
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// The number of members.
    package var count: Int { keys.count }

    /// Equal when the same names hold equal values in the same order.
    package static func == (lhs: JSONMembers, rhs: JSONMembers) -> Bool {
        lhs.keys == rhs.keys && lhs.values == rhs.values
    }

    /// Hashes names and values in order.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(keys)
        hasher.combine(values)
    }
}

/// A JSON value as KeelSupport's parser reads it: lossless numbers, ordered members.
package indirect enum JSONNode: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, exactly as written.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONNode])
    /// An object.
    case object(JSONMembers)

    /// Parses `input` (see ``JSONParser``).
    package static func parse(_ input: [UInt8]) throws -> JSONNode {
        try JSONParser.parse(input).node()
    }

    /// Parses `text`.
    package static func parse(_ text: String) throws -> JSONNode {
        try parse(Array(text.utf8))
    }

    /// Compact JSON text: numbers as written, strings escaping only `"`, `\` and control
    /// characters. Iterative, so any depth serialises.
    package func serialized() -> String {
        var output = ""
        // Work items: a value to write, or literal text.
        enum Item {
            case value(JSONNode)
            case text(String)
        }
        var work: [Item] = [.value(self)]
        while let item = work.popLast() {
            switch item {
            case .text(let text): output += text
            case .value(let value):
                switch value {
                case .null: output += "null"
                case .bool(let flag): output += flag ? "true" : "false"
                case .number(let number): output += number.text
                case .string(let string): JSONValue.writeString(string, to: &output)
                case .array(let elements):
                    output += "["
                    work.append(.text("]"))
                    for (index, element) in elements.enumerated().reversed() {
                        work.append(.value(element))
                        if index > 0 { work.append(.text(",")) }
                    }
                case .object(let members):
                    output += "{"
                    work.append(.text("}"))
                    for index in (0..<members.count).reversed() {
                        work.append(.value(members.values[index]))
                        var key = ""
                        JSONValue.writeString(members.keys[index], to: &key)
                        work.append(.text(index > 0 ? "," + key + ":" : key + ":"))
                    }
                }
            }
        }
        return output
    }
}

extension JSONNode: JSONTreeValue {
    package static var jsonNull: JSONNode { .null }
    package static func jsonBool(_ value: Bool) -> JSONNode { .bool(value) }
    package static func jsonString(_ value: String) -> JSONNode { .string(value) }
    package static func jsonNumber(at index: Int, in tape: JSONTape) -> JSONNode {
        .number(JSONNumber(validatedText: tape.numberText(at: index)))
    }
    package static func jsonArray(_ elements: [JSONNode]) -> JSONNode { .array(elements) }
    package static func jsonEmptyMembers() -> JSONMembers { JSONMembers() }
    package static func jsonInsert(_ value: JSONNode, forKey key: String, into members: inout JSONMembers) {
        members[key] = value
    }
    package static func jsonObject(_ members: JSONMembers) -> JSONNode { .object(members) }
}

extension JSONTape {
    /// The document as a ``JSONNode`` tree, built without recursion.
    package func node() -> JSONNode {
        // JSONNode keeps every number's text, so building it cannot fail.
        (try? build(JSONNode.self)) ?? .null
    }
}
