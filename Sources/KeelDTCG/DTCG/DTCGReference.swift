import Foundation
import KeelDesign
import KeelSupport

/// Reference syntax of DTCG: curly aliases `{a.b}` and JSON Pointers `#/a/b`.
enum DTCGReference {
    /// Whether `text` is a whole-value curly reference: `{` … `}` with no `}` between, so
    /// `{a} * {b}` (an expression naming two tokens) is not one.
    static func isCurly(_ text: String) -> Bool {
        // `utf8.count` is constant time (`count` walks every character); a string of fewer than
        // two characters cannot both start with `{` and end with `}` either way.
        text.utf8.count >= 2 && text.hasPrefix("{") && text.hasSuffix("}")
            && !text.utf8.dropLast().contains(UInt8(ascii: "}"))
    }

    /// The curly references inside a longer string (`0 1px {color.gray.20}`), in order; at
    /// most 16 (the rest are not followed).
    static func embedded(in text: String) -> [String] {
        var result: [String] = []
        var rest = text[...]
        while result.count < 16, let open = rest.firstIndex(of: "{"),
            let close = rest[open...].firstIndex(of: "}")
        {
            result.append(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return result
    }

    /// The segments of a curly reference (no validation).
    static func curlySegments(_ text: String) -> [String] {
        String(text.dropFirst().dropLast()).split(separator: ".", omittingEmptySubsequences: false).map(
            String.init)
    }

    /// Whether a curly reference is well formed: non-empty segments, no braces, `$` only in `$root`.
    static func isValidCurly(_ text: String) -> Bool {
        guard isCurly(text) else { return false }
        let segments = curlySegments(text)
        return !segments.isEmpty && segments.allSatisfy { isValidName($0) }
    }

    /// The DTCG name rule: not empty, no leading `$` except `$root`, no `{`, `}` or `.`.
    static func isValidName(_ name: String) -> Bool {
        if name == "$root" { return true }
        guard let first = name.first, first != "$" else { return false }
        return !name.contains { $0 == "{" || $0 == "}" || $0 == "." }
    }

    /// The unescaped segments of a `#/…` pointer (RFC 6901), or `nil` when malformed.
    static func pointerSegments(_ pointer: String) -> [String]? {
        guard pointer.hasPrefix("#") else { return nil }
        let body = pointer.dropFirst()
        if body.isEmpty { return [] }
        guard body.hasPrefix("/") else { return nil }
        var segments: [String] = []
        for raw in body.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var segment = ""
            var iterator = raw.makeIterator()
            while let character = iterator.next() {
                if character == "~" {
                    switch iterator.next() {
                    case "0": segment.append("~")
                    case "1": segment.append("/")
                    default: return nil
                    }
                } else {
                    segment.append(character)
                }
            }
            segments.append(segment)
        }
        return segments
    }

    /// `#/a/b` from segments, with RFC 6901 escapes.
    static func pointer(_ segments: [String]) -> String {
        "#"
            + segments.map {
                "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            }
            .joined()
    }

    /// The value at `segments` (object keys, array indices) inside `value`.
    static func navigate(_ value: JSONValue, _ segments: [String]) -> JSONValue? {
        var node = value
        for segment in segments {
            switch node {
            case .object(let object):
                guard let next = object[segment] else { return nil }
                node = next
            case .array(let array):
                guard let index = Int(segment), array.indices.contains(index) else { return nil }
                node = array[index]
            default: return nil
            }
        }
        return node
    }
}
