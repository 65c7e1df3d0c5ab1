/// Keel's one JSON parser (RFC 8259): validates a document and returns it as a ``JSONTape``.
///
/// It is iterative (an explicit stack, never recursion), so input cannot exhaust the call
/// stack; nesting deeper than ``maximumDepth`` is a typed error. Every error carries the byte
/// offset, line, column and key path of the problem. The policies (UTF-8 only after
/// transcoding UTF-16/32, a skipped UTF-8 byte order mark, numbers kept as their exact text,
/// duplicate names, lone surrogates) are set out in the KeelSupport DocC article.
package enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    package static let maximumDepth = 512

    /// Parses `input` (UTF-8, or UTF-16/32 detected as RFC 4627 §3 describes).
    ///
    /// - Parameters:
    ///   - maximumDepth: nesting beyond this many levels throws ``JSONError/Reason/nestingTooDeep(limit:)``.
    ///   - recordingDepth: tokens inside more than this many containers are validated but not
    ///     recorded (the key-value store needs only the top level); `Int.max` records all.
    ///   - json5: also accept JSON5 (comments, unquoted and single-quoted names and strings,
    ///     trailing commas, hexadecimal, `+`, `.5`, `5.`, `Infinity`, `NaN`); off by default, and
    ///     networking and storage never turn it on. Tokens keep their byte ranges in `input`, so
    ///     positions in errors are those of the file as written.
    package static func parse(
        _ input: [UInt8], maximumDepth: Int = JSONParser.maximumDepth, recordingDepth: Int = .max,
        json5: Bool = false
    ) throws -> JSONTape {
        let text = try JSONText(input)
        let tokens = try text.bytes.withUnsafeBufferPointer { buffer in
            if json5 {
                var machine = JSONMachine<JSON5Grammar>(
                    buffer: buffer, text: text, maximumDepth: maximumDepth, recordingDepth: recordingDepth)
                try machine.run()
                return machine.tokens
            }
            var machine = JSONMachine<StrictJSONGrammar>(
                buffer: buffer, text: text, maximumDepth: maximumDepth, recordingDepth: recordingDepth)
            try machine.run()
            return machine.tokens
        }
        return JSONTape(text: text, tokens: tokens, isJSON5: json5)
    }

    /// Parses `text`.
    package static func parse(_ text: String, maximumDepth: Int = JSONParser.maximumDepth) throws
        -> JSONTape
    {
        try parse(Array(text.utf8), maximumDepth: maximumDepth)
    }
}

/// Which grammar a ``JSONMachine`` reads: a static flag, so the strict machine is specialised
/// with every JSON5 branch folded away (the hot path of RFC 8259 parsing is unchanged).
private protocol JSONGrammar {
    /// Whether JSON5's additions are accepted.
    static var allowsJSON5: Bool { get }
}

/// RFC 8259 only: what networking, storage and every default caller parse.
private enum StrictJSONGrammar: JSONGrammar {
    static var allowsJSON5: Bool { false }
}

/// JSON5 (json5.org, version 1.0.0), for design-token sources written by hand.
private enum JSON5Grammar: JSONGrammar {
    static var allowsJSON5: Bool { true }
}

/// The parser's state machine over one buffer.
private struct JSONMachine<Grammar: JSONGrammar> {
    struct Frame {
        var isObject: Bool
        var token: Int  // index of the start token, or -1 when not recorded
        var count: Int
        var keyStart: Int  // the current member name's token range, or -1
        var keyEnd: Int
        var keyPlain: Bool
    }

    enum State {
        case value, key, afterValue
    }

    let buffer: UnsafeBufferPointer<UInt8>
    let text: JSONText
    let maximumDepth: Int
    let recordingDepth: Int
    var tokens: [JSONToken] = []
    var stack: [Frame] = []

    init(buffer: UnsafeBufferPointer<UInt8>, text: JSONText, maximumDepth: Int, recordingDepth: Int) {
        self.buffer = buffer
        self.text = text
        self.maximumDepth = maximumDepth
        self.recordingDepth = recordingDepth
        tokens.reserveCapacity(min(buffer.count / 4 + 4, 1 << 16))
    }

