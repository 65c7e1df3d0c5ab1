import KeelSupport

/// Why JSON text could not be parsed, with the line and column (1-based) of the problem and
/// the key path (a JSON Pointer such as `/color/brand`) of the value concerned.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public var message: String
    /// The line.
    public var line: Int
    /// The column, in Unicode scalars.
    public var column: Int
    /// The JSON Pointer of the value concerned (`""` for the whole document).
    public var keyPath: String

    /// An error at `line`:`column`, about the value at `keyPath`.
    public init(message: String, line: Int, column: Int, keyPath: String = "") {
        self.message = message
        self.line = line
        self.column = column
        self.keyPath = keyPath
    }

    init(_ error: JSONError) {
        self.init(
            message: error.message, line: error.line, column: error.column, keyPath: error.keyPath.jsonPointer
        )
    }

    /// `line:column: message`, with ` (at /key/path)` when the problem is inside the document.
    public var description: String {
        "\(line):\(column): \(message)" + (keyPath.isEmpty ? "" : " (at \(keyPath))")
    }
}

extension JSONValue {
    /// Parses JSON text with Keel's shared parser (RFC 8259; UTF-8, or UTF-16/32 transcoded).
    ///
    /// Nesting deeper than 512 levels, malformed UTF-8 and numbers beyond `Double`'s range
    /// (`1e400`) are errors; of duplicate names the last value wins, in the first one's place;
    /// `-0` is negative zero.
    ///
    /// - Throws: ``JSONSyntaxError`` with the line, column and key path of the problem.
    public static func parse(_ bytes: some Collection<UInt8>) throws -> JSONValue {
        let tape: JSONTape
        do {
            tape = try JSONParser.parse(Array(bytes))
        } catch let error as JSONError {
            throw JSONSyntaxError(error)
        }
        return try JSONValue(tape: tape)
    }

    /// Parses JSON text.
    public static func parse(_ text: String) throws -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Builds the value of a parsed document, without recursion.
    init(tape: JSONTape) throws {
        enum Partial {
            case array([JSONValue])
            case object(JSONObject, key: String)
        }
        var stack: [Partial] = []
        var result = JSONValue.null
        var index = 0
        let tokens = tape.tokens
        while index < tokens.count {
            let token = tokens[index]
            let value: JSONValue
            switch token.kind {
            case .objectStart:
                stack.append(.object(JSONObject(), key: ""))
                index += 1
                continue
            case .arrayStart:
                var elements: [JSONValue] = []
                elements.reserveCapacity(token.count)
                stack.append(.array(elements))
                index += 1
                continue
            case .key:
                if case .object(let object, _)? = stack.popLast() {
                    stack.append(.object(object, key: tape.string(at: index)))
                }
                index += 1
                continue
            case .objectEnd:
                guard case .object(let object, _)? = stack.popLast() else {
                    index += 1
                    continue
                }
                value = .object(object)
            case .arrayEnd:
                guard case .array(let elements)? = stack.popLast() else {
                    index += 1
                    continue
                }
                value = .array(elements)
            case .string: value = .string(tape.string(at: index))
            case .number:
                guard let number = tape.double(at: index) else {
                    throw JSONSyntaxError(
                        tape.error(.numberOutOfRange(tape.numberText(at: index)), at: index))
                }
                value = .number(number)
            case .true: value = .bool(true)
            case .false: value = .bool(false)
            case .null: value = .null
            }
            index += 1
            switch stack.popLast() {
            case nil: result = value
            case .array(var elements)?:
                elements.append(value)
                stack.append(.array(elements))
            case .object(var object, let key)?:
                object[key] = value
                stack.append(.object(object, key: key))
            }
        }
        self = result
    }
}
