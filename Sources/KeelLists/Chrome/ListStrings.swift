/// A text a list screen shows around its items: the empty state, a failed load, retry.
public enum ListTextKey: String, Hashable, Sendable, CaseIterable {
    /// The empty state's message ("Nothing here yet").
    case empty = "list.empty"
    /// The message of a failed first page ("Couldn't load this list.").
    case loadFailed = "list.loadFailed"
    /// The title of the retry buttons ("Retry").
    case retry = "list.retry"
}

/// The localised texts of list screens (English and Simplified Chinese built in), read by
/// ``ListChrome``.
///
/// They live in KeelLists, not in KeelComponents' accessibility strings, because the decision
/// that picks them (``ListChrome/decide(_:strings:emptyText:retryTitle:)``) is KeelLists', and
/// KeelLists depends on nothing but KeelSupport; like the accessibility strings they are Swift
/// literals, so every platform and every test reads them the same way.
public struct ListStrings: Hashable, Sendable {
    /// The language whose table is used (`en`, `zh-Hans`, or one an app added).
    package let language: String
    private let tables: [String: [ListTextKey: String]]

    /// The strings for the first of `preferredLanguages` that has a table, else English.
    /// Identifiers are BCP 47 or Apple style (`zh-Hans-CN`, `zh_CN`, `en-GB`); a Traditional
    /// Chinese identifier is not served by Simplified Chinese.
    public init(preferredLanguages: [String]) {
        self.init(preferredLanguages: preferredLanguages, tables: Self.builtIn)
    }

    /// The strings for an app's bundle localisations, then the user's preferred languages
    /// (the order Apple platforms resolve them in), else English.
    package init(localizations: [String], preferredLanguages: [String]) {
        self.init(preferredLanguages: localizations + preferredLanguages)
    }

    private init(preferredLanguages: [String], tables: [String: [ListTextKey: String]]) {
        self.tables = tables
        language = preferredLanguages.lazy.compactMap { Self.match($0, in: tables) }.first ?? "en"
    }

    /// English.
    public static let english = ListStrings(preferredLanguages: ["en"])
    /// Simplified Chinese.
    package static let simplifiedChinese = ListStrings(preferredLanguages: ["zh-Hans"])

    /// These strings with `table` merged over the table of `language` (and that language used).
    public func adding(_ table: [ListTextKey: String], for language: String) -> ListStrings {
        var tables = self.tables
        tables[language, default: [:]].merge(table) { _, new in new }
        return ListStrings(preferredLanguages: [language], tables: tables)
    }

    /// The text for `key`: this language's, else English, else the key's name (never empty).
    package func string(_ key: ListTextKey) -> String {
        tables[language]?[key] ?? tables["en"]?[key] ?? key.rawValue
    }

    static func match(_ identifier: String, in tables: [String: [ListTextKey: String]]) -> String? {
        if tables[identifier] != nil { return identifier }
        let parts = identifier.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let language = parts.first else { return nil }
        guard language == "zh" else { return tables[language] != nil ? language : nil }
        let traditional = parts.dropFirst().contains { ["hant", "tw", "hk", "mo"].contains($0) }
        let script = traditional ? "zh-Hant" : "zh-Hans"
        return tables[script] != nil ? script : nil
    }

    /// The built-in tables.
    package static let builtIn: [String: [ListTextKey: String]] = [
        "en": [
            .empty: "Nothing here yet",
            .loadFailed: "Couldn't load this list. Check your connection and try again.",
            .retry: "Retry",
        ],
        "zh-Hans": [
            .empty: "暂无内容",
            .loadFailed: "无法加载列表，请检查网络连接后重试。",
            .retry: "重试",
        ],
    ]
}
