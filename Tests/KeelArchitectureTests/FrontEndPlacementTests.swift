import Foundation
import Testing

/// The SwiftUI alert places every element from the shared resolver (issue 34, item 3): its
/// card, content and text input are `KeelAlertFramesLayout`s over the resolved frames, not
/// stacks, and it reads resolved alignments, never the configuration's alignment rules.
/// (`AlertFrontEndParityTests` in KeelRenderTests checks the frames themselves.)
@Suite struct FrontEndPlacementTests {
    static func swiftUIAlertSources() throws -> [(path: String, text: String)] {
        try SourceTree.sources(of: "KeelSwiftUI").filter { $0.path.contains("/Overlays/KeelAlert") }
    }

    @Test("the SwiftUI alert stacks nothing itself")
    func noStacksPlaceAlertElements() throws {
        let files = try Self.swiftUIAlertSources()
        try #require(files.count >= 3, "the SwiftUI alert's sources were not found")
        for file in files {
            for stack in ["VStack", "HStack", "LazyVStack", "Grid(", "Spacer("] {
                #expect(!file.text.contains(stack), "\(file.path) places with \(stack)")
            }
            #expect(!file.text.contains("AlertTextAlignment"), "\(file.path) decides an alignment itself")
        }
    }

    @Test("every part the resolver places is placed by the SwiftUI alert through the frames layout")
    func everyPartIsPlacedFromTheResolver() throws {
        let text = try Self.swiftUIAlertSources().map(\.text).joined(separator: "\n")
        #expect(text.contains("AlertLayout.resolveForMirroringFrontEnd("))
        #expect(text.contains("result.placedFrame(of: subview[KeelAlertPartKey.self])"))
        let parts = try Self.alertCardParts()
        try #require(parts.count >= 15, "AlertCardPart's cases were not read")
        for part in parts {
            #expect(
                text.contains("value: .\(part)"),
                "the SwiftUI alert does not place AlertCardPart.\(part) from the resolver")
        }
        let uikit = try SourceTree.sources(of: "KeelUIKit").first {
            $0.path.hasSuffix("KeelAlertViewController.swift")
        }
        let uikitText = try #require(uikit).text
        #expect(uikitText.contains("AlertLayout.resolve("))
        // UIKit scrolls to `keyboardFocusRects` themselves (`scrollRectToVisible`), the rects
        // the `.keyboardFocus` parts stand for (checked in `swiftUIClosesTheLastGaps`).
        for part in parts
        where !["dimming", "textInputField", "textInputCounter", "customContent", "keyboardFocus"].contains(
            part)
        {
            #expect(
                uikitText.contains("placedFrame(of: .\(part)"),
                "the UIKit alert does not place AlertCardPart.\(part) through placedFrame(of:)")
        }
    }

    /// A placed view that answers its proposal with a size of its own is drawn at that size
    /// at the frame's corner, not in the frame: the SwiftUI alert's actions used to be pills
    /// at their natural width at the leading edge of the frames UIKit's buttons fill, and the
    /// banner's and snackbar's actions text-sized at the top of their touch areas.
    @Test("placed actions fill the frames the resolvers give them, as UIKit's do")
    func placedActionsFillTheirFrames() throws {
        let alert = try Self.swiftUIAlertSources().map(\.text).joined(separator: "\n")
        #expect(alert.contains(".environment(\\.keelButtonFillsFrame, true)"))
        #expect(alert.contains("borderOverride: result.borderOverride(ofAction: action.id)"))
        #expect(alert.contains("illustrationSize:"), "the SwiftUI alert does not pass the image's size")
        // UIKit's dimming is a "Dismiss" button for VoiceOver while a background tap dismisses.
        #expect(alert.contains("dismisses: presentation.configuration.backgroundTapDismisses"))
        #expect(alert.contains(".accessibilityHidden(!dismisses)"))
        // The custom slot scrolls only when the resolver says so.
        #expect(
            alert.contains("scrolls: result.customContent.scrolls")
                && alert.contains(".scrollDisabled(!scrolls)"))
        let button = try #require(
            try SourceTree.sources(of: "KeelSwiftUI").first { $0.path.hasSuffix("KeelButtonStyle.swift") }
        ).text
        #expect(
            button.contains("ButtonLayout.size("),
            "the SwiftUI button does not size through ButtonLayout.size")
        #expect(!button.contains("ButtonLayout.intrinsicSize("))
        let fills = ".frame(maxWidth:.infinity,maxHeight:.infinity).contentShape(Rectangle())"
        for (name, title) in [
            ("KeelBannerView.swift", "Text(action.title)"),
            ("KeelSnackbarModifier.swift", "Text(configuration.action?.title??\"\")"),
        ] {
            let source = try #require(
                try SourceTree.sources(of: "KeelSwiftUI").first { $0.path.hasSuffix(name) }
            ).text
            let text = source.filter { !$0.isWhitespace }
            let label = try #require(text.range(of: title), "\(name): no action label \(title)")
            #expect(
                text[label.upperBound...].prefix(160).contains(fills),
                "\(name): the action's label does not fill its touch frame")
        }
    }

    /// Two choices the SwiftUI side made on its own: closing the feed always took the Reduce
    /// Motion path, and the progress announcer started unseeded (so the first step passed was
    /// never spoken). Both now follow what the UIKit side does.
    @Test("SwiftUI reads Reduce Motion for the feed's close and seeds the progress announcer")
    func swiftUIFollowsTheSharedMachines() throws {
        let sources = try SourceTree.sources(of: "KeelSwiftUI")
        let transition = try #require(
            sources.first { $0.path.hasSuffix("KeelVerticalSpaceTransition.swift") })
        #expect(!transition.text.contains("close(reduceMotion: true)"))
        let progress = try #require(sources.first { $0.path.hasSuffix("KeelProgress.swift") }).text
        let seeded = progress.filter { !$0.isWhitespace }
        #expect(
            seeded.contains(
                "varmachine=ProgressAnnouncement(step:progressTheme.announcementStep)_=machine.send(value)"))
        // One haptic palette: each front end kept its own, so silencing haptics through one
        // left the other's components buzzing.
        let uikit = try #require(
            try SourceTree.sources(of: "KeelUIKit").first { $0.path.hasSuffix("KeelHaptics.swift") }
        ).text
        let swiftUI = try #require(sources.first { $0.path.hasSuffix("KeelSwiftUIHaptics.swift") }).text
        for text in [uikit, swiftUI] {
            #expect(text.contains("HapticPalette.current.feedback(for: event)"))
            #expect(!text.contains("static var palette"))
        }
        // One motion decision: SwiftUI's Animation.keel re-derived UIKit's MotionPlan without
        // its guards (a negative or non-finite delay, a non-finite duration).
        let bridges = try #require(sources.first { $0.path.hasSuffix("Theme/ThemeBridges.swift") }).text
        #expect(bridges.contains("motion.plan(animated: true)"))
        #expect(!bridges.contains("switch motion.kind"))
        // The sheet's surface: UIKit masks the layout's rounded corners (the top two) and casts
        // the theme's shadow; SwiftUI rounded all four and cast none.
        let sheet = try #require(sources.first { $0.path.hasSuffix("KeelOwnSheetView.swift") }).text
        #expect(
            sheet.contains("KeelSheetSurfaceShape(layout: model.layout)")
                && sheet.contains("layout.cornerRadius(of: corner)"))
        #expect(sheet.contains(".shadow(") && sheet.contains("shadow.offsetY"))
        #expect(!sheet.contains("RoundedRectangle(cornerRadius: CGFloat(model.layout.cornerRadius))"))
        // Hit targets: UIKit's button and chip take touches in HitTarget.expandedRect (44 × 44 by
        // default); the SwiftUI ones took them on their visible shape only.
        for name in ["KeelButtonStyle.swift", "KeelChips.swift"] {
            let text = try #require(sources.first { $0.path.hasSuffix(name) }).text
            #expect(
                text.contains(".contentShape(KeelHitTargetShape(hitTarget: appearance.hitTarget))"), "\(name)"
            )
        }
        // A pressed chip shows the theme's highlighted colours, as UIKit's does while touched
        // (the SwiftUI chip passed isHighlighted: false always).
        let chips = try #require(sources.first { $0.path.hasSuffix("KeelChips.swift") }).text
        #expect(chips.contains("isHighlighted: configuration.isPressed"))
        // The snackbar fades in and out and springs back with the theme's motion, as UIKit's
        // does; the SwiftUI one appeared and vanished at once.
        let snackbar = try #require(sources.first { $0.path.hasSuffix("KeelSnackbarModifier.swift") }).text
        #expect(snackbar.contains(".transition(.opacity)"))
        #expect(snackbar.contains(".animation(Animation.keel(appearance.motion), value: model.shown)"))
        #expect(snackbar.contains(".animation(Animation.keel(appearance.motion), value: model.settles)"))
        // A tap anywhere on the field starts editing in UIKit (a tap recogniser on the field);
        // the SwiftUI field only on the editor itself.
        let field = try #require(sources.first { $0.path.hasSuffix("KeelTextFieldView.swift") }).text
        #expect(field.contains(".onTapGesture { model.beginEditing() }"))
        #expect(field.contains("container.area.isSelectable = configuration.isEnabled"))
    }

    /// Three things the UIKit alert did that the SwiftUI one did not: move VoiceOver focus
    /// (and the keyboard, for a text input) to `initialAccessibilityFocus` once presented —
    /// SwiftUI only played the haptic; report `onWillDismiss` — SwiftUI dropped the effect
    /// (`case .willDismiss, .endEditing: return`) and had no such callback; and place the card
    /// from the docked keyboard's overlap — SwiftUI let keyboard avoidance shrink the container
    /// and passed no overlap. Keel's own SwiftUI sheet dropped `pinScrollView` the same way.
    @Test("the SwiftUI alert focuses, reports will-dismiss and reads the keyboard as UIKit's does")
    func swiftUIAlertDoesWhatUIKitDoes() throws {
        let alert = try Self.swiftUIAlertSources().map(\.text).joined(separator: "\n")
        // Focus: the shared answer, bound to every element it can name.
        #expect(alert.contains("accessibilityFocus = configuration.initialAccessibilityFocus"))
        #expect(alert.contains("editorTakesKeyboard = configuration.initialFocusTakesKeyboard"))
        #expect(alert.contains("editor?.becomeFirstResponder()"))
        #expect(alert.contains(".onChange(of: accessibilityFocus) { focused = $0 }"))
        // A card drawn after the focus was set (the first draw, a re-host) never saw it change,
        // and an editor registered after `didPresent` never took the keyboard.
        #expect(alert.contains(".onAppear { focused = accessibilityFocus }"))
        #expect(alert.contains("didSet { takeKeyboard() }"))
        for target in [
            "illustration", "title", "message", "customContent", "checkbox", "textInput", "action(action.id)",
            "closeButton",
        ] {
            #expect(alert.contains("equals: .\(target))"), "VoiceOver cannot be moved to .\(target)")
        }
        #expect(alert.contains("registerEditor(field)") && alert.contains("registerEditor(view)"))
        // Will-dismiss and end-editing are performed, not dropped.
        #expect(alert.contains("case .lifecycle(.willDismiss(let reason)): willDismiss(reason)"))
        #expect(alert.contains("onWillDismiss(reason)"))
        #expect(alert.contains("case .endEditing: host?.view.endEditing(true)"))
        #expect(!alert.contains(".willDismiss, .endEditing: return"))
        #expect(!alert.contains(".willDismiss), .endEditing: return"))
        #expect(
            alert.contains("onWillDismiss: @escaping @MainActor (OverlayDismissalReason) -> Void = { _ in }"))
        // The keyboard: the container is the whole scene, the overlap UIKit's.
        #expect(alert.contains("KeyboardGeometry.dockedOverlap("))
        #expect(alert.contains("keyboardOverlap: model.keyboardOverlap"))
        #expect(alert.contains(".ignoresSafeArea(.keyboard)"))
        #expect(!alert.contains(".ignoresSafeArea(.container)"))
        // UIKit's side of each, from the same decisions.
        let uikit = try #require(
            try SourceTree.sources(of: "KeelUIKit").first {
                $0.path.hasSuffix("KeelAlertViewController.swift")
            }
        ).text
        #expect(uikit.contains("switch configuration.initialAccessibilityFocus"))
        #expect(uikit.contains("handlers.onWillDismiss?(reason)"))
        #expect(uikit.contains("keyboardOverlap: keyboardOverlap"))
        // The sheet: a pin becomes a scroll request, scrolled to by the content's scroll view.
        let sources = try SourceTree.sources(of: "KeelSwiftUI")
        let sheet = try #require(sources.first { $0.path.hasSuffix("Overlays/KeelOwnSheet.swift") }).text
        #expect(!sheet.contains("case .pinScrollView: return"))
        #expect(sheet.contains("case .pinScrollView(let id, let offsetY): pin(id: id, offsetY: offsetY)"))
        #expect(
            sheet.contains("pinning.pin(id: id, offsetY: offsetY, candidates: scrolls.map(\\.candidate))"))
        let view = try #require(sources.first { $0.path.hasSuffix("Overlays/KeelOwnSheetView.swift") }).text
        #expect(view.contains(".environment(\\.keelSheetScrollPin, model.scrollPin)"))
        let scroll = try #require(sources.first { $0.path.hasSuffix("Overlays/KeelSheetScrollView.swift") })
            .text
        #expect(scroll.contains("pin?.offsetY(forScrollView: space.hashValue)"))
        #expect(scroll.contains("reader.scrollTo(KeelSheetScrollTop.id, anchor: .top)"))
        #expect(scroll.contains(".id(KeelSheetScrollTop.id)"))
    }

    /// Three things UIKit did from the theme or a shared result that SwiftUI decided itself
    /// (`SwiftUIGapParityTests` in KeelComponentsTests compares the numbers):
    /// - the alert: UIKit scrolls `keyboardFocusRects` into view once the keyboard has moved
    ///   the card; SwiftUI never scrolled. It now places an anchor at each `.keyboardFocus`
    ///   part and scrolls to them when the keyboard overlap changes.
    /// - the checkbox and switch rows: SwiftUI spaced them with `HStack`'s default spacing
    ///   and a `Spacer`; they now lay out through `SelectionRowLayout` (the alert's checkbox
    ///   row) with the theme's spacing. `KeelList`'s message used `VStack(spacing: 12)` and
    ///   `.padding()`, UIKit a literal 12 and no inset: both now read `ListChrome`'s numbers.
    /// - the button's focus ring: SwiftUI passed `isFocused: false` and drew no ring; it now
    ///   reads `isFocused` and strokes the ring UIKit's focus layer draws.
    @Test("the SwiftUI alert scrolls, rows space and buttons ring as UIKit's do")
    func swiftUIClosesTheLastGaps() throws {
        let sources = try SourceTree.sources(of: "KeelSwiftUI")
        func text(_ name: String, in sources: [(path: String, text: String)]) throws -> String {
            try #require(sources.first { $0.path.hasSuffix(name) }, "\(name) was not found").text
        }
        // Whether `source` holds `code`, line breaks and indentation aside (the formatter's).
        func has(_ source: String, _ code: String) -> Bool {
            source.filter { !$0.isWhitespace }.contains(code.filter { !$0.isWhitespace })
        }
        // The alert's keyboard scroll.
        let card = try text("Overlays/KeelAlertCard.swift", in: sources)
        #expect(has(card, "ScrollViewReader { reader in"))
        #expect(has(card, ".onChange(of: result.keyboardOverlap)"))
        #expect(has(card, "for part in result.keyboardFocusParts {"))
        #expect(has(card, "reader.scrollTo(part)"))
        #expect(has(card, "ForEach(result.keyboardFocusRects.indices"))
        #expect(has(card, ".id(AlertCardPart.keyboardFocus(index))"))
        let uikitAlert = try text(
            "Components/KeelAlertViewController.swift", in: try SourceTree.sources(of: "KeelUIKit"))
        #expect(has(uikitAlert, "for rect in layout?.keyboardFocusRects ?? []"))
        #expect(has(uikitAlert, "scrollView.scrollRectToVisible(CGRect(keel: rect), animated: true)"))
        // The selection rows.
        let selection = try text("Components/KeelSelectionStyles.swift", in: sources)
        for stack in ["HStack", "VStack", "Spacer("] {
            #expect(!has(selection, stack), "KeelSelectionStyles.swift places with \(stack)")
        }
        #expect(has(selection, "KeelSelectionRowLayout(control: .toggle(theme))"))
        #expect(has(selection, "KeelSelectionRowLayout(control: .checkbox(spec))"))
        #expect(
            has(
                selection,
                "subview.place(keel: layout.frame(of: subview[SelectionRowPartKey.self]), in: bounds)"))
        #expect(
            has(
                selection,
                "control: control, proposedWidth: width.map { Double($0) }, titleBaselines: title.baselines,"
            ))
        // The checkbox sits on the title's first line, from the title's baselines (R12 finding 7).
        #expect(has(selection, "first: Double(dimensions[VerticalAlignment.firstTextBaseline]),"))
        #expect(has(selection, "measureTitle: title.size)"))
        // The list's message.
        let list = try text("Lists/KeelList.swift", in: try SourceTree.sources(of: "KeelSwiftUIApp"))
        #expect(has(list, "VStack(spacing: CGFloat(ListChrome.messageSpacing))"))
        #expect(has(list, ".padding(CGFloat(ListChrome.messageInset))"))
        #expect(!has(list, ".padding()") && !has(list, "VStack(spacing: 12)"))
        let empty = try text(
            "Lists/ListEmptyStateView.swift", in: try SourceTree.sources(of: "KeelUIKitControllers"))
        #expect(has(empty, "stack.spacing = CGFloat(ListChrome.messageSpacing)"))
        #expect(has(empty, "let inset = CGFloat(ListChrome.messageInset)"))
        #expect(!has(empty, "stack.spacing = 12"))
        // The focus ring.
        let button = try text("Components/KeelButtonStyle.swift", in: sources)
        #expect(has(button, "@Environment(\\.isFocused) private var isFocused"))
        #expect(has(button, "isPressed: isPressed, isFocused: isFocused"))
        #expect(!has(button, "isPressed: isPressed, isFocused: false"))
        #expect(has(button, "appearance.focusRingStrokeFrame(around: rect.keelRect)"))
        #expect(
            has(
                button,
                ".stroke(Color(keel: appearance.focusRingColor), lineWidth: CGFloat(appearance.focusRingWidth))"
            ))
        let uikitButton = try text("Components/KeelButton.swift", in: try SourceTree.sources(of: "KeelUIKit"))
        #expect(has(uikitButton, "focusLayer.frame = CGRect(keel: layout.focusRingFrame)"))
        #expect(has(uikitButton, "override public func didUpdateFocus("))
    }

    /// The case names of `AlertCardPart`, read from its source.
    static func alertCardParts() throws -> [String] {
        let file = try #require(
            try SourceTree.sources(of: "KeelComponents").first {
                $0.path.hasSuffix("Alert/AlertCardPart.swift")
            })
        let body = file.text.components(separatedBy: "package static let").first ?? ""
        return body.components(separatedBy: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("case ") else { return nil }
            return String(trimmed.dropFirst(5).prefix { $0.isLetter })
        }
    }
}

