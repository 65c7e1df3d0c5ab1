// README.md's "Components, each rendering its KeelComponents model" block is the lines between
// `// README snippet begin` and `// README snippet end`, concatenated, without the markers'
// indentation (ReadmeSnippetTests in KeelArchitectureTests compares them).
#if canImport(UIKit)
    // README snippet begin
    import KeelComponents
    import KeelUIKit
    import UIKit

    // README snippet end

    /// The README's tour of the components, inside a screen that owns what it uses.
    final class ComponentsTourViewController: UIViewController {
        /// A stand-in server: every call succeeds.
        private struct TourAPI: Sendable {
            func setDone(_ isDone: Bool) async throws -> Bool { isDone }
            func rename(_ name: String) async throws {}
        }

        /// Stand-in settings the toggle writes to.
        private final class TourSettings {
            var sync = true
        }

        private final class FiltersViewController: UIViewController {}
        private final class HomeViewController: UIViewController {}

        private let termsView = makeLabel("By continuing you accept the terms.", lines: 0)
        private let filtersTableView = UITableView()

        func tour() throws {
            let api = TourAPI()
            let settings = TourSettings()
            func dismiss() {}

            // README snippet begin
            // Buttons
            let save = KeelButton(style: .brand, size: .large)
            save.title = "Save"
            save.setIcon(UIImage(systemName: "checkmark"), placement: .leading)
            // While loading, the button absorbs taps, sends no action and reads "Loading" to VoiceOver.
            save.onTap = { button in button.isLoading = true }

            let share = KeelButton(style: .secondary, size: .medium)
            share.setIcon(UIImage(systemName: "square.and.arrow.up"), placement: .only)
            share.title = "Share"  // icon-only: label + large content viewer

            // Icon buttons and toggle
            let close = KeelCloseButton(large: true)
            close.onTap = { _ in dismiss() }
            let done = KeelCheckboxButton(isSelected: false, selectionBehavior: .requiresConfirmation)
            done.onValueChangeRequest = { requested in
                Task { done.resolveSelectionChange(to: (try? await api.setDone(requested)) ?? !requested) }
            }
            let sync = KeelToggle(isOn: true)
            sync.onValueChanged = { isOn in settings.sync = isOn }

            // Alert (queued per scene, above sheets)
            let configuration = try AlertConfiguration(
                title: "Rename",
                accessory: .textInput(
                    try AlertTextInput(placeholder: "Name", maximumLength: 20, showsCharacterCount: true)),
                actions: [
                    .cancel("Cancel"),
                    .primary("Save", automaticallyDismisses: false) { context in  // per-action handler
                        context.setLoading(true)
                        Task {
                            try await api.rename(context.text ?? "")
                            context.dismiss()
                        }
                    },
                ])
            let handle = KeelAlert.show(on: self, configuration: configuration)
            // Actions are identified by AlertActionID (.cancel, .primary … or your own), never by their
            // translated title.
            if let failure = handle.presentationFailure { print("not shown:", failure) }

            // Alert with custom content: measured with Auto Layout, scrolls in its slot when taller than
            // 240 pt or than the card's room, so the actions stay visible
            let terms = try AlertConfiguration(
                title: "Terms of use", customContent: try AlertCustomContent(maximumHeight: 240),
                actions: [.cancel("Decline"), .primary("Accept")])
            KeelAlert.show(on: self, configuration: terms, contentView: termsView) { id, _ in
                print("terms:", id)
            }

            // Bottom sheet
            let sheet = KeelBottomSheet.show(
                on: self, contentViewController: FiltersViewController(),
                configuration: BottomSheetConfiguration(
                    height: .content(maximum: 520), width: .centered(maximumWidth: 560)),
                events: KeelBottomSheetEvents(onDidDismiss: { reason in print("sheet gone:", reason) }))
            sheet.setPrimaryScrollView(filtersTableView)
            sheet.invalidateLayout(animated: true)

            // Space transition (the original foundation's minimal integration)
            let root = VerticalSpaceTransitionContainerViewController(
                homeViewController: HomeViewController(), feedViewController: FeedViewController())
            // in Feed:
            verticalSpaceTransitionContainer?.closeFeed(animated: true)
            // README snippet end
            _ = (share, sync, root)
        }
    }
#endif
