/// One token of a parsed JSON document: a container's start or end, a member name or a scalar,
/// with its byte range in the document's UTF-8 text.
package struct JSONToken: Hashable, Sendable {
    /// What the token is.
    package enum Kind: UInt8, Hashable, Sendable {
        /// `{`.
        case objectStart
        /// `}`.
        case objectEnd
        /// `[`.
        case arrayStart
        /// `]`.
        case arrayEnd
        /// A member name (a string before `:`).
        case key
        /// A string value.
        case string
        /// A number.
        case number
        /// `true`.
        case `true`
        /// `false`.
        case `false`
        /// `null`.
        case null
    }

    /// What the token is.
    package var kind: Kind
    /// For strings and keys: no escapes, so the text between the quotes is the value. For
    /// numbers: an integer (no fraction, no exponent).
    package var isPlain: Bool
    /// The offset of the token's first byte in ``JSONTape/text`` (a string's opening quote).
    package var start: Int
    /// The offset just past the token's last byte (past a string's closing quote).
    package var end: Int
    /// For a container's start, the index of its end token; for an end, the index of its start.
    package var link: Int
    /// For a container's start, how many elements or members it has.
    package var count: Int
}

/// A validated JSON document as a flat list of tokens over its UTF-8 text: what every Keel
/// front end (token files, the key-value store, environment files) builds its own values from.
package struct JSONTape: Sendable {
    /// The document's text, as UTF-8.
    package let text: JSONText
    /// The tokens, in document order (those deeper than the recording depth are left out).
    package let tokens: [JSONToken]
    /// Whether the text was read as JSON5: names may be identifiers, strings single-quoted,
    /// numbers hexadecimal or `Infinity` (their tokens still cover the bytes as written).
    package let isJSON5: Bool

    init(text: JSONText, tokens: [JSONToken], isJSON5: Bool = false) {
        self.text = text
        self.tokens = tokens
        self.isJSON5 = isJSON5
    }

    /// The raw bytes of the value starting at token `index` (a container includes its brackets).
    package func valueRange(at index: Int) -> Range<Int> {
        let token = tokens[index]
        switch token.kind {
        case .objectStart, .arrayStart: return token.start..<tokens[token.link].end
        default: return token.start..<token.end
        }
    }

    /// The index of the token after the value starting at token `index`.
    package func indexAfterValue(at index: Int) -> Int {
        let token = tokens[index]
        switch token.kind {
        case .objectStart, .arrayStart: return token.link + 1
        default: return index + 1
        }
    }

    /// The decoded value of the string or key token at `index`.
    package func string(at index: Int) -> String {
        let token = tokens[index]
        if isJSON5 {
            return text.bytes.withUnsafeBufferPointer { buffer in
                JSONTape.decodeJSON5Name(buffer, from: token.start, to: token.end, plain: token.isPlain)
            }
        }
        return text.bytes.withUnsafeBufferPointer { buffer in
            JSONTape.decodeString(buffer, from: token.start + 1, to: token.end - 1, plain: token.isPlain)
        }
    }

    /// The source text of the number token at `index`.
    package func numberText(at index: Int) -> String {
        let token = tokens[index]
        return String(decoding: text.bytes[token.start..<token.end], as: UTF8.self)
    }

    /// The number token at `index` as a `Double`: the nearest binary64 value (as RFC 8259 §6
    /// expects), or `nil` when its magnitude is beyond `Double`'s range (`1e400`).
    package func double(at index: Int) -> Double? {
        let token = tokens[index]
        if token.isPlain, token.end - token.start <= 15 {
            // Up to 15 digits: exact in a Double, and much faster than the general conversion.
            var value = 0
            var negative = false
            for position in token.start..<token.end {
                let byte = text.bytes[position]
                if byte == UInt8(ascii: "-") {
                    negative = true
                } else {
                    value = value &* 10 &+ Int(byte &- UInt8(ascii: "0"))
                }
            }
            if negative { return value == 0 ? -0.0 : -Double(value) }
            return Double(value)
        }
        let text = numberText(at: index)
        guard let value = isJSON5 ? JSONTape.json5Double(text) : Double(text), value.isFinite else {
            return nil
        }
        return value
    }

    /// The value of a validated JSON5 number (`+1`, `.5`, `5.`, `0x1F`, `-Infinity`, `NaN`).
    static func json5Double(_ text: String) -> Double? {
        var body = Substring(text)
        var sign = 1.0
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            body = body.dropFirst()
        }
        if body == "Infinity" { return sign * .infinity }
        if body == "NaN" { return .nan }
        if body.count > 2, body.hasPrefix("0x") || body.hasPrefix("0X") {
            var value = 0.0
            for character in body.dropFirst(2) {
                value = value * 16 + Double(character.hexDigitValue ?? 0)
            }
            return sign * value
        }
        var normal = body.hasPrefix(".") ? "0" + body : String(body)
        if let dot = normal.firstIndex(of: "."),
            normal.index(after: dot) == normal.endIndex
                || !normal[normal.index(after: dot)].isNumber
        {
            normal.insert("0", at: normal.index(after: dot))
        }
        return Double(normal).map { sign * $0 }
    }

    /// Decodes the validated JSON5 name or string `start..<end`: quoted (either quote) or an
    /// identifier, which is its own text.
    static func decodeJSON5Name(
        _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, plain: Bool
    )
        -> String
    {
        let first = buffer[start]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            return decodeString(buffer, from: start + 1, to: end - 1, plain: plain)
        }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
    }

    /// The key path from the root to the token at `index`, for messages.
    package func keyPath(to index: Int) -> [JSONPathComponent] {
        // Frames: (isObject, next array index, last key token index).
        var frames: [(isObject: Bool, next: Int, key: Int)] = []
        var position = 0
        while position <= index, position < tokens.count {
            let token = tokens[position]
            switch token.kind {
            case .objectStart, .arrayStart:
                if position == index { break }
                frames.append((token.kind == .objectStart, 0, -1))
            case .objectEnd, .arrayEnd:
                if position == index { break }
                frames.removeLast()
                if let last = frames.indices.last, !frames[last].isObject { frames[last].next += 1 }
            case .key:
                if let last = frames.indices.last { frames[last].key = position }
            default:
                if position == index { break }
                if let last = frames.indices.last, !frames[last].isObject { frames[last].next += 1 }
            }
            position += 1
        }
        return frames.map { frame in
            frame.isObject ? (frame.key >= 0 ? .key(string(at: frame.key)) : nil) : .index(frame.next)
        }.compactMap { $0 }
    }

    /// An error about the value at token `index`, positioned at its first byte.
    package func error(_ reason: JSONError.Reason, at index: Int) -> JSONError {
        text.error(reason, at: tokens[index].start, keyPath: keyPath(to: index))
    }

    /// Decodes the validated string content `start..<end` (between the quotes).
    static func decodeString(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, plain: Bool)
        -> String
    {
        if plain {
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = buffer[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            let escape = buffer[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(buffer, at: index)
                index += 4
                if scalar >= 0xD800, scalar <= 0xDBFF {
                    // Validated: a low surrogate escape follows.
                    let low = hex4(buffer, at: index + 2)
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                appendUTF8(scalar, to: &output)
            // JSON5's own escapes (a strict JSON string, once validated, has none of these).
            case UInt8(ascii: "v"): output.append(0x0B)
            case UInt8(ascii: "0"): output.append(0x00)
            case UInt8(ascii: "x"):
                output.append(UInt8(hex4Digits(buffer, at: index, count: 2)))
                index += 2
            case 0x0A: break  // a line continuation
            case 0x0D:
                if index < end, buffer[index] == 0x0A { index += 1 }
            case 0xE2
            where index + 1 < end && buffer[index] == 0x80
                && (buffer[index + 1] == 0xA8 || buffer[index + 1] == 0xA9):
                index += 2  // U+2028 or U+2029 continues the line
            default: output.append(escape)  // " \ / and JSON5's ' or any other character
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func hexDigit(_ byte: UInt8) -> UInt32? { Hex.digitValue(byte).map(UInt32.init) }

    private static func hex4(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        hex4Digits(buffer, at: index, count: 4)
    }

    /// The value of `count` validated hexadecimal digits at `index`.
    private static func hex4Digits(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int, count: Int) -> UInt32
    {
        var value: UInt32 = 0
        for offset in 0..<count { value = value << 4 | (hexDigit(buffer[index + offset]) ?? 0) }
        return value
    }

    private static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        if scalar < 0x80 {
            output.append(UInt8(scalar))
        } else if scalar < 0x800 {
            output.append(UInt8(0xC0 | (scalar >> 6)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        } else if scalar < 0x10000 {
            output.append(UInt8(0xE0 | (scalar >> 12)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        } else {
            output.append(UInt8(0xF0 | (scalar >> 18)))
            output.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }
}
