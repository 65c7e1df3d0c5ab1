/// Localised texts keyed by `Key`, one table per language: the one model behind Keel's
/// built-in texts (`AccessibilityStrings` in KeelComponents, `ListStrings` in KeelLists).
///
/// The tables are Swift literals rather than `.strings` resources: they behave the same on
/// every platform, need no bundle lookup, and a test can read any language without changing
/// the process's locale. The language is the first of the preferred identifiers that a table
/// serves (BCP 47 or Apple style: `zh-Hans-CN`, `zh_CN`, `en-GB`), else English. Apps add
/// languages or override entries with ``adding(_:for:)``; the language is then chosen again
/// from the same preferences, so an added table serves the users who prefer it and nobody else.
public struct LocalizedStrings<Key: RawRepresentable & Hashable & Sendable>: Hashable, Sendable
where Key.RawValue == String {
    /// The language whose table is used (`en`, `zh-Hans`, or one an app added).
    public let language: String
    private let tables: [String: [Key: String]]
    /// The languages asked for, in order: a table added later is chosen when it serves an
    /// earlier one than ``language`` does.
    private let preferences: [String]

    /// The language used when nothing matches, and for keys the chosen table lacks.
    package static var fallbackLanguage: String { "en" }

    /// The strings for the first of `preferredLanguages` that `tables` serves, else English.
    package init(preferredLanguages: [String], tables: [String: [Key: String]]) {
        self.tables = tables
        preferences = preferredLanguages
        language =
            preferredLanguages.lazy.compactMap { Self.match($0, in: tables) }.first ?? Self.fallbackLanguage
    }

    /// These strings with `table` merged over the table of `language`. The language is chosen
    /// again from the same preferences: a user who prefers French gets an added `fr` table,
    /// an English-only user keeps English; keys the chosen table lacks fall back to English.
    public func adding(_ table: [Key: String], for language: String) -> Self {
        var tables = self.tables
        tables[language, default: [:]].merge(table) { _, new in new }
        return Self(preferredLanguages: preferences, tables: tables)
    }

    /// The text for `key` with `{0}`, `{1}`… replaced by `arguments` (in one pass, so an
    /// argument's own text is never substituted again): this language's, else English, else
    /// the key's raw value (never empty). A placeholder without an argument stays as written.
    public func string(_ key: Key, _ arguments: any CustomStringConvertible...) -> String {
        let text = tables[language]?[key] ?? tables[Self.fallbackLanguage]?[key] ?? key.rawValue
        return arguments.isEmpty ? text : Self.fill(text, with: arguments.map(\.description))
    }

    /// `template` with each `{n}` that names an argument replaced by it.
    static func fill(_ template: String, with arguments: [String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let digits = rest[rest.index(after: open)...].prefix(while: { $0.isASCII && $0.isNumber })
            let close = digits.endIndex
            if !digits.isEmpty, digits.count <= 4, close < rest.endIndex, rest[close] == "}",
                let index = Int(digits), index < arguments.count
            {
                result += arguments[index]
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("{")
                rest = rest[rest.index(after: open)...]
            }
        }
        return result + rest
    }

    /// The language code in `tables` that serves `identifier`, if any: the identifier itself,
    /// else its language subtag; Chinese by script, so a Traditional identifier (`Hant`, or
    /// the regions TW, HK, MO) is never served by Simplified Chinese.
    package static func match(_ identifier: String, in tables: [String: [Key: String]]) -> String? {
        if tables[identifier] != nil { return identifier }
        let parts = identifier.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let language = parts.first else { return nil }
        guard language == "zh" else { return tables[language] != nil ? language : nil }
        let traditional = parts.dropFirst().contains { ["hant", "tw", "hk", "mo"].contains($0) }
        let script = traditional ? "zh-Hant" : "zh-Hans"
        return tables[script] != nil ? script : nil
    }
}
