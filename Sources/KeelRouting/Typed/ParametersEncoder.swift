import Foundation

/// Encodes a flat `Encodable` value into named parameter values, in encoding order:
/// scalars (`URL` and `Decimal` included, as `JSONEncoder` writes them) become one value,
/// arrays several, `nil` nothing; a nested array or a `nil` inside an array is refused.
enum ParametersEncoding {
    /// The fields of `value`.
    ///
    /// - Throws: ``RouteError/invalidParameter(name:reason:)`` for a nested keyed value (its
    ///   fields used to be flattened into the top level, `paging.page` becoming `page`) or a
    ///   non-finite number (`inf` and `nan` used to be written, then refused by the route).
    static func encode<T: Encodable>(_ value: T) throws -> (
        fields: [(name: String, values: [String])], lists: Set<String>
    ) {
        let storage = EncodedFields()
        try value.encode(to: FlatEncoder(storage: storage))
        if let failure = storage.failure {
            throw RouteError.invalidParameter(name: failure.name, reason: failure.reason)
        }
        return (storage.fields, storage.lists)
    }

    /// The text of a floating-point value, or a typed error for infinity and NaN.
    static func finite<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F, name: String) throws
        -> String
    {
        guard value.isFinite else {
            throw RouteError.invalidParameter(name: name, reason: "\(value) is not a finite number")
        }
        return String(value)
    }
}

/// Collects fields during one encode; never shared across threads.
private final class EncodedFields {
    var fields: [(name: String, values: [String])] = []
    /// Fields encoded as arrays (through an unkeyed container).
    var lists = Set<String>()
    /// The first value that cannot be a parameter (containers cannot throw when they are made).
    var failure: (name: String, reason: String)?

    /// Records the first value that cannot be a parameter.
    func refuse(_ name: String, _ reason: String) {
        if failure == nil { failure = (name, reason) }
    }

    /// Appends `value` as one text when it is a `URL` or `Decimal`; whether it was one.
    func appendScalar(_ value: some Encodable, to name: String) -> Bool {
        if let url = value as? URL {
            append(url.absoluteString, to: name)
            return true
        }
        if let decimal = value as? Decimal {
            if decimal.isNaN {
                refuse(name, "NaN is not a finite number")
            } else {
                append(decimal.description, to: name)
            }
            return true
        }
        return false
    }
    /// Records a nested keyed value under `name` as a failure and returns storage to discard
    /// its fields in.
    func refuseNested(_ name: String) -> EncodedFields {
        if failure == nil { failure = (name, "nested values are not supported") }
        return EncodedFields()
    }

    func append(_ value: String, to name: String) {
        if let index = fields.firstIndex(where: { $0.name == name }) {
            fields[index].values.append(value)
        } else {
            fields.append((name, [value]))
        }
    }

    func touch(_ name: String) {
        if !fields.contains(where: { $0.name == name }) { fields.append((name, [])) }
    }
}

private struct FlatEncoder: Encoder {
    let storage: EncodedFields
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FlatKeyedEncoder<Key>(storage: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        FieldEncoder(name: "", storage: storage)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        FieldEncoder(name: "", storage: storage)
    }
}

