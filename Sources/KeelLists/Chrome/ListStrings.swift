@_exported import struct KeelSupport.LocalizedStrings

/// A text a list screen shows around its items: the empty state, a failed load, retry.
public enum ListTextKey: String, Hashable, Sendable, CaseIterable {
    /// The empty state's message ("Nothing here yet").
    case empty = "list.empty"
    /// The message of a failed first page ("Couldn't load this list.").
    case loadFailed = "list.loadFailed"
    /// The title of the retry buttons ("Retry").
    case retry = "list.retry"

    /// English, made once (a generic type cannot store it; `ListStrings.english` is the default
    /// of every chrome decision).
    fileprivate static let english = ListStrings(preferredLanguages: ["en"])
    /// Simplified Chinese, made once.
    fileprivate static let simplifiedChinese = ListStrings(preferredLanguages: ["zh-Hans"])

    /// The built-in tables.
    fileprivate static let tables: [String: [ListTextKey: String]] = [
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

/// The localised texts of list screens (English and Simplified Chinese built in), read by
/// ``ListChrome``: KeelSupport's `LocalizedStrings`, the model KeelComponents'
/// accessibility strings share, over ``ListTextKey``.
///
/// They live in KeelLists, not in KeelComponents' accessibility strings, because the decision
/// that picks them (``ListChrome/decide(_:strings:emptyText:retryTitle:)``) is KeelLists', and
/// KeelLists depends on nothing but KeelSupport.
public typealias ListStrings = LocalizedStrings<ListTextKey>

extension LocalizedStrings where Key == ListTextKey {
    /// The list texts for the first of `preferredLanguages` that has a table, else English.
    /// Identifiers are BCP 47 or Apple style (`zh-Hans-CN`, `zh_CN`, `en-GB`); a Traditional
    /// Chinese identifier is not served by Simplified Chinese.
    public init(preferredLanguages: [String]) {
        self.init(preferredLanguages: preferredLanguages, tables: ListTextKey.tables)
    }

    /// The list texts for an app's bundle localisations, then the user's preferred languages
    /// (the order Apple platforms resolve them in), else English.
    package init(localizations: [String], preferredLanguages: [String]) {
        self.init(preferredLanguages: localizations + preferredLanguages)
    }

    /// English list texts (the default of `ListChrome.decide`).
    @usableFromInline package static var english: ListStrings { ListTextKey.english }
    /// Simplified Chinese list texts.
    package static var simplifiedChinese: ListStrings { ListTextKey.simplifiedChinese }
    /// The built-in tables.
    package static var builtIn: [String: [ListTextKey: String]] { ListTextKey.tables }
}
