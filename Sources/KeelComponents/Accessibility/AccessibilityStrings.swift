@_exported import struct KeelSupport.LocalizedStrings

/// Localised accessibility labels and values (English and Simplified Chinese built in):
/// KeelSupport's `LocalizedStrings`, the model the list texts share, over
/// ``AccessibilityStringKey``. Apps add languages or override entries with
/// `adding(_:for:)`:
///
/// ```swift
/// let strings = AccessibilityStrings(preferredLanguages: Locale.preferredLanguages)
///     .adding([AccessibilityStringKey(rawValue: "button.close"): "Fermer"], for: "fr")
/// ```
public typealias AccessibilityStrings = LocalizedStrings<AccessibilityStringKey>

extension LocalizedStrings where Key == AccessibilityStringKey {
    /// The accessibility strings for the first of `preferredLanguages` that has a table, else
    /// English. Identifiers are BCP 47 or Apple style (`zh-Hans-CN`, `zh_CN`, `en-GB`).
    public init(preferredLanguages: [String]) {
        self.init(preferredLanguages: preferredLanguages, tables: AccessibilityStringKey.tables)
    }

    /// The strings for an app: its bundle's localizations first, then the user's preferred
    /// languages (what `Bundle.main.preferredLocalizations` and `Locale.preferredLanguages`
    /// report), else English — the UIKit front end's default.
    package init(appLocalizations: [String], preferredLanguages: [String]) {
        self.init(preferredLanguages: appLocalizations + preferredLanguages)
    }

    /// English (made once: a generic type cannot store it).
    package static var english: AccessibilityStrings { AccessibilityStringKey.english }
    /// Simplified Chinese (made once).
    package static var simplifiedChinese: AccessibilityStrings { AccessibilityStringKey.simplifiedChinese }
    /// The built-in tables.
    package static var builtIn: [String: [AccessibilityStringKey: String]] { AccessibilityStringKey.tables }
}

extension AccessibilityStringKey {
    /// English, made once.
    fileprivate static let english = AccessibilityStrings(preferredLanguages: ["en"])
    /// Simplified Chinese, made once.
    fileprivate static let simplifiedChinese = AccessibilityStrings(preferredLanguages: ["zh-Hans"])

    /// The built-in tables.
    fileprivate static let tables: [String: [AccessibilityStringKey: String]] = [
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
