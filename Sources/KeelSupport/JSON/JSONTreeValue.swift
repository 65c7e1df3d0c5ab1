/// A value type a parsed JSON document is built into: ``JSONValue``, KeelTestSupport's `JSONNode`.
/// Each says how to make its cases; ``JSONTape/build(_:)`` walks
/// the tokens once, without recursion, for all of them.
package protocol JSONTreeValue {
    /// The type of an object under construction.
    associatedtype Members
    /// The JSON `null`.
    static var jsonNull: Self { get }
    /// A boolean.
    static func jsonBool(_ value: Bool) -> Self
    /// A string.
    static func jsonString(_ value: String) -> Self
    /// The number at token `index` of `tape`; throws (a located ``JSONError``) for a number the
    /// type cannot hold.
    static func jsonNumber(at index: Int, in tape: JSONTape) throws -> Self
    /// An array.
    static func jsonArray(_ elements: [Self]) -> Self
    /// An empty object.
    static func jsonEmptyMembers() -> Members
    /// `members` with `value` under `key` (a later duplicate replaces an earlier one).
    static func jsonInsert(_ value: Self, forKey key: String, into members: inout Members)
    /// An object.
    static func jsonObject(_ members: Members) -> Self
}

extension JSONTape {
    /// The document as a `Value` tree, built in one pass over the tokens with an explicit stack.
    package func build<Value: JSONTreeValue>(_: Value.Type = Value.self) throws -> Value {
        var arrays: [[Value]] = []
        var objects: [(members: Value.Members, key: String)] = []
        /// Which of the two stacks each open container is on (`true`: an object).
        var openObjects: [Bool] = []
        var result = Value.jsonNull
        for index in tokens.indices {
            let token = tokens[index]
            let value: Value
            switch token.kind {
            case .objectStart:
                objects.append((Value.jsonEmptyMembers(), ""))
                openObjects.append(true)
                continue
            case .arrayStart:
                var elements: [Value] = []
                elements.reserveCapacity(token.count)
                arrays.append(elements)
                openObjects.append(false)
                continue
            case .key:
                if !objects.isEmpty { objects[objects.count - 1].key = string(at: index) }
                continue
            case .objectEnd:
                guard let object = objects.popLast() else { continue }
                openObjects.removeLast()
                value = Value.jsonObject(object.members)
            case .arrayEnd:
                guard let elements = arrays.popLast() else { continue }
                openObjects.removeLast()
                value = Value.jsonArray(elements)
            case .string: value = Value.jsonString(string(at: index))
            case .number: value = try Value.jsonNumber(at: index, in: self)
            case .true: value = Value.jsonBool(true)
            case .false: value = Value.jsonBool(false)
            case .null: value = Value.jsonNull
            }
            switch openObjects.last {
            case nil: result = value
            case false?: arrays[arrays.count - 1].append(value)
            case true?:
                let key = objects[objects.count - 1].key
                Value.jsonInsert(value, forKey: key, into: &objects[objects.count - 1].members)
            }
        }
        return result
    }
}
