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

    /// `{a.b}` for a curly reference padded with spaces inside its braces (`{ a.b }`, which
    /// Style Dictionary reads as `{a.b}`); `nil` when `text` is not such a reference.
    static func unpadded(_ text: String) -> String? {
        guard isCurly(text) else { return nil }
        let body = text.dropFirst().dropLast()
        let trimmed = body.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count != body.utf8.count, !trimmed.isEmpty else { return nil }
        return "{" + trimmed + "}"
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

    /// The unescaped segments of a `#/…` pointer (RFC 6901), or `nil` when malformed. The
    /// pointer is a URI fragment, so it is percent-decoded first (RFC 6901 §6: the token
    /// `Hot pink` is `#/color/Hot%20pink`); a `%` not followed by two hex digits stays itself.
    static func pointerSegments(_ pointer: String) -> [String]? {
        guard pointer.hasPrefix("#") else { return nil }
        guard let decoded = percentDecoded(pointer.dropFirst()) else { return nil }
        let body = decoded[...]
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

    /// `text` with each `%HH` replaced by its byte, `nil` when the bytes are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        guard text.contains("%") else { return String(text) }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2])
            {
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(data: Data(result), encoding: .utf8)
    }

    /// `#/a/b` from segments, with RFC 6901 escapes (and `%` as `%25`, so that
    /// ``pointerSegments(_:)`` reads the pointer back).
    static func pointer(_ segments: [String]) -> String {
        "#"
            + segments.map {
                "/"
                    + $0.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "~", with: "~0")
                    .replacingOccurrences(of: "/", with: "~1")
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
