import Foundation

/// Splits a JSON object into its members' names and raw value bytes, validating the whole
/// document, without decoding the values: a namespace file loads in one pass and each value is
/// decoded only when its key is first read.
struct JSONObjectScanner {
    struct Failure: Error, CustomStringConvertible {
        let message: String
        let line: Int
        let column: Int
        var description: String { "\(message) at line \(line), column \(column)" }
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(_ data: Data) {
        bytes = [UInt8](data)
    }

    /// The members of the object in `data`, as raw JSON fragments.
    static func members(of data: Data) throws -> [String: Data] {
        var scanner = JSONObjectScanner(data)
        return try scanner.object()
    }

    /// Checks that `data` is exactly one JSON value.
    static func validateFragment(_ data: Data) throws {
        var scanner = JSONObjectScanner(data)
        scanner.skipWhitespace()
        try scanner.skipValue()
        scanner.skipWhitespace()
        guard scanner.index == scanner.bytes.count else {
            throw scanner.failure("unexpected content after the value")
        }
    }

    /// `{"key":value,...}` from members' raw fragments, keys sorted so files diff cleanly.
    static func encode(_ members: [String: Data]) -> Data {
        var out = Data("{".utf8)
        for (position, key) in members.keys.sorted().enumerated() {
            out.append(contentsOf: position == 0 ? Array("\n  ".utf8) : Array(",\n  ".utf8))
            out.append(contentsOf: quoted(key).utf8)
            out.append(contentsOf: Array(": ".utf8))
            out.append(members[key]!)
        }
        out.append(contentsOf: members.isEmpty ? Array("}\n".utf8) : Array("\n}\n".utf8))
        return out
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private mutating func object() throws -> [String: Data] {
        skipWhitespace()
        guard peek() == UInt8(ascii: "{") else { throw failure("expected a JSON object") }
        index += 1
        var members: [String: Data] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else { throw failure("expected a member name") }
                let name = try string()
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after \"\(name)\"") }
                index += 1
                skipWhitespace()
                let start = index
                try skipValue()
                if members[name] != nil { throw failure("duplicate member \"\(name)\"") }
                members[name] = Data(bytes[start..<index])
                skipWhitespace()
                if peek() == UInt8(ascii: ",") {
                    index += 1
                } else if peek() == UInt8(ascii: "}") {
                    index += 1
                    break
                } else {
                    throw failure(index >= bytes.count ? "unexpected end of file" : "expected ',' or '}'")
                }
            }
        }
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected content after the object") }
        return members
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func string() throws -> String {
        let start = index
        index += 1
        var escaped = false
        while let byte = peek() {
            index += 1
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                let raw = Data(bytes[start..<index])
                guard let text = try? JSONDecoder().decode(String.self, from: raw) else {
                    index = start
                    throw failure("invalid string")
                }
                return text
            } else if byte < 0x20 {
                throw failure("control character in string")
            }
        }
        throw failure("unterminated string")
    }

    private mutating func skipValue() throws {
        guard let byte = peek() else { throw failure("unexpected end of file") }
        switch byte {
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
            guard depth < 512 else { throw failure("nesting too deep") }
            defer { depth -= 1 }
            let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            index += 1
            skipWhitespace()
            if peek() == close {
                index += 1
                return
            }
            while true {
                skipWhitespace()
                if close == UInt8(ascii: "}") {
                    guard peek() == UInt8(ascii: "\"") else { throw failure("expected a member name") }
                    _ = try string()
                    skipWhitespace()
                    guard peek() == UInt8(ascii: ":") else { throw failure("expected ':'") }
                    index += 1
                    skipWhitespace()
                }
                try skipValue()
                skipWhitespace()
                if peek() == UInt8(ascii: ",") {
                    index += 1
                } else if peek() == close {
                    index += 1
                    return
                } else {
                    throw failure(
                        index >= bytes.count ? "unexpected end of file" : "expected ',' or a closing bracket")
                }
            }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try number()
        default:
            throw failure("unexpected character '\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func literal(_ word: String) throws {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected
        else {
            throw failure("invalid literal")
        }
        index += expected.count
    }

    private mutating func number() throws {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            var count = 0
            while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                index += 1
                count += 1
            }
            return count
        }
        guard digits() > 0 else { throw failure("invalid number") }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("invalid number") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("invalid number") }
        }
        if index == start { throw failure("invalid number") }
    }

    private func failure(_ message: String) -> Failure {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return Failure(message: message, line: line, column: column)
    }
}
