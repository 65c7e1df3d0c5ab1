/// Localised accessibility labels and values (English and Simplified Chinese built in).
///
/// The tables are Swift literals rather than `.strings` resources: they behave the same on
/// every platform, need no bundle lookup, and a test can read any language without changing
/// the process's locale. Apps add languages or override entries with ``adding(_:for:)``.
public struct AccessibilityStrings: Hashable, Sendable {
    /// The language whose table is used (`en`, `zh-Hans`, or one an app added).
    public let language: String
    private let tables: [String: [AccessibilityStringKey: String]]
    /// The languages asked for, in order: a table added later is chosen when it serves an
    /// earlier one than ``language`` does.
    private let preferences: [String]

    /// The strings for an app: its bundle's localizations first, then the user's preferred
    /// languages (what `Bundle.main.preferredLocalizations` and `Locale.preferredLanguages`
    /// report), else English — the UIKit front end's default.
    package init(appLocalizations: [String], preferredLanguages: [String]) {
        self.init(preferredLanguages: appLocalizations + preferredLanguages)
    }

    /// The strings for the first of `preferredLanguages` that has a table, else English.
    /// Identifiers are BCP 47 or Apple style (`zh-Hans-CN`, `zh_CN`, `en-GB`).
    public init(preferredLanguages: [String]) {
        self.init(preferredLanguages: preferredLanguages, tables: Self.builtIn)
    }

    private init(preferredLanguages: [String], tables: [String: [AccessibilityStringKey: String]]) {
        self.tables = tables
        self.preferences = preferredLanguages
        self.language =
            preferredLanguages.lazy.compactMap { Self.match($0, in: tables) }.first ?? Self.fallbackLanguage
    }

    /// English.
    package static let english = AccessibilityStrings(preferredLanguages: ["en"])
    /// Simplified Chinese.
    package static let simplifiedChinese = AccessibilityStrings(preferredLanguages: ["zh-Hans"])

    /// The language used when nothing matches.
    package static let fallbackLanguage = "en"

    /// These strings with `table` added for `language` (merged over an existing table). The
    /// language is chosen again from the same preferences, so a user who prefers French gets
    /// an added `fr` table; keys it lacks fall back to English.
    ///
    /// ```swift
    /// let strings = AccessibilityStrings(preferredLanguages: Locale.preferredLanguages)
    ///     .adding([AccessibilityStringKey(rawValue: "button.close"): "Fermer"], for: "fr")
    /// ```
    public func adding(_ table: [AccessibilityStringKey: String], for language: String)
        -> AccessibilityStrings
    {
        var tables = self.tables
        tables[language] = (tables[language] ?? [:]).merging(table) { _, new in new }
        return AccessibilityStrings(preferredLanguages: preferences, tables: tables)
    }

    /// The string for `key` with `{0}`, `{1}`… replaced by `arguments`; falls back to English,
    /// then to the key itself (never an empty label).
    public func string(_ key: AccessibilityStringKey, _ arguments: CustomStringConvertible...) -> String {
        var text = tables[language]?[key] ?? tables[Self.fallbackLanguage]?[key] ?? key.rawValue
        for (index, argument) in arguments.enumerated() {
            text = text.replacingAll("{\(index)}", with: argument.description)
        }
        return text
    }

    /// The language code in `tables` that serves `identifier`, if any.
    static func match(_ identifier: String, in tables: [String: [AccessibilityStringKey: String]]) -> String?
    {
        let parts = identifier.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let language = parts.first?.lowercased() else { return nil }
        if tables[identifier] != nil { return identifier }
        if language == "zh" {
            // Simplified Chinese serves the Hans script and the regions that write it; a
            // Traditional locale is not served by it.
            let rest = parts.dropFirst().map { $0.lowercased() }
            let traditional =
                rest.contains("hant") || rest.contains("tw") || rest.contains("hk")
                || rest.contains("mo")
            return traditional
                ? (tables["zh-Hant"] != nil ? "zh-Hant" : nil) : (tables["zh-Hans"] != nil ? "zh-Hans" : nil)
        }
        return tables[language] != nil ? language : nil
    }

    /// The built-in tables.
    package static let builtIn: [String: [AccessibilityStringKey: String]] = [
        "en": [
            .loading: "Loading",
            .segmentPosition: "{0} of {1}",
            .progressLabel: "Progress",
            .progressPercent: "{0}%",
            .inProgress: "In progress",
            .progressComplete: "Complete",
            .checkboxLabel: "Completion status",
            .selected: "Selected",
            .notSelected: "Not selected",
            .updating: "Updating",
            .toggleLabel: "Switch",
            .on: "On",
            .off: "Off",
            .moreActions: "More actions",
            .close: "Close",
            .characterCount: "{0} of {1} characters",
            .dismiss: "Dismiss",
            .sheetGrabber: "Sheet grabber",
            .sheetGrabberResize: "Double-tap to resize",
            .badgeNew: "New",
            .badgeCount: "{0} new",
            .badgeOverflow: "More than {0} new",
            .remove: "Remove",
            .bannerInfo: "Information",
            .bannerSuccess: "Success",
            .bannerWarning: "Warning",
            .bannerError: "Error",
            .clearText: "Clear text",
            .showPassword: "Show password",
            .hidePassword: "Hide password",
            .inputError: "Error",
        ],
        "zh-Hans": [
            .loading: "加载中",
            .segmentPosition: "第 {0} 项，共 {1} 项",
            .progressLabel: "进度",
            .progressPercent: "{0}%",
            .inProgress: "进行中",
            .progressComplete: "已完成",
            .checkboxLabel: "完成状态",
            .selected: "已选中",
            .notSelected: "未选中",
            .updating: "正在更新",
            .toggleLabel: "开关",
            .on: "已开启",
            .off: "已关闭",
            .moreActions: "更多操作",
            .close: "关闭",
            .characterCount: "已输入 {0} 个字符，最多 {1} 个",
            .dismiss: "关闭",
            .sheetGrabber: "面板拖动条",
            .sheetGrabberResize: "轻点两下以调整大小",
            .badgeNew: "新",
            .badgeCount: "{0} 条新内容",
            .badgeOverflow: "超过 {0} 条新内容",
            .remove: "移除",
            .bannerInfo: "提示",
            .bannerSuccess: "成功",
            .bannerWarning: "警告",
            .bannerError: "错误",
            .clearText: "清除文本",
            .showPassword: "显示密码",
            .hidePassword: "隐藏密码",
            .inputError: "错误",
        ],
    ]
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
