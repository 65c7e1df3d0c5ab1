/// One step of a path into a JSON document: an object member's name or an array index.
package enum JSONPathComponent: Hashable, Sendable {
    /// The member named so.
    case key(String)
    /// The element at this zero-based index.
    case index(Int)
}

extension [JSONPathComponent] {
    /// The path as a JSON Pointer (RFC 6901): `/colors/brand/0`, or `""` for the whole document.
    package var jsonPointer: String {
        var pointer = ""
        for component in self {
            pointer += "/"
            switch component {
            case .key(let key):
                pointer += key.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
            case .index(let index): pointer += String(index)
            }
        }
        return pointer
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        guard contains(target) else { return self }
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}

/// Why JSON text was rejected, where: the byte offset in the input as given, the line and
/// column (1-based; columns count Unicode scalars), and the key path of the value concerned.
package struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    package enum Reason: Hashable, Sendable {
        /// The input ended where `expected` should have come.
        case unexpectedEnd(expected: String)
        /// `found` (a quoted character or a byte in hex) stands where `expected` should.
        case unexpectedCharacter(found: String, expected: String)
        /// Something other than `true`, `false` or `null` starts with their first letter.
        case invalidLiteral
        /// A number's syntax is wrong (`detail` says how).
        case invalidNumber(detail: String)
        /// A number has a leading zero (`01`), which JSON forbids.
        case leadingZero
        /// A number is syntactically valid but outside the range a consumer reads it into.
        case numberOutOfRange(String)
        /// A string ended before its closing quote.
        case unterminatedString
        /// A string holds a raw control character (U+0000–U+001F), which must be escaped.
        case controlCharacterInString(UInt8)
        /// A backslash is followed by something other than `"\/bfnrtu`.
        case invalidEscape(found: String)
        /// `\u` is not followed by four hexadecimal digits.
        case invalidUnicodeEscape
        /// A `\u` escape names half of a UTF-16 surrogate pair without the other half.
        case unpairedSurrogate
        /// The bytes are not well-formed UTF-8 (overlong, surrogate, truncated, out of range).
        case invalidUTF8
        /// UTF-16 or UTF-32 input is malformed (`detail` says how).
        case invalidEncoding(detail: String)
        /// Arrays and objects nest deeper than `limit` levels.
        case nestingTooDeep(limit: Int)
        /// More text follows the one JSON value.
        case trailingContent
        /// The value has another kind than the consumer needs (`expected`, `found`).
        case wrongKind(expected: String, found: String)
    }

    /// What was wrong.
    package var reason: Reason
    /// The byte offset in the input as given (`input.count` when the input ended too early).
    package var offset: Int
    /// The line, from 1. A line ends at LF, CR LF or a lone CR.
    package var line: Int
    /// The column, from 1, in Unicode scalars (a byte order mark is not counted).
    package var column: Int
    /// The member names and indexes from the root to the value concerned.
    package var keyPath: [JSONPathComponent]

    /// An error at an explicit position.
    package init(_ reason: Reason, offset: Int, line: Int, column: Int, keyPath: [JSONPathComponent] = []) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
        self.keyPath = keyPath
    }

    /// What was wrong, without the position.
    package var message: String {
        switch reason {
        case .unexpectedEnd(let expected): "unexpected end of input, expected \(expected)"
        case .unexpectedCharacter(let found, let expected): "unexpected \(found), expected \(expected)"
        case .invalidLiteral: "invalid literal (expected true, false or null)"
        case .invalidNumber(let detail): "invalid number: \(detail)"
        case .leadingZero: "invalid number: leading zeros are not allowed"
        case .numberOutOfRange(let text): "number \(text) is out of range"
        case .unterminatedString: "unterminated string"
        case .controlCharacterInString(let byte):
            "unescaped control character U+\(JSONError.hex(UInt32(byte), digits: 4)) in string"
        case .invalidEscape(let found): "invalid escape \\\(found) in string"
        case .invalidUnicodeEscape: "invalid \\u escape (expected four hexadecimal digits)"
        case .unpairedSurrogate: "unpaired UTF-16 surrogate in \\u escape"
        case .invalidUTF8: "invalid UTF-8"
        case .invalidEncoding(let detail): "invalid encoding: \(detail)"
        case .nestingTooDeep(let limit): "arrays and objects nest deeper than \(limit) levels"
        case .trailingContent: "unexpected content after the JSON value"
        case .wrongKind(let expected, let found): "expected \(expected), found \(found)"
        }
    }

    /// `line 2, column 8, at /a/0: message` (the key path is left out at the root).
    package var description: String {
        let pointer = keyPath.jsonPointer
        return "line \(line), column \(column)\(pointer.isEmpty ? "" : ", at \(pointer)"): \(message)"
    }

    /// `value` in upper-case hexadecimal, zero-padded to `digits` digits.
    package static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