    // MARK: Errors

    func fail(_ reason: JSONError.Reason, at offset: Int) -> JSONError {
        var path: [JSONPathComponent] = []
        for frame in stack {
            if frame.isObject {
                guard frame.keyStart >= 0 else { continue }
                path.append(
                    .key(
                        Grammar.allowsJSON5
                            ? JSONTape.decodeJSON5Name(
                                buffer, from: frame.keyStart, to: frame.keyEnd, plain: frame.keyPlain)
                            : JSONTape.decodeString(
                                buffer, from: frame.keyStart + 1, to: frame.keyEnd - 1, plain: frame.keyPlain)
                    ))
            } else {
                path.append(.index(frame.count))
            }
        }
        return text.error(reason, at: offset, keyPath: path)
    }

    func found(at offset: Int) -> String {
        let byte = buffer[offset]
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "control character U+\(JSONError.hex(UInt32(byte), digits: 4))" }
        if let end = utf8SequenceEnd(at: offset) {
            let scalar = String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<end]), as: UTF8.self)
            return "'\(scalar)'"
        }
        return "byte 0x\(JSONError.hex(UInt32(byte), digits: 2)) (not UTF-8)"
    }

    // MARK: Tokens

    mutating func record(_ kind: JSONToken.Kind, _ start: Int, _ end: Int, plain: Bool = true) {
        guard stack.count <= recordingDepth else { return }
        tokens.append(JSONToken(kind: kind, isPlain: plain, start: start, end: end, link: 0, count: 0))
    }

    mutating func open(isObject: Bool, at offset: Int) throws {
        guard stack.count < maximumDepth else { throw fail(.nestingTooDeep(limit: maximumDepth), at: offset) }
        var index = -1
        if stack.count <= recordingDepth {
            index = tokens.count
            tokens.append(
                JSONToken(
                    kind: isObject ? .objectStart : .arrayStart, isPlain: true, start: offset,
                    end: offset + 1,
                    link: 0, count: 0))
        }
        stack.append(
            Frame(isObject: isObject, token: index, count: 0, keyStart: -1, keyEnd: -1, keyPlain: true))
    }

    mutating func close(at offset: Int) {
        let frame = stack.removeLast()
        guard frame.token >= 0 else { return }
        let end = tokens.count
        tokens.append(
            JSONToken(
                kind: frame.isObject ? .objectEnd : .arrayEnd, isPlain: true, start: offset, end: offset + 1,
                link: frame.token, count: frame.count))
        tokens[frame.token].link = end
        tokens[frame.token].count = frame.count
    }

    // MARK: The grammar

    @inline(__always)
    func skipWhitespace(_ offset: Int) -> Int {
        var index = offset
        while index < buffer.count {
            switch buffer[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return index
            }
        }
        return index
    }

    mutating func run() throws {
        let end = buffer.count
        var index = text.start
        var state = State.value
        loop: while true {
            index = skipWhitespace(index)
            switch state {
            case .value:
                guard index < end else { throw fail(.unexpectedEnd(expected: "a value"), at: end) }
                let byte = buffer[index]
                switch byte {
                case UInt8(ascii: "{"):
                    try open(isObject: true, at: index)
                    index = skipWhitespace(index + 1)
                    if index < end, buffer[index] == UInt8(ascii: "}") {
                        close(at: index)
                        index += 1
                        state = .afterValue
                    } else {
                        state = .key
                    }
                    continue loop
                case UInt8(ascii: "["):
                    try open(isObject: false, at: index)
                    index = skipWhitespace(index + 1)
                    if index < end, buffer[index] == UInt8(ascii: "]") {
                        close(at: index)
                        index += 1
                        state = .afterValue
                    } else {
                        state = .value
                    }
                    continue loop
                case UInt8(ascii: "\""):
                    let (stop, plain) = try scanString(index)
                    record(.string, index, stop, plain: plain)
                    index = stop
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let (stop, integer) = try Grammar.allowsJSON5 ? scanJSON5Number(index) : scanNumber(index)
                    record(.number, index, stop, plain: integer)
                    index = stop
                case UInt8(ascii: "t"):
                    try literal("true", at: index)
                    record(.true, index, index + 4)
                    index += 4
                case UInt8(ascii: "f"):
                    try literal("false", at: index)
                    record(.false, index, index + 5)
                    index += 5
                case UInt8(ascii: "n"):
                    try literal("null", at: index)
                    record(.null, index, index + 4)
                    index += 4
                default:
                    if Grammar.allowsJSON5 {
                        if let next = try skipJSON5Space(index) {
                            index = next
                            continue loop
                        }
                        if let top = stack.last, !top.isObject, byte == UInt8(ascii: "]") {
                            // `[]` with a comment inside, or a trailing comma: `[1, 2,]`.
                            close(at: index)
                            index += 1
                            state = .afterValue
                            continue loop
                        }
                        if byte == UInt8(ascii: "'") {
                            let (stop, plain) = try scanString(index, quote: byte)
                            record(.string, index, stop, plain: plain)
                            index = stop
                            state = .afterValue
                            continue loop
                        }
                        if byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "I")
                            || byte == UInt8(ascii: "N")
                        {
                            let (stop, integer) = try scanJSON5Number(index)
                            record(.number, index, stop, plain: integer)
                            index = stop
                            state = .afterValue
                            continue loop
                        }
                    }
                    throw fail(.unexpectedCharacter(found: found(at: index), expected: "a value"), at: index)
                }
                state = .afterValue
            case .key:
                guard index < end else { throw fail(.unexpectedEnd(expected: "a member name"), at: end) }
                let stop: Int
                let plain: Bool
                if buffer[index] == UInt8(ascii: "\"") {
                    (stop, plain) = try scanString(index)
                } else if Grammar.allowsJSON5 {
                    if let next = try skipJSON5Space(index) {
                        index = next
                        continue loop
                    }
                    if buffer[index] == UInt8(ascii: "}") {
                        // `{}` with a comment inside, or a trailing comma: `{"a": 1,}`.
                        close(at: index)
                        index += 1
                        state = .afterValue
                        continue loop
                    }
                    (stop, plain) = try scanJSON5Name(index)
                } else {
                    throw fail(
                        .unexpectedCharacter(found: found(at: index), expected: "a member name (a string)"),
                        at: index)
                }
                record(.key, index, stop, plain: plain)
                stack[stack.count - 1].keyStart = index
                stack[stack.count - 1].keyEnd = stop
                stack[stack.count - 1].keyPlain = plain
                index = skipWhitespace(stop)
                if Grammar.allowsJSON5 {
                    while index < end, buffer[index] != UInt8(ascii: ":"),
                        let next = try skipJSON5Space(index)
                    {
                        index = skipWhitespace(next)
                    }
                }
                guard index < end else { throw fail(.unexpectedEnd(expected: "':'"), at: end) }
                guard buffer[index] == UInt8(ascii: ":") else {
                    throw fail(
                        .unexpectedCharacter(found: found(at: index), expected: "':' after the member name"),
                        at: index)
                }
                index += 1
                state = .value
            case .afterValue:
                guard let top = stack.last else { break loop }
                let closer = top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let expected = top.isObject ? "',' or '}'" : "',' or ']'"
                guard index < end else { throw fail(.unexpectedEnd(expected: expected), at: end) }
                let byte = buffer[index]
                if byte == UInt8(ascii: ",") {
                    stack[stack.count - 1].count += 1
                    stack[stack.count - 1].keyStart = -1
                    index += 1
                    state = top.isObject ? .key : .value
                } else if byte == closer {
                    stack[stack.count - 1].count += 1
                    close(at: index)
                    index += 1
                } else {
                    if Grammar.allowsJSON5, let next = try skipJSON5Space(index) {
                        index = next
                        continue loop
                    }
                    throw fail(.unexpectedCharacter(found: found(at: index), expected: expected), at: index)
                }
            }
        }
        if Grammar.allowsJSON5 {
            while index < end, let next = try skipJSON5Space(index) { index = skipWhitespace(next) }
        }
        if index < end { throw fail(.trailingContent, at: index) }
    }

    func literal(_ word: StaticString, at offset: Int) throws {
        let count = word.utf8CodeUnitCount
        let start = word.utf8Start
        for position in 0..<count {
            guard offset + position < buffer.count else {
                throw fail(.unexpectedEnd(expected: "'\(word)'"), at: buffer.count)
            }
            guard buffer[offset + position] == start[position] else {
                throw fail(.invalidLiteral, at: offset + position)
            }
        }
    }

    @inline(__always)
    func isDigit(_ offset: Int) -> Bool {
        offset < buffer.count && buffer[offset] &- UInt8(ascii: "0") < 10
    }

    /// Scans a number at `offset`; returns where it ends and whether it is an integer.
    func scanNumber(_ offset: Int) throws -> (Int, Bool) {
        var index = offset
        if buffer[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else {
            throw index < buffer.count
                ? fail(.invalidNumber(detail: "expected a digit, found \(found(at: index))"), at: index)
                : fail(.unexpectedEnd(expected: "a digit"), at: index)
        }
        if buffer[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { throw fail(.leadingZero, at: offset) }
        } else {
            while isDigit(index) { index += 1 }
        }
        var integer = true
        if index < buffer.count, buffer[index] == UInt8(ascii: ".") {
            integer = false
            index += 1
            guard isDigit(index) else {
                throw fail(.invalidNumber(detail: "expected a digit after '.'"), at: index)
            }
            while isDigit(index) { index += 1 }
        }
        if index < buffer.count, buffer[index] | 0x20 == UInt8(ascii: "e") {
            integer = false
            index += 1
            if index < buffer.count, buffer[index] == UInt8(ascii: "+") || buffer[index] == UInt8(ascii: "-")
            {
                index += 1
            }
            guard isDigit(index) else {
                throw fail(.invalidNumber(detail: "expected a digit in the exponent"), at: index)
            }
            while isDigit(index) { index += 1 }
        }
        return (index, integer)
    }

    /// Scans a string whose opening quote is at `offset`; returns the offset past its closing
    /// quote and whether it has no escapes.
    func scanString(_ offset: Int, quote: UInt8 = UInt8(ascii: "\"")) throws -> (Int, Bool) {
        var index = offset + 1
        var plain = true
        let end = buffer.count
        while index < end {
            let byte = buffer[index]
            if byte == quote { return (index + 1, plain) }
            if byte == UInt8(ascii: "\\") {
                plain = false
                index = try scanEscape(index)
            } else if byte < 0x20 {
                // JSON5 strings may hold a raw tab (or other control character), not a line break.
                if Grammar.allowsJSON5, byte != 0x0A, byte != 0x0D {
                    index += 1
                    continue
                }
                throw fail(.controlCharacterInString(byte), at: index)
            } else if byte < 0x80 {
                index += 1
            } else {
                guard let next = utf8SequenceEnd(at: index) else { throw fail(.invalidUTF8, at: index) }
                index = next
            }
        }
        throw fail(.unterminatedString, at: end)
    }

    /// Validates the escape whose backslash is at `offset`; returns the offset past it.
    func scanEscape(_ offset: Int) throws -> Int {
        guard offset + 1 < buffer.count else { throw fail(.unterminatedString, at: buffer.count) }
        switch buffer[offset + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return offset + 2
        case UInt8(ascii: "u"):
            let first = try hex4(at: offset + 2)
            if first >= 0xDC00, first <= 0xDFFF { throw fail(.unpairedSurrogate, at: offset) }
            guard first >= 0xD800, first <= 0xDBFF else { return offset + 6 }
            guard offset + 7 < buffer.count, buffer[offset + 6] == UInt8(ascii: "\\"),
                buffer[offset + 7] == UInt8(ascii: "u")
            else { throw fail(.unpairedSurrogate, at: offset) }
            let second = try hex4(at: offset + 8)
            guard second >= 0xDC00, second <= 0xDFFF else { throw fail(.unpairedSurrogate, at: offset) }
            return offset + 12
        default:
            if Grammar.allowsJSON5, let next = try scanJSON5Escape(offset) { return next }
            let escaped = found(at: offset + 1)
            throw fail(
                .invalidEscape(
                    found: escaped.hasPrefix("'") ? String(escaped.dropFirst().dropLast()) : escaped),
                at: offset)
        }
    }

    func hex4(at offset: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for position in offset..<offset + 4 {
            guard position < buffer.count else { throw fail(.unterminatedString, at: buffer.count) }
            guard let digit = JSONTape.hexDigit(buffer[position]) else {
                throw fail(.invalidUnicodeEscape, at: position)
            }
            value = value << 4 | digit
        }
        return value
    }

    /// The end of the well-formed UTF-8 sequence starting at `offset` (Unicode table 3-7:
    /// no overlong forms, no surrogates, nothing above U+10FFFF), or `nil`.
    func utf8SequenceEnd(at offset: Int) -> Int? {
        let lead = buffer[offset]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return nil
        }
        guard offset + length <= buffer.count else { return nil }
        let second = buffer[offset + 1]
        guard second >= low, second <= high else { return nil }
        for position in offset + 2..<offset + length where buffer[position] & 0xC0 != 0x80 { return nil }
        return offset + length
    }
}