/// The SwiftUI badge, chips and banner place every part from the shared layouts (issue 38):
/// no stacks, every part at a resolved frame.
@Suite struct EverydayComponentPlacementTests {
    @Test("the SwiftUI badge, chips and banner stack nothing and place from the headless layouts")
    func swiftUIPlacesFromTheLayouts() throws {
        let swiftUINames = ["KeelBadgeModifier.swift", "KeelChips.swift", "KeelBannerView.swift"]
        let files = try SourceTree.sources(of: "KeelSwiftUI").filter { file in
            swiftUINames.contains { file.path.hasSuffix("/\($0)") }
        }
        try #require(files.count == 3, "the SwiftUI badge, chip and banner sources were not found")
        for file in files {
            for stack in ["VStack", "HStack", "Grid(", "Spacer("] {
                #expect(!file.text.contains(stack), "\(file.path) places with \(stack)")
            }
        }
        let text = files.map(\.text).joined(separator: "\n")
        #expect(text.contains("layout.frame(onHost:"))
        #expect(text.contains("layout.placedTouchFrame(of: subview[ChipPartKey.self])"))
        #expect(text.contains("ChipGroupLayout("))
        for part in [
            "iconFrame", "displayedTitleFrame", "messageFrame", "actionFrame(at:", "displayedCloseTouchFrame",
        ] {
            #expect(text.contains("result.\(part)"), "the SwiftUI banner does not place \(part)")
        }
        let uikitNames = ["KeelBadge.swift", "KeelChip.swift", "KeelChipGroup.swift", "KeelBanner.swift"]
        let uikit = try SourceTree.sources(of: "KeelUIKit").filter { file in
            uikitNames.contains { file.path.hasSuffix("/\($0)") }
        }
        try #require(uikit.count == 4, "the UIKit badge, chip and banner sources were not found")
        let uikitText = uikit.map(\.text).joined(separator: "\n")
        for call in [
            "frame(onHost:", "placedFrame(of: .removeButton)", "ChipGroupLayout(", "layout.messageFrame",
        ] {
            #expect(uikitText.contains(call), "the UIKit views do not place with \(call)")
        }
    }
}
