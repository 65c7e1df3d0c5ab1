import Foundation

/// Decodes path parameters and query values into a flat `Decodable` type: each property is
/// one parameter; scalars take one value (a catch-all's segments joined with `/`), arrays
/// take every value, and a missing array is empty.
enum ParametersDecoding {
    struct Field {
        let values: [String]
        let isPath: Bool
        /// The segment as sent, for a single-segment path value: a `String` property reads it
        /// (a placeholder's converted value re-printed would change `007` to `7`).
        var raw: String?
        /// Whether this is one element of a list (a nested list is refused).
        var inList = false
    }

    static func decode<T: Decodable>(
        _ type: T.Type, parameters: RouteParameters, query: QueryParameters
    ) throws -> T {
        var fields: [String: Field] = [:]
        for (key, values) in query.values { fields[key] = Field(values: values, isPath: false) }
        for (key, value) in parameters.values {
            if case .path(let segments) = value {
                fields[key] = Field(values: segments, isPath: true)
            } else {
                fields[key] = Field(values: [value.text], isPath: false, raw: parameters.raw[key])
            }
        }
        do {
            return try T(from: FlatDecoder(fields: fields))
        } catch let failure as ParameterFailure {
            throw RouteError.invalidParameter(name: failure.name, reason: failure.reason)
        } catch let error as DecodingError {
            throw RouteError.invalidParameter(name: error.parameterName, reason: error.reason)
        }
    }
}

/// A parameter that could not be converted, by name.
struct ParameterFailure: Error {
    let name: String
    let reason: String
}

extension DecodingError {
    var parameterName: String {
        switch self {
        case .keyNotFound(let key, _): return key.stringValue
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context.codingPath.first?.stringValue ?? ""
        @unknown default: return ""
        }
    }

    var reason: String {
        switch self {
        case .keyNotFound: return "missing"
        case .typeMismatch(let type, _): return "not a \(type)"
        case .valueNotFound(let type, _): return "missing \(type)"
        case .dataCorrupted(let context): return context.debugDescription
        @unknown default: return "invalid"
        }
    }
}

private func convert<T: LosslessStringConvertible>(_ text: String, _ type: T.Type, name: String) throws -> T {
    guard let value = T(text) else {
        throw ParameterFailure(name: name, reason: "\"\(text)\" is not a \(T.self)")
    }
    return value
}

private struct FlatDecoder: Decoder {
    let fields: [String: ParametersDecoding.Field]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(FlatKeyedContainer<Key>(fields: fields))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw ParameterFailure(name: "", reason: "parameters decode into a struct with named properties")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw ParameterFailure(name: "", reason: "parameters decode into a struct with named properties")
    }
}

private struct FlatKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: ParametersDecoding.Field]
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }
    func decodeNil(forKey key: Key) throws -> Bool { fields[key.stringValue] == nil }

    private func field(_ key: Key) throws -> FieldDecoder {
        FieldDecoder(
            name: key.stringValue,
            field: fields[key.stringValue] ?? ParametersDecoding.Field(values: [], isPath: false))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try field(key).single(Bool.self) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try field(key).stringText }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try field(key).single(Double.self) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try field(key).single(Float.self) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try field(key).single(Int.self) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try field(key).single(Int8.self) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try field(key).single(Int16.self) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try field(key).single(Int32.self) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try field(key).single(Int64.self) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try field(key).single(UInt.self) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try field(key).single(UInt8.self) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try field(key).single(UInt16.self) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try field(key).single(UInt32.self) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try field(key).single(UInt64.self) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let field = try field(key)
        if let scalar = try field.scalar(T.self) { return scalar }
        return try T(from: field)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw ParameterFailure(name: key.stringValue, reason: "nested values are not supported")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try field(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        throw ParameterFailure(name: "super", reason: "not supported")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try field(key)
    }
}

