/// The key of one localisable accessibility string. Apps add their own with
/// `init(rawValue:)` and a table entry.
public struct AccessibilityStringKey: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The key.
    public let rawValue: String
    /// A key.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The raw value.
    public var description: String { rawValue }

    /// The value of a loading button.
    public static let loading = AccessibilityStringKey(rawValue: "button.loading")
    /// A segment's or tab's position; `{0}` is its number and `{1}` the count.
    public static let segmentPosition = AccessibilityStringKey(rawValue: "segmented.position")
    /// The label of a progress indicator without its own label.
    public static let progressLabel = AccessibilityStringKey(rawValue: "progress.label")
    /// A determinate progress value; `{0}` is the whole percentage.
    public static let progressPercent = AccessibilityStringKey(rawValue: "progress.percent")
    /// The value of an indeterminate progress indicator.
    public static let inProgress = AccessibilityStringKey(rawValue: "progress.inProgress")
    /// What is announced when a progress indicator completes.
    public static let progressComplete = AccessibilityStringKey(rawValue: "progress.complete")
    /// The label of the completion checkbox.
    public static let checkboxLabel = AccessibilityStringKey(rawValue: "checkbox.label")
    /// The value of a selected checkbox.
    public static let selected = AccessibilityStringKey(rawValue: "selection.selected")
    /// The value of an unselected checkbox.
    public static let notSelected = AccessibilityStringKey(rawValue: "selection.notSelected")
    /// The value of a checkbox or toggle waiting for confirmation.
    public static let updating = AccessibilityStringKey(rawValue: "selection.updating")
    /// The label of a toggle without its own label.
    public static let toggleLabel = AccessibilityStringKey(rawValue: "toggle.label")
    /// The value of a toggle that is on.
    public static let on = AccessibilityStringKey(rawValue: "toggle.on")
    /// The value of a toggle that is off.
    public static let off = AccessibilityStringKey(rawValue: "toggle.off")
    /// The label of the "more" icon button.
    public static let moreActions = AccessibilityStringKey(rawValue: "button.more")
    /// The label of the close icon button.
    public static let close = AccessibilityStringKey(rawValue: "button.close")
    /// The spoken character counter; `{0}` is the count and `{1}` the maximum.
    public static let characterCount = AccessibilityStringKey(rawValue: "input.characterCount")
    /// The label of a bottom sheet's grabber.
    public static let sheetGrabber = AccessibilityStringKey(rawValue: "sheet.grabber")
    /// The hint of a grabber that resizes its sheet.
    public static let sheetGrabberResize = AccessibilityStringKey(rawValue: "sheet.grabber.resize")
    /// The hint of a dimmed background that dismisses an overlay.
    public static let dismiss = AccessibilityStringKey(rawValue: "overlay.dismiss")
    /// A dot badge: something new, without a count.
    public static let badgeNew = AccessibilityStringKey(rawValue: "badge.new")
    /// A numeric badge; `{0}` is the count.
    public static let badgeCount = AccessibilityStringKey(rawValue: "badge.count")
    /// A numeric badge past its maximum; `{0}` is the maximum shown (`99`).
    public static let badgeOverflow = AccessibilityStringKey(rawValue: "badge.overflow")
    /// The action that removes an input chip.
    public static let remove = AccessibilityStringKey(rawValue: "chip.remove")
    /// An information banner's status word.
    public static let bannerInfo = AccessibilityStringKey(rawValue: "banner.info")
    /// A success banner's status word.
    public static let bannerSuccess = AccessibilityStringKey(rawValue: "banner.success")
    /// A warning banner's status word.
    public static let bannerWarning = AccessibilityStringKey(rawValue: "banner.warning")
    /// An error banner's status word.
    public static let bannerError = AccessibilityStringKey(rawValue: "banner.error")
    /// The clear button of a text field.
    public static let clearText = AccessibilityStringKey(rawValue: "input.clear")
    /// The button that shows a secure field's text.
    public static let showPassword = AccessibilityStringKey(rawValue: "input.showPassword")
    /// The button that hides a secure field's text again.
    public static let hidePassword = AccessibilityStringKey(rawValue: "input.hidePassword")
    /// The word before a text field's validation message.
    public static let inputError = AccessibilityStringKey(rawValue: "input.error")
}