// MARK: JSON5

extension JSONMachine {
    /// The scalar whose UTF-8 sequence starts at `offset` and where it ends, or `nil` when the
    /// bytes there are not well-formed UTF-8.
    func scalar(at offset: Int) -> (value: UInt32, end: Int)? {
        let lead = buffer[offset]
        if lead < 0x80 { return (UInt32(lead), offset + 1) }
        guard let end = utf8SequenceEnd(at: offset) else { return nil }
        var value = UInt32(lead) & (end - offset == 2 ? 0x1F : end - offset == 3 ? 0x0F : 0x07)
        for position in offset + 1..<end { value = value << 6 | UInt32(buffer[position] & 0x3F) }
        return (value, end)
    }

    /// Past the JSON5 comment or white space (beyond JSON's four) at `offset`, or `nil` when
    /// there is none; an unclosed `/*` is an error at the end of the input.
    func skipJSON5Space(_ offset: Int) throws -> Int? {
        let end = buffer.count
        let byte = buffer[offset]
        if byte == UInt8(ascii: "/"), offset + 1 < end {
            if buffer[offset + 1] == UInt8(ascii: "/") {
                var index = offset + 2
                while index < end, buffer[index] != 0x0A, buffer[index] != 0x0D {
                    if buffer[index] == 0xE2, index + 2 < end, buffer[index + 1] == 0x80,
                        buffer[index + 2] == 0xA8 || buffer[index + 2] == 0xA9
                    {
                        break
                    }
                    index += 1
                }
                return index
            }
            if buffer[offset + 1] == UInt8(ascii: "*") {
                var index = offset + 2
                while index + 1 < end {
                    if buffer[index] == UInt8(ascii: "*"), buffer[index + 1] == UInt8(ascii: "/") {
                        return index + 2
                    }
                    index += 1
                }
                throw fail(.unexpectedEnd(expected: "'*/' closing the comment"), at: end)
            }
            return nil
        }
        if byte == 0x0B || byte == 0x0C { return offset + 1 }
        guard byte >= 0x80, let (value, next) = scalar(at: offset) else { return nil }
        switch value {
        case 0xA0, 0xFEFF, 0x2028, 0x2029, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return next
        default: return nil
        }
    }