/// Decodes one parameter: a scalar, or an array of its values.
private struct FieldDecoder: Decoder, SingleValueDecodingContainer {
    let name: String
    let field: ParametersDecoding.Field
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw ParameterFailure(name: name, reason: "nested values are not supported")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        // `[[Int]]` used to read each value as a one-element list (`[[1], [2], [3]]`).
        if field.inList { throw ParameterFailure(name: name, reason: "nested values are not supported") }
        return FieldListContainer(name: name, values: field.values)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// The text a `String` reads: the segment as sent when there is one.
    var stringText: String {
        get throws {
            if let raw = field.raw { return raw }
            return try text
        }
    }

    var text: String {
        get throws {
            if field.isPath { return field.values.joined(separator: "/") }
            guard field.values.count == 1 else {
                throw ParameterFailure(
                    name: name,
                    reason: field.values.isEmpty
                        ? "missing" : "expected one value, found \(field.values.count)")
            }
            return field.values[0]
        }
    }

    func single<T: LosslessStringConvertible>(_ type: T.Type) throws -> T {
        try convert(text, type, name: name)
    }

    func decodeNil() -> Bool { field.values.isEmpty }
    func decode(_ type: Bool.Type) throws -> Bool { try single(Bool.self) }
    func decode(_ type: String.Type) throws -> String { try stringText }
    func decode(_ type: Double.Type) throws -> Double { try single(Double.self) }
    func decode(_ type: Float.Type) throws -> Float { try single(Float.self) }
    func decode(_ type: Int.Type) throws -> Int { try single(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try single(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try single(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try single(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try single(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try single(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try single(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try single(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try single(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try single(UInt64.self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let scalar = try scalar(T.self) { return scalar }
        return try T(
            from: FieldDecoder(
                name: name,
                field: ParametersDecoding.Field(
                    values: [text], isPath: false, raw: field.raw, inList: field.inList)))
    }

    /// A `URL` or `Decimal` read from the text as one value, as `JSONDecoder` reads them (their
    /// own `Decodable` wants a keyed container, which used to throw "nested values are not
    /// supported"); `nil` for other types.
    func scalar<T>(_ type: T.Type) throws -> T? {
        if T.self == URL.self {
            let text = try stringText
            guard let url = URL(string: text) else {
                throw ParameterFailure(name: name, reason: "\"\(text)\" is not a URL")
            }
            return url as? T
        }
        if T.self == Decimal.self {
            let text = try self.text
            // `Decimal(string:)` reads a prefix (`12abc` is 12): only number characters pass.
            guard !text.isEmpty, text.utf8.allSatisfy({ byte in "0123456789.+-eE".utf8.contains(byte) }),
                let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
                !decimal.isNaN
            else {
                throw ParameterFailure(name: name, reason: "\"\(text)\" is not a Decimal")
            }
            return decimal as? T
        }
        return nil
    }
}

/// The values of a repeated parameter.
private struct FieldListContainer: UnkeyedDecodingContainer {
    let name: String
    let values: [String]
    var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var count: Int? { values.count }
    var isAtEnd: Bool { currentIndex >= values.count }

    init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }

    private mutating func next() throws -> FieldDecoder {
        guard !isAtEnd else { throw ParameterFailure(name: name, reason: "too few values") }
        defer { currentIndex += 1 }
        return FieldDecoder(
            name: name,
            field: ParametersDecoding.Field(values: [values[currentIndex]], isPath: false, inList: true))
    }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().single(Bool.self) }
    mutating func decode(_ type: String.Type) throws -> String { try next().stringText }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().single(Double.self) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().single(Float.self) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().single(Int.self) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().single(Int8.self) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().single(Int16.self) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().single(Int32.self) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().single(Int64.self) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().single(UInt.self) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().single(UInt8.self) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().single(UInt16.self) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().single(UInt32.self) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().single(UInt64.self) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let field = try next()
        if let scalar = try field.scalar(T.self) { return scalar }
        return try T(from: field)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw ParameterFailure(name: name, reason: "nested values are not supported")
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw ParameterFailure(name: name, reason: "nested values are not supported")
    }

    mutating func superDecoder() throws -> any Decoder {
        throw ParameterFailure(name: name, reason: "not supported")
    }
}
