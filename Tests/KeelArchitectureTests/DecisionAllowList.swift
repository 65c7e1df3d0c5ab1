/// The decision lines the UIKit-side modules may keep, each with the reason it cannot move to a headless
/// module. An entry matches a finding by file and trimmed code; the test fails on an entry
/// that matches nothing, so the list never outlives the code.
enum DecisionAllowList {
    /// One allowed line.
    struct Entry {
        /// The file, relative to the package root.
        var file: String
        /// The trimmed code of the line (comments and string contents removed).
        var code: String
        /// Why it stays.
        var reason: String

        func matches(_ finding: DecisionScanner.Finding) -> Bool {
            finding.file == file && finding.code == code
        }
    }

    /// The entries.
    static let entries: [Entry] = [
        Entry(
            file: "Sources/KeelUIKit/Components/KeelThemedView.swift",
            code: "if height != reportedHeight {",
            reason:
                "Auto Layout hand-off for every Keel view whose height follows its width (banner, chip group, text field): the intrinsic height (decided headlessly) is re-reported only when it changed, or each layout pass would invalidate the superview again"
        ),
        Entry(
            file: "Sources/KeelUIKit/Components/KeelAlert.swift",
            code: "UIImage(named: $0) ?? UIImage(systemName: $0)",
            reason: "UIKit's image lookup: an asset catalog image, else an SF Symbol of that name"),
        Entry(
            file: "Sources/KeelUIKit/Components/KeelAlertContent.swift",
            code: "(contentView as? KeelAlertContent)?.alertAccessibilityFocus ?? contentView",
            reason:
                "VoiceOver focus goes to the element the hosted content names, else the content itself (a UIKit protocol lookup)"
        ),
        Entry(
            file: "Sources/KeelUIKit/Components/KeelAlertContent.swift",
            code: "(content as? KeelAlertContent)?.alertAccessibilityFocus ?? content.view",
            reason:
                "VoiceOver focus goes to the element the hosted content names, else the content's view (a UIKit protocol lookup)"
        ),
        Entry(
            file: "Sources/KeelUIKit/Components/KeelAlertViewController.swift",
            code: "customContentFittingHeight: contentHost?.fittingHeight(width: width) ?? 0)",
            reason: "an alert without custom content has no host to measure; its slot is empty"),
        Entry(
            file: "Sources/KeelUIKit/Components/KeelAlertViewController.swift",
            code: "KeelAccessibility.screenChanged(focusing: target ?? card)",
            reason:
                "VoiceOver focus goes to the element the configuration names, else the card (the headless choice names a UIKit view that may be absent)"
        ),
        Entry(
            file: "Sources/KeelUIKit/Components/KeelBottomSheetViewController.swift",
            code: "focusing: (content as? KeelBottomSheetContent)?.sheetAccessibilityFocus ?? surface)",
            reason:
                "VoiceOver focus goes to the element the hosted content names, else the sheet's surface (a UIKit protocol lookup)"
        ),
        Entry(
            file: "Sources/KeelUIKit/Components/KeelBottomSheetViewController.swift",
            code: "guard let ticket, let coordinator, coordinator.cancel(ticket) else { return false }",
            reason:
                "the overlay coordinator answers whether the queued presentation could still be withdrawn; only then is the cancel event sent"
        ),
        Entry(
            file: "Sources/KeelUIKit/Components/KeelBottomSheetViewController.swift",
            code: "guard allowed else { return false }",
            reason:
                "performs SheetPresentation.canPresentOverlay's headless answer (UIKit presents only when it allows)"
        ),
        Entry(
            file: "Sources/KeelUIKit/Components/KeelBottomSheetViewController.swift",
            code: "scrollViews.first { ObjectIdentifier($0).hashValue == id }",
            reason: "finds the UIKit scroll view the headless arbitration named by its identifier"),
        Entry(
            file: "Sources/KeelUIKit/Components/UIScrollView+Arbitration.swift",
            code: "if let local, !view.bounds.contains(local) { return [] }",
            reason: "walks UIKit's view tree for the scroll views under a touch (a platform query)"),
        Entry(
            file: "Sources/KeelUIKit/Components/UIScrollView+Arbitration.swift",
            code: "guard descendingIntoScrollViews else { return [scroll] }",
            reason: "walks UIKit's view tree for the scroll views under a touch (a platform query)"),
        Entry(
            file: "Sources/KeelUIKit/Components/UIScrollView+Arbitration.swift",
            code: "+ scroll.keelScrollViews(containing: local, descendingIntoScrollViews: true)",
            reason:
                "walks UIKit's view tree for the scroll views under a touch (list concatenation, not arithmetic)"
        ),
        Entry(
            file: "Sources/KeelUIKit/Components/KeelButton.swift",
            code: "appearance.isInteractive && super.beginTracking(touch, with: event)",
            reason:
                "UIControl's tracking hook: a busy or disabled button absorbs the touch (the headless appearance decides `isInteractive`); UIKit is only asked when it is interactive"
        ),
        Entry(
            file: "Sources/KeelUIKit/Components/KeelButton.swift",
            code: "guard appearance.isInteractive else { return }",
            reason:
                "UIControl's action hook: actions of a busy or disabled button are swallowed, as the headless appearance decides"
        ),
        Entry(
            file: "Sources/KeelUIKit/Components/KeelIconButton.swift",
            code: "isInteractive && super.beginTracking(touch, with: event)",
            reason:
                "UIControl's tracking hook: a disabled icon button absorbs the touch (IconButtonSpec decides `isInteractive`)"
        ),
        Entry(
            file: "Sources/KeelUIKit/Components/KeelIconButton.swift",
            code: "guard isInteractive else { return }",
            reason:
                "UIControl's action hook: a disabled icon button's actions are swallowed, as IconButtonSpec decides"
        ),
        Entry(
            file: "Sources/KeelUIKitControllers/Lists/ListTableCell.swift",
            code: "UIImage(named: name) ?? UIImage(systemName: name)",
            reason: "UIKit's image lookup: an asset catalog image, else an SF Symbol of that name"),
        Entry(
            file: "Sources/KeelUIKit/Components/ComponentBridges.swift",
            code: "if isFirstResponder { return true }",
            reason: "walks UIKit's view tree for the first responder (a platform query, no product decision)"),
        Entry(
            file: "Sources/KeelUIKitBinding/PresentationHost.swift",
            code: "while let next = top.presentedViewController, !next.isBeingDismissed { top = next }",
            reason: "walks UIKit's presentation chain to find where to present (a platform query)"),
        Entry(
            file: "Sources/KeelCompat/Chainable.swift",
            code: "clipsToBounds = radius > 0",
            reason:
                "the chainable `cornerRadius(_:)` convenience mirrors UIKit's own rule: a rounded layer clips"
        ),
        Entry(
            file: "Sources/KeelUIKit/Layout/KeelLayoutView.swift",
            code: "if view.superview !== self { addSubview(view) }",
            reason: "adding a view that is already a subview would reorder it; UIKit hierarchy bookkeeping"),
        Entry(
            file: "Sources/KeelUIKit/Layout/KeelLayoutView.swift",
            code: "if animatesChanges, window != nil {",
            reason:
                "animates only when the app asked and the view is on screen (UIKit cannot animate a view outside a window)"
        ),
        Entry(
            file: "Sources/KeelUIKit/Layout/KeelLayoutView.swift",
            code: "guard Thread.isMainThread else { return .zero }",
            reason:
                "UIKit views may only be measured on the main thread; off it the documented answer is zero"),
        Entry(
            file: "Sources/KeelSwiftUI/Overlays/KeelAlertCard.swift",
            code: "+ Text(counter.parts.maximum).foregroundColor(Color(keel: theme.placeholderColor)))",
            reason:
                "concatenates the counter's two styled runs into one Text (SwiftUI's `Text + Text`, not arithmetic)"
        ),
        Entry(
            file: "Sources/KeelUIKitBinding/TextMeasurer.swift",
            code: "if font.familyName == face.family { return font }",
            reason:
                "UIKit silently substitutes a missing family; comparing the family is how installed fonts are detected"
        ),
        Entry(
            file: "Sources/KeelUIKit/Theme/UIKitThemeBridges.swift",
            code: "if run.isUnderlined { attributes[.underlineStyle] = NSUnderlineStyle.single.rawValue }",
            reason: "applies the run's headless flag as UIKit's attribute"),
        Entry(
            file: "Sources/KeelUIKit/Theme/UIKitThemeBridges.swift",
            code:
                "if run.isStruckThrough { attributes[.strikethroughStyle] = NSUnderlineStyle.single.rawValue }",
            reason: "applies the run's headless flag as UIKit's attribute"),
        Entry(
            file: "Sources/KeelUIKit/Theme/UIKitThemeBridges.swift",
            code: "attachment.image = icon.isMirrored ? image?.withHorizontallyFlippedOrientation() : image",
            reason: "applies the icon's headless mirroring flag with UIKit's image API"),
        Entry(
            file: "Sources/KeelUIKit/Theme/UIKitThemeBridges.swift",
            code:
                "guard italic, let italicDescriptor = font.fontDescriptor.withSymbolicTraits(.traitItalic) else {",
            reason: "derives UIKit's italic face; a font without one keeps its upright face"),
    ]

    /// Whether `finding` is on the list.
    static func allows(_ finding: DecisionScanner.Finding) -> Bool {
        entries.contains { $0.matches(finding) }
    }
}