    /// Scans a JSON5 member name at `offset`: a single-quoted string or an identifier
    /// (ECMAScript 5.1 `IdentifierName`, without `\u` escapes); returns where it ends and
    /// whether it needs no unescaping.
    func scanJSON5Name(_ offset: Int) throws -> (Int, Bool) {
        if buffer[offset] == UInt8(ascii: "'") { return try scanString(offset, quote: buffer[offset]) }
        var index = offset
        while index < buffer.count {
            let byte = buffer[index]
            if byte < 0x80 {
                let letter =
                    (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "$")
                    || byte == UInt8(ascii: "_")
                guard letter || (index > offset && isDigit(index)) else { break }
                index += 1
            } else {
                guard let (value, next) = scalar(at: index), let scalar = Unicode.Scalar(value) else {
                    throw fail(.invalidUTF8, at: index)
                }
                let allowed =
                    index == offset
                    ? scalar.properties.isIDStart
                    : scalar.properties.isIDContinue || value == 0x200C || value == 0x200D
                guard allowed else { break }
                index = next
            }
        }
        guard index > offset else {
            throw fail(
                .unexpectedCharacter(
                    found: found(at: offset), expected: "a member name (a string or an identifier)"),
                at: offset)
        }
        return (index, true)
    }

    /// Scans a JSON5 number at `offset`: JSON's, or with a leading `+`, a leading or trailing
    /// `.`, hexadecimal digits after `0x`, `Infinity` or `NaN`. Returns where it ends and
    /// whether it is a plain JSON integer (only those take the tape's fast conversion).
    func scanJSON5Number(_ offset: Int) throws -> (Int, Bool) {
        var index = offset
        let end = buffer.count
        let plus = buffer[index] == UInt8(ascii: "+")
        if plus || buffer[index] == UInt8(ascii: "-") { index += 1 }
        guard index < end else { throw fail(.unexpectedEnd(expected: "a digit"), at: index) }
        for word: StaticString in ["Infinity", "NaN"] where buffer[index] == word.utf8Start[0] {
            try literal(word, at: index)
            return (index + word.utf8CodeUnitCount, false)
        }
        if buffer[index] == UInt8(ascii: "0"), index + 1 < end, buffer[index + 1] | 0x20 == UInt8(ascii: "x")
        {
            index += 2
            let digits = index
            while index < end, JSONTape.hexDigit(buffer[index]) != nil { index += 1 }
            guard index > digits else {
                throw fail(.invalidNumber(detail: "expected a hexadecimal digit after '0x'"), at: index)
            }
            return (index, false)
        }
        var digits = 0
        if isDigit(index) {
            if buffer[index] == UInt8(ascii: "0"), isDigit(index + 1) { throw fail(.leadingZero, at: offset) }
            while isDigit(index) {
                index += 1
                digits += 1
            }
        }
        var integer = !plus
        if index < end, buffer[index] == UInt8(ascii: ".") {
            integer = false
            index += 1
            while isDigit(index) {
                index += 1
                digits += 1
            }
        }
        guard digits > 0 else {
            throw index < end
                ? fail(.invalidNumber(detail: "expected a digit, found \(found(at: index))"), at: index)
                : fail(.unexpectedEnd(expected: "a digit"), at: index)
        }
        if index < end, buffer[index] | 0x20 == UInt8(ascii: "e") {
            integer = false
            index += 1
            if index < end, buffer[index] == UInt8(ascii: "+") || buffer[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard isDigit(index) else {
                throw fail(.invalidNumber(detail: "expected a digit in the exponent"), at: index)
            }
            while isDigit(index) { index += 1 }
        }
        return (index, integer)
    }

    /// Validates a JSON5-only escape whose backslash is at `offset` (`\'`, `\v`, `\0`, `\xHH`,
    /// a line continuation, any other character standing for itself); returns the offset past
    /// it, or `nil` when JSON5 forbids it too (`\1`…`\9`, `\0` before a digit, `\x` without two
    /// hexadecimal digits).
    func scanJSON5Escape(_ offset: Int) throws -> Int? {
        let byte = buffer[offset + 1]
        switch byte {
        case UInt8(ascii: "1")...UInt8(ascii: "9"): return nil
        case UInt8(ascii: "0"): return isDigit(offset + 2) ? nil : offset + 2
        case UInt8(ascii: "x"):
            guard offset + 3 < buffer.count, JSONTape.hexDigit(buffer[offset + 2]) != nil,
                JSONTape.hexDigit(buffer[offset + 3]) != nil
            else { return nil }
            return offset + 4
        case 0x0D:
            return offset + 2 < buffer.count && buffer[offset + 2] == 0x0A ? offset + 3 : offset + 2
        case 0x80...:
            guard let next = utf8SequenceEnd(at: offset + 1) else { throw fail(.invalidUTF8, at: offset + 1) }
            return next
        default: return offset + 2
        }
    }
}
