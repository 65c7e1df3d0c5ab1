#if canImport(UIKit)
    import KeelUIKitControllers
    import UIKit

    /// A form with Keel's components: buttons, a toggle, an alert with text input, an alert
    /// with custom content, and a bottom sheet — all queued per scene by the overlay
    /// coordinator.
    final class FormViewController: BaseViewController {
        private let nameLabel = makeLabel("Unnamed", lines: 0)
        private let rename = KeelButton(style: .brand, size: .large)
        private let filters = KeelButton(style: .outline, size: .medium)
        private let terms = KeelButton(style: .outline, size: .medium)
        private let sync = KeelToggle(isOn: true)
        private let offline = KeelBanner(
            configuration: BannerConfiguration(
                status: .warning, title: "You're offline",
                message: "Changes are saved on this phone and sync when you reconnect.",
                actions: [BannerAction("Retry")]))
        private let genres = KeelChipGroup(titles: ["Jazz", "Rock", "Folk", "Classical"], mode: .single)
        private let recipient = KeelChip(title: "Ada", kind: .input)
        private let sortOrder = KeelSegmentedControl(
            items: [SegmentItem("Newest"), SegmentItem("Popular"), SegmentItem("Nearby", badge: .dot)])
        private let email = KeelTextField(
            configuration: TextFieldConfiguration(
                label: "E-mail", placeholder: "name@example.com", helperText: "We never share your address.",
                leadingIcon: "envelope", showsClearButton: true, maximumLength: 80, keyboard: .emailAddress,
                returnKey: .done, contentKind: .emailAddress))

        override func setupUI() {
            title = "Form"
            rename.title = "Rename"
            rename.setIcon(UIImage(systemName: "pencil"), placement: .leading)
            rename.onTap = { [unowned self] _ in showRenameAlert() }
            filters.title = "Filters"
            filters.onTap = { [unowned self] _ in showFilters() }
            terms.title = "Terms"
            terms.onTap = { [unowned self] _ in showTerms() }
            sync.onValueChanged = { isOn in print("sync:", isOn) }
            // A long press on the name plays the palette's selection haptic, as Keel's own
            // controls do when a value changes.
            nameLabel.onLongPress { recognizer in
                guard recognizer.state == .began else { return }
                KeelHaptics.play(.selectionChanged)
            }
            offline.onAction = { id in print("banner action:", id) }
            genres.onSelectionChange = { indices in print("genres:", indices) }
            sortOrder.onSelectionChange = { index in print("sort order:", index) }
            email.onReturn = { [unowned self] in
                // The message appears (and is announced) only for an address without an "@".
                email.configuration.errorText =
                    email.text.contains("@") ? nil : "Enter an address like name@example.com."
            }
            recipient.onRemove = { [unowned self] chip in
                chip.isHidden = true
                // A snackbar on the scene's queue: after any alert, above the keyboard.
                KeelSnackbarPresenter.presenter(for: self).show(
                    SnackbarConfiguration(
                        "Ada removed", action: SnackbarAction("Undo"), icon: "person.badge.minus"),
                    from: self, onAction: { _ in chip.isHidden = false },
                    onDismiss: { reason in print("snackbar dismissed:", reason) })
            }
            let stack = VStackView(spacing: 16, alignment: .leading) {
                offline
                nameLabel
                email
                genres
                sortOrder
                recipient
                HStackView(spacing: 8, alignment: .center) {
                    makeLabel("Sync")
                    sync
                }
                rename
                filters
                terms
            }
            view.addSubview(stack)
            offline.widthAnchor.constraint(equalTo: stack.widthAnchor).isActive = true
            genres.widthAnchor.constraint(equalTo: stack.widthAnchor).isActive = true
            sortOrder.widthAnchor.constraint(equalTo: stack.widthAnchor).isActive = true
            email.widthAnchor.constraint(equalTo: stack.widthAnchor).isActive = true
            stack.pinToSafeArea(
                insets: NSDirectionalEdgeInsets(top: 24, leading: 16, bottom: 24, trailing: 16))
        }

        override func applyTheme(_ theme: KeelThemeResolver) {
            view.backgroundColor = UIColor(keel: theme.color(.backgroundPrimary))
            nameLabel.font = UIFont.keel(theme.font(.title2))
            nameLabel.textColor = UIColor(keel: theme.color(.textPrimary))
        }

        private func showRenameAlert() {
            guard
                let configuration = try? AlertConfiguration(
                    title: "Rename",
                    accessory: .textInput(
                        try AlertTextInput(placeholder: "Name", maximumLength: 20, showsCharacterCount: true)),
                    actions: [
                        .cancel("Cancel"),
                        .primary("Save") { [weak self] context in self?.nameLabel.text = context.text },
                    ])
            else { return }
            let handle = KeelAlert.show(on: self, configuration: configuration)
            if let failure = handle.presentationFailure { print("alert not shown:", failure) }
        }

        /// An alert whose custom content is long text: it scrolls in its slot (at most 240 pt,
        /// less when the screen is short) while the actions stay visible.
        private func showTerms() {
            guard
                let configuration = try? AlertConfiguration(
                    title: "Terms of use", customContent: try AlertCustomContent(maximumHeight: 240),
                    actions: [.cancel("Decline"), .primary("Accept")])
            else { return }
            KeelAlert.show(on: self, configuration: configuration, contentView: TermsView()) { actionID, _ in
                print("terms:", actionID)
            }
        }

        private func showFilters() {
            guard
                let configuration = try? BottomSheetConfiguration(
                    height: .content(maximum: 520), width: .centered(maximumWidth: 560), detents: [])
            else { return }
            let content = VStackView(
                spacing: 12, insets: NSDirectionalEdgeInsets(top: 24, leading: 16, bottom: 24, trailing: 16)
            ) {
                makeLabel("Filters", font: .preferredFont(forTextStyle: .headline))
                makeLabel("Newest first", lines: 0)
            }
            KeelBottomSheet.show(
                on: self, contentView: content, configuration: configuration,
                events: KeelBottomSheetEvents(onDidDismiss: { reason in print("sheet dismissed:", reason) }))
        }
    }

    /// Long text for an alert's custom content, in the alert's message font and colour.
    final class TermsView: UIView, KeelAlertContent {
        private let label = makeLabel(
            String(
                repeating: "Keel shows this text inside the alert and scrolls it when it is long. ", count: 12
            ),
            lines: 0)

        init() {
            super.init(frame: .zero)
            addSubview(label)
            label.pinEdges(to: self)
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) { nil }

        func alertDidApplyTheme(_ theme: AlertTheme, resolver: KeelThemeResolver) {
            label.font = UIFont.keel(theme.messageFont)
            label.textColor = UIColor(keel: theme.messageColor)
        }
    }

    /// A label with `text`, at most `lines` lines (0: no limit), in `font` when given.
    @MainActor func makeLabel(_ text: String, lines: Int = 1, font: UIFont? = nil) -> UILabel {
        let label = UILabel()
        label.text = text
        label.numberOfLines = lines
        if let font { label.font = font }
        return label
    }
#endif
