import Foundation

/// How a record is written as one line of text.
public enum LogFormat: Sendable, Hashable {
    /// A human-readable line: time, level, label, message, metadata, error, source location.
    case text
    /// One JSON object per line (JSON Lines), for machines.
    case jsonLines
}

/// Encodes records as lines of bytes. Not thread-safe: each sink owns one under its lock.
struct LineEncoder {
    private var timestamps = TimestampFormatter()

    /// ANSI colours per level, for terminals.
    private static let colours: [LogLevel: String] = [
        .trace: "\u{1B}[90m", .debug: "\u{1B}[36m", .info: "\u{1B}[32m", .notice: "\u{1B}[34m",
        .warning: "\u{1B}[33m", .error: "\u{1B}[31m", .critical: "\u{1B}[1;31m",
    ]
    private static let upperNames = LogLevel.allCases.map { Array($0.name.uppercased().utf8) }

    /// Appends `record` as one line (ending in a newline) in `format`.
    mutating func append(
        _ record: LogRecord, format: LogFormat, colour: Bool = false, to buffer: inout [UInt8]
    ) {
        switch format {
        case .text: appendText(record, colour: colour, to: &buffer)
        case .jsonLines: appendJSON(record, to: &buffer)
        }
    }

    /// The line for `record` as a string (without the trailing newline).
    mutating func line(_ record: LogRecord, format: LogFormat) -> String {
        var bytes: [UInt8] = []
        append(record, format: format, to: &bytes)
        if bytes.last == 0x0A { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func appendText(_ record: LogRecord, colour: Bool, to buffer: inout [UInt8]) {
        timestamps.append(record.timestamp, to: &buffer)
        buffer.append(0x20)
        if colour, let code = Self.colours[record.level] { buffer.append(contentsOf: code.utf8) }
        buffer.append(contentsOf: Self.upperNames[Int(record.level.rawValue)])
        if colour { buffer.append(contentsOf: "\u{1B}[0m".utf8) }
        buffer.append(contentsOf: " [".utf8)
        Self.appendEscapedText(record.label.subsystem, to: &buffer)
        buffer.append(UInt8(ascii: ":"))
        Self.appendEscapedText(record.label.category, to: &buffer)
        buffer.append(contentsOf: "] ".utf8)
        Self.appendEscapedText(record.message, to: &buffer)
        if !record.metadata.isEmpty {
            buffer.append(contentsOf: " {".utf8)
            for (index, key) in record.metadata.keys.sorted().enumerated() {
                if index > 0 { buffer.append(contentsOf: ", ".utf8) }
                Self.appendEscapedText(key, to: &buffer)
                buffer.append(UInt8(ascii: "="))
                Self.appendEscapedText(record.metadata[key] ?? "", to: &buffer)
            }
            buffer.append(UInt8(ascii: "}"))
        }
        if let error = record.error {
            buffer.append(contentsOf: " error=".utf8)
            Self.appendEscapedText(String(describing: error), to: &buffer)
        }
        buffer.append(contentsOf: " (".utf8)
        buffer.append(contentsOf: record.source.fileID.utf8)
        buffer.append(UInt8(ascii: ":"))
        buffer.append(contentsOf: String(record.source.line).utf8)
        buffer.append(contentsOf: ")\n".utf8)
    }

    private mutating func appendJSON(_ record: LogRecord, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: #"{"timestamp":""#.utf8)
        timestamps.append(record.timestamp, to: &buffer)
        buffer.append(contentsOf: #"","level":""#.utf8)
        buffer.append(contentsOf: record.level.name.utf8)
        buffer.append(contentsOf: #"","subsystem":"#.utf8)
        Self.appendJSONString(record.label.subsystem, to: &buffer)
        buffer.append(contentsOf: #","category":"#.utf8)
        Self.appendJSONString(record.label.category, to: &buffer)
        buffer.append(contentsOf: #","message":"#.utf8)
        Self.appendJSONString(record.message, to: &buffer)
        if !record.metadata.isEmpty {
            buffer.append(contentsOf: #","metadata":{"#.utf8)
            for (index, key) in record.metadata.keys.sorted().enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                Self.appendJSONString(key, to: &buffer)
                buffer.append(UInt8(ascii: ":"))
                Self.appendJSONString(record.metadata[key] ?? "", to: &buffer)
            }
            buffer.append(UInt8(ascii: "}"))
        }
        if let error = record.error {
            buffer.append(contentsOf: #","error":"#.utf8)
            Self.appendJSONString(String(describing: error), to: &buffer)
        }
        buffer.append(contentsOf: #","file":"#.utf8)
        Self.appendJSONString(record.source.fileID, to: &buffer)
        buffer.append(contentsOf: #","function":"#.utf8)
        Self.appendJSONString(record.source.function, to: &buffer)
        buffer.append(contentsOf: #","line":"#.utf8)
        buffer.append(contentsOf: String(record.source.line).utf8)
        buffer.append(contentsOf: "}\n".utf8)
    }

    /// How ``appendEscaped(_:to:as:)`` writes a string.
    enum Escaping {
        /// Text records: control characters as `\n`, `\r`, `\t` and `\u{…}`.
        case text
        /// JSON records: a string literal, quotes included, escaped per RFC 8259.
        case json
    }

    /// Appends text with control characters escaped (`\n`, `\r`, `\t`, `\u{…}`) so one record
    /// is always exactly one line, whatever the message holds: C0 controls, DEL, the C1
    /// controls (U+0080–U+009F: NEL, CSI), the line and paragraph separators U+2028/U+2029,
    /// and the bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069), which
    /// viewers treat as line breaks or use to reorder what a line shows. The backslash itself
    /// is written `\\`, so a literal `\n` in a message never reads as an escaped line break.
    static func appendEscapedText(_ text: String, to buffer: inout [UInt8]) {
        appendEscaped(text, to: &buffer, as: .text)
    }

    /// Appends a JSON string literal (quotes included), escaping per RFC 8259, and the same
    /// Unicode line breaks and bidirectional controls as text records: valid JSON either way,
    /// escaped so a viewer splitting on Unicode line breaks still sees one record per line.
    static func appendJSONString(_ text: String, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        appendEscaped(text, to: &buffer, as: .json)
        buffer.append(UInt8(ascii: "\""))
    }

    /// The one walk behind both forms: copies runs of plain bytes and writes each character
    /// `escaping` must escape in its spelling.
    @inline(__always)
    private static func appendEscaped(_ text: String, to buffer: inout [UInt8], as escaping: Escaping) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let escaped: (scalar: UInt32, length: Int)
                if byte < 0x20 {
                    escaped = (UInt32(byte), 1)
                } else if byte >= 0xC2, let found = lineForgingScalar(in: bytes, at: index) {
                    escaped = found
                } else if byte == 0x5C || (escaping == .text ? byte == 0x7F : byte == 0x22) {
                    escaped = (UInt32(byte), 1)
                } else {
                    index += 1
                    continue
                }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                switch escaped.scalar {
                case 0x22: buffer.append(contentsOf: #"\""#.utf8)
                case 0x5C: buffer.append(contentsOf: #"\\"#.utf8)
                case 0x0A: buffer.append(contentsOf: #"\n"#.utf8)
                case 0x0D: buffer.append(contentsOf: #"\r"#.utf8)
                case 0x09: buffer.append(contentsOf: #"\t"#.utf8)
                default:
                    let hex = String(escaped.scalar, radix: 16)
                    switch escaping {
                    case .text: buffer.append(contentsOf: "\\u{\(hex)}".utf8)
                    case .json:
                        buffer.append(
                            contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                    }
                }
                index += escaped.length
                start = index
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// The scalar and UTF-8 length of the multi-byte sequence at `index` when it is a C1
    /// control (U+0080–U+009F), U+2028/U+2029, or a bidirectional override or isolate
    /// (U+202A–U+202E, U+2066–U+2069); `nil` for any other. `bytes` is valid UTF-8, so a
    /// matching lead byte starts a complete scalar.
    static func lineForgingScalar(
        in bytes: UnsafeBufferPointer<UInt8>, at index: Int
    ) -> (scalar: UInt32, length: Int)? {
        switch bytes[index] {
        case 0xC2:
            // U+0080–U+009F: C2 80 … C2 9F.
            guard index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) else { return nil }
            return (UInt32(bytes[index + 1]), 2)
        case 0xE2:
            guard index + 2 < bytes.count else { return nil }
            let second = bytes[index + 1]
            let third = bytes[index + 2]
            // U+2028–U+202E: E2 80 A8 … E2 80 AE; U+2066–U+2069: E2 81 A6 … E2 81 A9.
            if second == 0x80, (0xA8...0xAE).contains(third) { return (0x2000 + UInt32(third - 0x80), 3) }
            if second == 0x81, (0xA6...0xA9).contains(third) { return (0x2040 + UInt32(third - 0x80), 3) }
            return nil
        default:
            return nil
        }
    }
}
