import KeelComponents
import Testing

/// Decisions added for the UIKit front end (KeelUIKit's components read them).
@Suite("Decisions the UIKit views read")
struct UIKitDecisionTests {
    @Test("icon-only buttons (which offer the large content viewer)")
    func iconOnly() {
        #expect(ButtonContent(title: "Share", icon: ButtonIcon(), iconPlacement: .only).isIconOnly)
        #expect(ButtonContent(title: nil, icon: ButtonIcon()).isIconOnly)
        #expect(ButtonContent(title: "", icon: ButtonIcon(), iconPlacement: .top).isIconOnly)
        #expect(!ButtonContent(title: "Share", icon: ButtonIcon()).isIconOnly)
        #expect(!ButtonContent(title: "Share").isIconOnly)
        #expect(!ButtonContent(title: nil, icon: nil, iconPlacement: .only).isIconOnly)
    }

    @Test("the sheet's recogniser tracks unless the content is ambiguous")
    func tracking() {
        #expect(SheetDragOwner.sheet.sheetTracksGesture)
        #expect(SheetDragOwner.scrollView(3).sheetTracksGesture)
        #expect(!SheetDragOwner.none.sheetTracksGesture)
    }

    @Test("a scroll candidate from raw geometry")
    func candidateGeometry() {
        func candidate(content: Double, bounces: Bool, top: Double = 0, bottom: Double = 0)
            -> SheetScrollCandidate
        {
            SheetScrollCandidate(
                id: 1, offsetY: -top, adjustedTopInset: top, adjustedBottomInset: bottom,
                contentHeight: content,
                boundsHeight: 300, alwaysBouncesVertically: bounces, isInteractive: true)
        }
        #expect(!candidate(content: 200, bounces: false).canScrollVertically)
        #expect(candidate(content: 200, bounces: true).canScrollVertically)
        #expect(candidate(content: 301, bounces: false).canScrollVertically)
        #expect(!candidate(content: 300.4, bounces: false).canScrollVertically)
        #expect(candidate(content: 280, bounces: false, top: 20, bottom: 34).canScrollVertically)
        #expect(candidate(content: 280, bounces: false, top: 20).isAtTop)
    }

    @Test("the return key triggers the first normal, enabled, non-text action, never while busy")
    func returnKey() throws {
        let input = AlertAccessory.textInput(try AlertTextInput(placeholder: "Name"))
        func config(_ actions: [AlertAction]) throws -> AlertConfiguration {
            try AlertConfiguration(title: "Rename", accessory: input, actions: actions)
        }
        let cancel = AlertAction.cancel("Cancel")
        let save = AlertAction.primary("Save")
        #expect(try config([cancel, save]).returnKeyActionID == .primary)
        #expect(try config([cancel, AlertAction.destructive("Delete")]).returnKeyActionID == nil)
        #expect(try config([AlertAction.text("Later"), save]).returnKeyActionID == .primary)
        #expect(try config([cancel, try AlertAction("Save", isEnabled: false)]).returnKeyActionID == nil)
        var busy = try config([cancel, save, try AlertAction("Other", isLoading: true)])
        #expect(busy.returnKeyActionID == nil)
        busy.actions[2].isLoading = false
        #expect(busy.returnKeyActionID == .primary)
    }

    @Test("triggering: only enabled actions while idle; loading keeps the alert up")
    func triggering() throws {
        var config = try AlertConfiguration(
            title: "Delete?",
            actions: [
                AlertAction.cancel("Cancel"), AlertAction.destructive("Delete"),
                try AlertAction("Stay", id: AlertActionID("stay"), automaticallyDismisses: false),
            ])
        #expect(config.canTrigger(.destructive))
        #expect(!config.canTrigger(AlertActionID("missing")))
        #expect(config.dismissesAfterTriggering(.destructive))
        #expect(!config.dismissesAfterTriggering(AlertActionID("stay")))
        config.setLoading(true, forAction: .destructive)
        #expect(!config.dismissesAfterTriggering(.destructive))
        #expect(!config.canTrigger(.cancel))
        config.setLoading(false, forAction: .destructive)
        config.setEnabled(false, forAction: .cancel)
        #expect(!config.canTrigger(.cancel))
        #expect(config.canTrigger(.destructive))
        config.setEnabled(true, forAction: AlertActionID("Nope"))
        #expect(config.actions.count == 3)
    }

    @Test("Home's pan starts only for upward, mostly vertical movement")
    func transitionBegin() {
        #expect(VerticalSpaceTransitionPhysics.shouldBeginDrag(velocityX: 10, velocityY: -300))
        #expect(!VerticalSpaceTransitionPhysics.shouldBeginDrag(velocityX: 0, velocityY: 300))
        #expect(!VerticalSpaceTransitionPhysics.shouldBeginDrag(velocityX: 400, velocityY: -300))
        #expect(!VerticalSpaceTransitionPhysics.shouldBeginDrag(velocityX: 0, velocityY: 0))
        #expect(!VerticalSpaceTransitionPhysics.shouldBeginDrag(velocityX: .nan, velocityY: -300))
    }

    @Test("Home's pan yields to a scroll view under the finger that is not at its bottom")
    func transitionBeginOverScrollViews() {
        func begins(_ scrollViews: [SheetScrollCandidate], velocityY: Double = -300) -> Bool {
            VerticalSpaceTransitionPhysics.shouldBeginDrag(
                velocityX: 0, velocityY: velocityY, scrollViewsUnderFinger: scrollViews)
        }
        // 1 000 pt of content in a 600 pt list: the bottom is at offset 400 (+ insets).
        func list(_ id: Int, offsetY: Double) -> SheetScrollCandidate {
            SheetScrollCandidate(
                id: id, offsetY: offsetY, adjustedTopInset: 44, adjustedBottomInset: 34, contentHeight: 1_000,
                boundsHeight: 600, alwaysBouncesVertically: false, isInteractive: true)
        }
        let atBottom = list(1, offsetY: 434)
        let midway = list(2, offsetY: 120)
        #expect(atBottom.isAtBottom && !midway.isAtBottom)
        #expect(begins([]))
        #expect(begins([atBottom]))
        #expect(!begins([midway]))
        #expect(!begins([atBottom, midway]))  // nested: the inner list can still scroll on
        #expect(!begins([atBottom], velocityY: 300))  // downward drags never move Home
        // Bottom not known: the content scrolls, Home stays.
        #expect(!begins([SheetScrollCandidate(id: 5, offsetY: 50)]))
        #expect(begins([SheetScrollCandidate(id: 6, offsetY: 50, maximumOffsetY: 50)]))
        // Content that cannot scroll, or is hidden or disabled, does not hold Home back.
        #expect(begins([SheetScrollCandidate(id: 3, offsetY: 50, canScrollVertically: false)]))
        #expect(begins([SheetScrollCandidate(id: 4, offsetY: 50, isInteractive: false)]))
    }
}
