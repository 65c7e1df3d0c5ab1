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
    package static func parse(
        _ input: [UInt8], maximumDepth: Int = JSONParser.maximumDepth, recordingDepth: Int = .max
    ) throws -> JSONTape {
        let text = try JSONText(input)
        let tokens = try text.bytes.withUnsafeBufferPointer { buffer in
            var machine = JSONMachine(
                buffer: buffer, text: text, maximumDepth: maximumDepth, recordingDepth: recordingDepth)
            try machine.run()
            return machine.tokens
        }
        return JSONTape(text: text, tokens: tokens)
    }

    /// Parses `text`.
    package static func parse(_ text: String, maximumDepth: Int = JSONParser.maximumDepth) throws
        -> JSONTape
    {
        try parse(Array(text.utf8), maximumDepth: maximumDepth)
    }
}

/// The parser's state machine over one buffer.
private struct JSONMachine {
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
                        JSONTape.decodeString(
                            buffer, from: frame.keyStart + 1, to: frame.keyEnd - 1, plain: frame.keyPlain)))
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
                    let (stop, integer) = try scanNumber(index)
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
                    throw fail(.unexpectedCharacter(found: found(at: index), expected: "a value"), at: index)
                }
                state = .afterValue
            case .key:
                guard index < end else { throw fail(.unexpectedEnd(expected: "a member name"), at: end) }
                guard buffer[index] == UInt8(ascii: "\"") else {
                    throw fail(
                        .unexpectedCharacter(found: found(at: index), expected: "a member name (a string)"),
                        at: index)
                }
                let (stop, plain) = try scanString(index)
                record(.key, index, stop, plain: plain)
                stack[stack.count - 1].keyStart = index
                stack[stack.count - 1].keyEnd = stop
                stack[stack.count - 1].keyPlain = plain
                index = skipWhitespace(stop)
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
                    throw fail(.unexpectedCharacter(found: found(at: index), expected: expected), at: index)
                }
            }
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
    func scanString(_ offset: Int) throws -> (Int, Bool) {
        var index = offset + 1
        var plain = true
        let end = buffer.count
        while index < end {
            let byte = buffer[index]
            if byte == UInt8(ascii: "\"") { return (index + 1, plain) }
            if byte == UInt8(ascii: "\\") {
                plain = false
                index = try scanEscape(index)
            } else if byte < 0x20 {
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
