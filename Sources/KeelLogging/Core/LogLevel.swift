import Foundation

/// The severity of a log record, from the most verbose to the most severe.
public enum LogLevel: UInt8, CaseIterable, Comparable, Sendable, Codable {
    /// Fine-grained tracing, usually disabled.
    case trace = 0
    /// Information useful while debugging.
    case debug = 1
    /// Normal operation worth recording.
    case info = 2
    /// A notable but expected event.
    case notice = 3
    /// Something unexpected that the app recovered from.
    case warning = 4
    /// An operation failed.
    case error = 5
    /// The app cannot continue correctly.
    case critical = 6

    /// The level's lower-case name, as parsed by ``init(parsing:)``.
    package var name: String {
        switch self {
        case .trace: "trace"
        case .debug: "debug"
        case .info: "info"
        case .notice: "notice"
        case .warning: "warning"
        case .error: "error"
        case .critical: "critical"
        }
    }

    /// Parses a level name (`"warning"`), ignoring case and surrounding white space.
    ///
    /// - Throws: ``LogLevelParseError`` naming the text and listing the valid names.
    package init(parsing text: String) throws {
        let key = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let level = LogLevel.allCases.first(where: { $0.name == key }) else {
            throw LogLevelParseError(text: text)
        }
        self = level
    }

    /// Orders levels by severity.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// Encodes the level as its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    /// Decodes a level from its name; an unknown name is a `DecodingError` listing the valid names.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try LogLevel(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(error)")
        }
    }
}

/// The text given to ``LogLevel/init(parsing:)`` names no level.
package struct LogLevelParseError: Error, Equatable, CustomStringConvertible {
    /// The text that was parsed.
    package let text: String

    /// Creates the error for `text`.
    package init(text: String) {
        self.text = text
    }

    /// The valid level names, from the most verbose to the most severe.
    package var validNames: [String] { LogLevel.allCases.map(\.name) }

    /// A readable explanation listing the valid names.
    package var description: String {
        "unknown log level '\(text)'; valid levels: \(validNames.joined(separator: ", "))"
    }
}
