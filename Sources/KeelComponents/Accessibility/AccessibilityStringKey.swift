import KeelSupport

/// The key of one localisable accessibility string: `AccessibilityStringKey(rawValue:
/// "button.loading")`. Apps translate or override Keel's strings by these raw keys (the
/// table in the KeelComponents article lists each with its English text) and add their own
/// keys the same way, each with a table entry.
public struct AccessibilityStringKey: StringIdentifier {
    /// The key.
    public let rawValue: String
    /// A key.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The value of a loading button.
    package static let loading = AccessibilityStringKey(rawValue: "button.loading")
    /// A segment's or tab's position; `{0}` is its number and `{1}` the count.
    package static let segmentPosition = AccessibilityStringKey(rawValue: "segmented.position")
    /// The label of a progress indicator without its own label.
    package static let progressLabel = AccessibilityStringKey(rawValue: "progress.label")
    /// A determinate progress value; `{0}` is the whole percentage.
    package static let progressPercent = AccessibilityStringKey(rawValue: "progress.percent")
    /// The value of an indeterminate progress indicator.
    package static let inProgress = AccessibilityStringKey(rawValue: "progress.inProgress")
    /// What is announced when a progress indicator completes.
    package static let progressComplete = AccessibilityStringKey(rawValue: "progress.complete")
    /// The label of the completion checkbox.
    package static let checkboxLabel = AccessibilityStringKey(rawValue: "checkbox.label")
    /// The value of a selected checkbox.
    package static let selected = AccessibilityStringKey(rawValue: "selection.selected")
    /// The value of an unselected checkbox.
    package static let notSelected = AccessibilityStringKey(rawValue: "selection.notSelected")
    /// The value of a checkbox or toggle waiting for confirmation.
    package static let updating = AccessibilityStringKey(rawValue: "selection.updating")
    /// The label of a toggle without its own label.
    package static let toggleLabel = AccessibilityStringKey(rawValue: "toggle.label")
    /// The value of a toggle that is on.
    package static let on = AccessibilityStringKey(rawValue: "toggle.on")
    /// The value of a toggle that is off.
    package static let off = AccessibilityStringKey(rawValue: "toggle.off")
    /// The label of the "more" icon button.
    package static let moreActions = AccessibilityStringKey(rawValue: "button.more")
    /// The label of the close icon button.
    package static let close = AccessibilityStringKey(rawValue: "button.close")
    /// The spoken character counter; `{0}` is the count and `{1}` the maximum.
    package static let characterCount = AccessibilityStringKey(rawValue: "input.characterCount")
    /// The label of a bottom sheet's grabber.
    package static let sheetGrabber = AccessibilityStringKey(rawValue: "sheet.grabber")
    /// The hint of a grabber that resizes its sheet.
    package static let sheetGrabberResize = AccessibilityStringKey(rawValue: "sheet.grabber.resize")
    /// The hint of a dimmed background that dismisses an overlay.
    package static let dismiss = AccessibilityStringKey(rawValue: "overlay.dismiss")
    /// A dot badge: something new, without a count.
    package static let badgeNew = AccessibilityStringKey(rawValue: "badge.new")
    /// A numeric badge; `{0}` is the count.
    package static let badgeCount = AccessibilityStringKey(rawValue: "badge.count")
    /// A numeric badge past its maximum; `{0}` is the maximum shown (`99`).
    package static let badgeOverflow = AccessibilityStringKey(rawValue: "badge.overflow")
    /// The action that removes an input chip.
    package static let remove = AccessibilityStringKey(rawValue: "chip.remove")
    /// An information banner's status word.
    package static let bannerInfo = AccessibilityStringKey(rawValue: "banner.info")
    /// A success banner's status word.
    package static let bannerSuccess = AccessibilityStringKey(rawValue: "banner.success")
    /// A warning banner's status word.
    package static let bannerWarning = AccessibilityStringKey(rawValue: "banner.warning")
    /// An error banner's status word.
    package static let bannerError = AccessibilityStringKey(rawValue: "banner.error")
    /// The clear button of a text field.
    package static let clearText = AccessibilityStringKey(rawValue: "input.clear")
    /// The button that shows a secure field's text.
    package static let showPassword = AccessibilityStringKey(rawValue: "input.showPassword")
    /// The button that hides a secure field's text again.
    package static let hidePassword = AccessibilityStringKey(rawValue: "input.hidePassword")
    /// The word before a text field's validation message.
    package static let inputError = AccessibilityStringKey(rawValue: "input.error")
}
