import KeelDesign

/// Where each member of a JSON file is: the line and column of its key and the bytes of its
/// value as written, by path. Built by one iterative pass over text the parser accepted, so
/// issues can say where they are and quote what the file says.
struct DTCGSourceMap: Sendable {
    /// A place in the file: 1-based line and column (columns count Unicode scalars, as the
    /// parser's errors do).
    struct Position: Hashable, Sendable {
        var line: Int
        var column: Int

        /// This position in a text that starts at `start` of a larger file.
        func shifted(by start: Position) -> Position {
            line == 1
                ? Position(line: start.line, column: column + start.column - 1)
                : Position(line: line + start.line - 1, column: column)
        }
    }

    /// Where a member's value is: its bytes and the position of its first one.
    struct Span: Sendable {
        var start: Int
        var end: Int
        var position: Position
    }

    private struct Node: Sendable {
        var children: [String: Int] = [:]
        /// The key's position (the value's, for the root and array elements).
        var position = Position(line: 1, column: 1)
        var valueStart = 0
        var valueEnd = 0
        var valuePosition = Position(line: 1, column: 1)
    }

    /// What the map knows about a path: the nearest member that exists, and whether it is
    /// the path itself.
    struct Entry: Sendable {
        var position: Position
        var exact: Bool
        /// The value as written when `exact`: whitespace runs collapsed, cut at 80 characters.
        var excerpt: String?
    }

    private let bytes: [UInt8]
    private var nodes: [Node] = [Node()]
    private let start: Position

    /// The map of `bytes`, which must be JSON the parser accepted; `start` is where they
    /// begin in their file.
    init(bytes: [UInt8], start: Position = Position(line: 1, column: 1)) {
        self.bytes = bytes
        self.start = start
        var scanner = Scanner(bytes: bytes)
        scanner.scan(into: &nodes)
    }

    /// The value at exactly `path`, if the file has it.
    func span(_ path: [String]) -> Span? {
        var index = 0
        for segment in path {
            guard let child = nodes[index].children[segment] else { return nil }
            index = child
        }
        let node = nodes[index]
        return Span(
            start: node.valueStart, end: node.valueEnd, position: node.valuePosition.shifted(by: start))
    }

    /// The nearest recorded member on `path` (object keys; array indices as decimal text).
    func entry(_ path: [String]) -> Entry {
        var index = 0
        var matched = 0
        for segment in path {
            guard let child = nodes[index].children[segment] else { break }
            index = child
            matched += 1
        }
        let node = nodes[index]
        let exact = matched == path.count
        return Entry(
            position: node.position.shifted(by: start), exact: exact, excerpt: exact ? excerpt(node) : nil)
    }

    private func excerpt(_ node: Node) -> String? {
        guard node.valueStart < node.valueEnd, node.valueEnd <= bytes.count else { return nil }
        let limit = 80
        var text = ""
        var count = 0
        var lastWasSpace = false
        // Decode at most a bounded prefix; values can be megabytes long.
        let end = min(node.valueEnd, node.valueStart + limit * 4 + 8)
        for scalar in String(decoding: bytes[node.valueStart..<end], as: UTF8.self).unicodeScalars {
            let isSpace = scalar == " " || scalar == "\n" || scalar == "\r" || scalar == "\t"
            if isSpace {
                if lastWasSpace { continue }
                lastWasSpace = true
                text.unicodeScalars.append(" ")
            } else {
                lastWasSpace = false
                text.unicodeScalars.append(scalar)
            }
            count += 1
            if count >= limit { break }
        }
        if count >= limit || end < node.valueEnd { text += "…" }
        return text
    }

    /// The position of byte `offset` in `bytes`.
    static func position(of offset: Int, in bytes: [UInt8]) -> Position {
        var cursor = Cursor()
        return cursor.advance(to: offset, in: bytes)
    }

    /// The most levels of arrays and objects a token or resolver file may nest. Checked on
    /// the bytes before parsing, iteratively, so that no recursive stage (the parser
    /// included) sees deeper input, on however small a stack.
    static let maximumNesting = 128

    /// The offset of the bracket that opens level ``maximumNesting`` + 1, if any (brackets
    /// inside strings do not count).
    static func firstTooDeep(in bytes: [UInt8]) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for (offset, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth > maximumNesting { return offset }
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return nil
    }

