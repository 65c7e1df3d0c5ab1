import KeelDesign
import KeelSupport

/// Where each member of a JSON file is: the line and column of its key and the bytes of its
/// value as written, by path. Built by one iterative pass over the shared parser's tokens (no
/// second JSON reader), so issues can say where they are and quote what the file says.
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

    /// The map of a document the shared parser read into `tape`; `start` is where the text
    /// begins in its file.
    init(tape: JSONTape, start: Position = Position(line: 1, column: 1)) {
        self.bytes = tape.text.bytes
        self.start = start
        Self.record(tape, into: &nodes)
    }

    /// The top-level member (a Tokens Studio set, ``DTCGStudioSets``) each token and group
    /// path of the file was read from, when its tokens were read from under them: one lookup
    /// per path, however many sets the file has.
    var roots: [[String]: String] = [:]

    /// `path` as the file writes it: under the set its nearest recorded ancestor (or itself)
    /// was read from, else as it is.
    private func written(_ path: [String]) -> [String] {
        guard !path.isEmpty, !roots.isEmpty else { return path }
        var prefix = path
        while !prefix.isEmpty {
            if let root = roots[prefix] { return [root] + path }
            prefix.removeLast()
        }
        return path
    }

    /// The value at exactly `path`, if the file has it.
    func span(_ path: [String]) -> Span? {
        let path = written(path)
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
        let path = written(path)
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

    /// The most levels of arrays and objects a token or resolver file may nest: the shared
    /// parser (iterative) stops deeper input with a located error, so no recursive stage of
    /// token reading sees it, on however small a stack.
    static let maximumNesting = 128

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

    /// The single pass over the parser's tokens: an explicit stack of open containers, no
    /// recursion, no second reading of the JSON text.
    private static func record(_ tape: JSONTape, into nodes: inout [Node]) {
        var cursor = Cursor()
        // Open containers: the node, whether it is an object, how many elements it has so far.
        var containers: [(node: Int, isObject: Bool, count: Int)] = []
        // The node a member's key created, waiting for its value.
        var member = 0
        nodes[0].position = cursor.advance(to: tape.text.start, in: tape.text.bytes)
        for (index, token) in tape.tokens.enumerated() {
            switch token.kind {
            case .objectEnd, .arrayEnd:
                guard let top = containers.popLast() else { continue }
                nodes[top.node].valueEnd = token.end
                continue
            case .key:
                guard let top = containers.last else { continue }
                var node = Node()
                node.position = cursor.advance(to: token.start, in: tape.text.bytes)
                nodes.append(node)
                member = nodes.count - 1
                nodes[top.node].children[tape.string(at: index)] = member
                continue
            default: break
            }
            // A value: the member's, an array element's, or the root.
            var node = 0
            if let top = containers.last {
                if top.isObject {
                    node = member
                } else {
                    var element = Node()
                    element.position = cursor.advance(to: token.start, in: tape.text.bytes)
                    nodes.append(element)
                    node = nodes.count - 1
                    nodes[top.node].children[String(top.count)] = node
                    containers[containers.count - 1].count += 1
                }
            }
            nodes[node].valueStart = token.start
            nodes[node].valuePosition = cursor.advance(to: token.start, in: tape.text.bytes)
            if token.kind == .objectStart || token.kind == .arrayStart {
                containers.append((node, token.kind == .objectStart, 0))
            } else {
                nodes[node].valueEnd = token.end
            }
        }
    }
}
