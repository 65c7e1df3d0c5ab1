/// Why JSON text could not be parsed, with the line and column (1-based) of the problem and
/// the key path (a JSON Pointer such as `/color/brand`) of the value concerned.
package struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    package var message: String
    /// The line.
    package var line: Int
    /// The column, in Unicode scalars.
    package var column: Int
    /// The JSON Pointer of the value concerned (`""` for the whole document).
    package var keyPath: String

    /// An error at `line`:`column`, about the value at `keyPath`.
    package init(message: String, line: Int, column: Int, keyPath: String = "") {
        self.message = message
        self.line = line
        self.column = column
        self.keyPath = keyPath
    }

    /// The public form of the shared parser's error.
    package init(_ error: JSONError) {
        self.init(
            message: error.message, line: error.line, column: error.column, keyPath: error.keyPath.jsonPointer
        )
    }

    /// `line:column: message`, with ` (at /key/path)` when the problem is inside the document.
    package var description: String {
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
    package static func parse(_ bytes: some Collection<UInt8>) throws -> JSONValue {
        try JSONValue(tape: tape(of: Array(bytes)))
    }

    /// The shared parser's token tape of `bytes`, for readers that need where each value is
    /// written as well as the value (KeelDTCG's source maps); errors are ``JSONSyntaxError``.
    ///
    /// - Parameters:
    ///   - maximumDepth: nesting beyond this many levels is a located error.
    ///   - json5: read JSON5 too (``JSONParser/parse(_:maximumDepth:recordingDepth:json5:)``).
    package static func tape(
        of bytes: [UInt8], maximumDepth: Int = JSONParser.maximumDepth, json5: Bool = false
    )
        throws -> JSONTape
    {
        do {
            return try JSONParser.parse(bytes, maximumDepth: maximumDepth, json5: json5)
        } catch let error as JSONError {
            throw JSONSyntaxError(error)
        }
    }

    /// Parses JSON text.
    package static func parse(_ text: String) throws -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Builds the value of a parsed document, without recursion.
    package init(tape: JSONTape) throws {
        do {
            self = try tape.build(JSONValue.self)
        } catch let error as JSONError {
            throw JSONSyntaxError(error)
        }
    }
}

extension JSONValue: JSONTreeValue {
    package static var jsonNull: JSONValue { .null }
    package static func jsonBool(_ value: Bool) -> JSONValue { .bool(value) }
    package static func jsonString(_ value: String) -> JSONValue { .string(value) }
    package static func jsonNumber(at index: Int, in tape: JSONTape) throws -> JSONValue {
        guard let number = tape.double(at: index) else {
            throw tape.error(.numberOutOfRange(tape.numberText(at: index)), at: index)
        }
        return .number(number)
    }
    package static func jsonArray(_ elements: [JSONValue]) -> JSONValue { .array(elements) }
    package static func jsonEmptyMembers() -> JSONObject { JSONObject() }
    package static func jsonInsert(_ value: JSONValue, forKey key: String, into members: inout JSONObject) {
        members[key] = value
    }
    package static func jsonObject(_ members: JSONObject) -> JSONValue { .object(members) }
}