private struct FlatKeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: EncodedFields
    var codingPath: [any CodingKey] { [] }

    func encodeNil(forKey key: Key) throws {}
    func encode(_ value: Bool, forKey key: Key) throws { storage.append(String(value), to: key.stringValue) }
    func encode(_ value: String, forKey key: Key) throws {
        storage.append(String(value), to: key.stringValue)
    }
    func encode(_ value: Double, forKey key: Key) throws {
        storage.append(try ParametersEncoding.finite(value, name: key.stringValue), to: key.stringValue)
    }
    func encode(_ value: Float, forKey key: Key) throws {
        storage.append(try ParametersEncoding.finite(value, name: key.stringValue), to: key.stringValue)
    }
    func encode(_ value: Int, forKey key: Key) throws { storage.append(String(value), to: key.stringValue) }
    func encode(_ value: Int8, forKey key: Key) throws { storage.append(String(value), to: key.stringValue) }
    func encode(_ value: Int16, forKey key: Key) throws { storage.append(String(value), to: key.stringValue) }
    func encode(_ value: Int32, forKey key: Key) throws { storage.append(String(value), to: key.stringValue) }
    func encode(_ value: Int64, forKey key: Key) throws { storage.append(String(value), to: key.stringValue) }
    func encode(_ value: UInt, forKey key: Key) throws { storage.append(String(value), to: key.stringValue) }
    func encode(_ value: UInt8, forKey key: Key) throws { storage.append(String(value), to: key.stringValue) }
    func encode(_ value: UInt16, forKey key: Key) throws {
        storage.append(String(value), to: key.stringValue)
    }
    func encode(_ value: UInt32, forKey key: Key) throws {
        storage.append(String(value), to: key.stringValue)
    }
    func encode(_ value: UInt64, forKey key: Key) throws {
        storage.append(String(value), to: key.stringValue)
    }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        storage.touch(key.stringValue)
        if storage.appendScalar(value, to: key.stringValue) { return }
        try value.encode(to: FieldEncoder(name: key.stringValue, storage: storage))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(FlatKeyedEncoder<NestedKey>(storage: storage.refuseNested(key.stringValue)))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        storage.touch(key.stringValue)
        storage.lists.insert(key.stringValue)
        return FieldEncoder(name: key.stringValue, storage: storage, inList: true)
    }

    func superEncoder() -> any Encoder { FieldEncoder(name: "super", storage: storage) }

    func superEncoder(forKey key: Key) -> any Encoder {
        FieldEncoder(name: key.stringValue, storage: storage)
    }
}

/// Encodes one parameter's value or values.
private struct FieldEncoder: Encoder, SingleValueEncodingContainer, UnkeyedEncodingContainer {
    let name: String
    let storage: EncodedFields
    /// Whether this encodes the elements of the parameter's list.
    var inList = false
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var count: Int { storage.fields.first(where: { $0.name == name })?.values.count ?? 0 }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FlatKeyedEncoder<Key>(storage: storage.refuseNested(name)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        // `[[1, 2], [3]]` used to be flattened into `grid=1&grid=2&grid=3`, which decodes
        // as `[[1], [2], [3]]`.
        if inList {
            storage.refuse(name, "nested values are not supported")
            return FieldEncoder(name: name, storage: EncodedFields(), inList: true)
        }
        storage.lists.insert(name)
        var list = self
        list.inList = true
        return list
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws {
        // A `nil` element used to be dropped (`["a", nil, "b"]` came back as `["a", "b"]`);
        // a `nil` property writes nothing, as before.
        if inList { storage.refuse(name, "nil elements in a list are not supported") }
    }
    func encode(_ value: Bool) throws { storage.append(String(value), to: name) }
    func encode(_ value: String) throws { storage.append(String(value), to: name) }
    func encode(_ value: Double) throws {
        storage.append(try ParametersEncoding.finite(value, name: name), to: name)
    }
    func encode(_ value: Float) throws {
        storage.append(try ParametersEncoding.finite(value, name: name), to: name)
    }
    func encode(_ value: Int) throws { storage.append(String(value), to: name) }
    func encode(_ value: Int8) throws { storage.append(String(value), to: name) }
    func encode(_ value: Int16) throws { storage.append(String(value), to: name) }
    func encode(_ value: Int32) throws { storage.append(String(value), to: name) }
    func encode(_ value: Int64) throws { storage.append(String(value), to: name) }
    func encode(_ value: UInt) throws { storage.append(String(value), to: name) }
    func encode(_ value: UInt8) throws { storage.append(String(value), to: name) }
    func encode(_ value: UInt16) throws { storage.append(String(value), to: name) }
    func encode(_ value: UInt32) throws { storage.append(String(value), to: name) }
    func encode(_ value: UInt64) throws { storage.append(String(value), to: name) }

    func encode<T: Encodable>(_ value: T) throws {
        if storage.appendScalar(value, to: name) { return }
        try value.encode(to: self)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        KeyedEncodingContainer(FlatKeyedEncoder<NestedKey>(storage: storage.refuseNested(name)))
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        storage.refuse(name, "nested values are not supported")
        return FieldEncoder(name: name, storage: EncodedFields(), inList: true)
    }
    func superEncoder() -> any Encoder { self }
}