    /// A syntax error for bytes nested too deeply, or `nil`.
    static func nestingError(in bytes: [UInt8]) -> JSONSyntaxError? {
        guard let offset = firstTooDeep(in: bytes) else { return nil }
        let position = position(of: offset, in: bytes)
        return JSONSyntaxError(
            message: "arrays and objects nest deeper than \(maximumNesting) levels", line: position.line,
            column: position.column)
    }

    /// The offset of the first byte that is not well-formed UTF-8, if any.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// Counts lines and columns forwards, so positions asked for in order cost O(n) in all.
    private struct Cursor {
        var offset = 0
        var position = Position(line: 1, column: 1)

        mutating func advance(to target: Int, in bytes: [UInt8]) -> Position {
            let target = min(target, bytes.count)
            while offset < target {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\n") {
                    position.line += 1
                    position.column = 1
                } else if byte & 0xC0 != 0x80 {
                    position.column += 1
                }
                offset += 1
            }
            return position
        }
    }

    /// The single pass: an explicit stack of open containers, no recursion.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var cursor = Cursor()

        private struct Container {
            var node: Int
            var isObject: Bool
            var count = 0
        }

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        mutating func child(of parent: Int, _ key: String, at offset: Int, into nodes: inout [Node]) -> Int {
            var node = Node()
            node.position = cursor.advance(to: offset, in: bytes)
            nodes.append(node)
            nodes[parent].children[key] = nodes.count - 1
            return nodes.count - 1
        }

        /// Reads `"key" :` and returns the key's node.
        mutating func member(of parent: Int, into nodes: inout [Node]) -> Int? {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index
            let key = readString()
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
            return child(of: parent, key, at: start, into: &nodes)
        }

        mutating func scan(into nodes: inout [Node]) {
            var containers: [Container] = []
            var current = 0
            nodes[0].position = cursor.advance(to: index, in: bytes)
            while true {
                skipWhitespace()
                guard index < bytes.count else { return }
                nodes[current].valueStart = index
                nodes[current].valuePosition = cursor.advance(to: index, in: bytes)
                let byte = bytes[index]
                var finished = true
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    let isObject = byte == UInt8(ascii: "{")
                    index += 1
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                    {
                        index += 1
                    } else {
                        containers.append(Container(node: current, isObject: isObject))
                        if isObject {
                            guard let next = member(of: current, into: &nodes) else { return }
                            current = next
                        } else {
                            current = child(of: current, "0", at: index, into: &nodes)
                        }
                        finished = false
                    }
                } else if byte == UInt8(ascii: "\"") {
                    _ = readString()
                } else {
                    while index < bytes.count {
                        let next = bytes[index]
                        if next == UInt8(ascii: ",") || next == UInt8(ascii: "}") || next == UInt8(ascii: "]")
                            || next == 0x20 || next == 0x0A || next == 0x0D || next == 0x09
                        {
                            break
                        }
                        index += 1
                    }
                }
                guard finished else { continue }
                nodes[current].valueEnd = index
                // Close containers until one has another member.
                while true {
                    guard var top = containers.last else { return }
                    skipWhitespace()
                    guard index < bytes.count else { return }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        top.count += 1
                        containers[containers.count - 1] = top
                        if top.isObject {
                            guard let next = member(of: top.node, into: &nodes) else { return }
                            current = next
                        } else {
                            skipWhitespace()
                            current = child(of: top.node, String(top.count), at: index, into: &nodes)
                        }
                        break
                    }
                    index += 1
                    containers.removeLast()
                    nodes[top.node].valueEnd = index
                }
            }
        }

        /// Reads a string at `index` (on its opening quote), decoding escapes as the parser does.
        mutating func readString() -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    scalars.append(
                        contentsOf: String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars)
                    index += 1
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                scalars.append(
                    contentsOf: String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars)
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = hex4()
                    if (0xD800...0xDBFF).contains(code), index + 1 < bytes.count,
                        bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        index += 2
                        let low = hex4()
                        code = 0x10000 + ((code - 0xD800) << 10) + (low &- 0xDC00)
                    }
                    if let scalar = Unicode.Scalar(code) { scalars.append(scalar) }
                default: scalars.append(Unicode.Scalar(escape))
                }
                start = index
            }
            return String(scalars)
        }

        mutating func hex4() -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard index < bytes.count, let digit = UInt32(String(Unicode.Scalar(bytes[index])), radix: 16)
                else {
                    return value
                }
                value = value &* 16 &+ digit
                index += 1
            }
            return value
        }
    }
}
