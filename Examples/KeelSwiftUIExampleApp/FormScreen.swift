#if canImport(SwiftUI) && canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelLayout
    import KeelSwiftUI
    import KeelSwiftUIApp
    import KeelSwiftUIImages
    import SwiftUI

    /// An alert's subject.
    struct DeletionRequest: Identifiable {
        let id = 1
        var name: String
    }

    /// A rename's subject.
    struct RenameRequest: Identifiable {
        let id = 2
        var name: String
    }

    /// A feedback request's subject.
    struct FeedbackRequest: Identifiable {
        let id = 3
    }

    /// The feedback alert: a multi-line input (up to 4 lines, 200 characters, the limit
    /// reported once per reach) under custom content.
    enum FeedbackAlert {
        static func configuration(onLimit: @escaping @MainActor @Sendable (Int) -> Void) -> AlertConfiguration
        {
            let input = try? AlertTextInput(
                placeholder: "What could be better?", maximumLength: 200, layout: .multiline,
                onLimitReached: onLimit)
            let configuration = try? AlertConfiguration(
                title: "Send feedback", accessory: input.map(AlertAccessory.textInput),
                customContent: AlertCustomContent(maximumHeight: 120),
                actions: [.cancel("Not now"), .primary("Send")])
            return configuration
                ?? AlertConfiguration(
                    title: "Feedback", message: nil, actions: [.cancel("Close")], titleAlignment: .center,
                    messageAlignment: .center)
        }
    }

    /// The rename alert: a text input limited to 20 characters (composition-aware), its text
    /// read by the primary action's handler.
    enum RenameAlert {
        static func configuration(for request: RenameRequest, rename: @escaping @MainActor (String) -> Void)
            -> AlertConfiguration
        {
            let configuration = try? AlertConfiguration(
                title: "Rename \(request.name)",
                accessory: .textInput(placeholder: "Name", text: request.name, maximumLength: 20),
                actions: [
                    .cancel("Cancel"),
                    .primary("Rename") { context in rename(context.text ?? "") },
                ])
            return configuration
                ?? AlertConfiguration(
                    title: "Rename", message: nil, actions: [.cancel("Close")], titleAlignment: .center,
                    messageAlignment: .center)
        }
    }

    /// The themed form: every button style and size, icon placements, loading, the toggle
    /// and checkbox (immediate and confirmed), more and close, a flex row, an alert and a
    /// bottom sheet.
    struct SwiftUIFormScreen: View {
        @State private var notifications = true
        @State private var sync = false
        @State private var accepted = false
        @State private var saving = false
        @State private var deletion: DeletionRequest?
        @State private var showsSheet = false
        @State private var renaming: RenameRequest?
        @State private var albumName = "Holidays"
        @State private var feedback: FeedbackRequest?
        @State private var showsCenteredSheet = false
        @State private var showsOfflineBanner = true
        @State private var genres: Set<Int> = [0]
        @State private var recipients = ["Ada", "Grace"]
        @State private var onlyFavourites = false
        @State private var sortOrder = 0
        @State private var email = ""
        @State private var emailError: String?
        @State private var notes = ""
        @State private var toast: SnackbarConfiguration?

        var body: some View {
            ScrollView {
                VStack(alignment: .leading, spacing: 16) {
                    Group {
                        if showsOfflineBanner {
                            KeelBannerView(
                                BannerConfiguration(
                                    status: .warning, title: "You're offline",
                                    message: "Changes are saved on this phone and sync when you reconnect.",
                                    actions: [BannerAction("Retry")]),
                                onAction: { id in print("banner action:", id) },
                                onDismiss: { _ in showsOfflineBanner = false })
                        }
                        KeelTextFieldView(
                            TextFieldConfiguration(
                                label: "E-mail", placeholder: "name@example.com", errorText: emailError,
                                leadingIcon: "envelope", showsClearButton: true, keyboard: .emailAddress,
                                returnKey: .done, contentKind: .emailAddress),
                            text: $email,
                            onReturn: {
                                emailError =
                                    email.contains("@") ? nil : "Enter an address like name@example.com."
                            })
                        KeelTextFieldView(
                            TextFieldConfiguration(
                                label: "Notes", placeholder: "Anything we should know?", maximumLength: 280,
                                showsCharacterCount: true, lines: .multiple(minimum: 2, maximum: 5)),
                            text: $notes)
                        Text("Genres").keelFont(.title3)
                        KeelFilterChips(["Jazz", "Rock", "Folk", "Classical", "Hip-hop"], selection: $genres)
                        Toggle("Only favourites", isOn: $onlyFavourites).toggleStyle(.keelChip)
                        KeelSegmentedPicker(
                            [
                                SegmentItem("Newest"), SegmentItem("Popular"),
                                SegmentItem("Nearby", badge: .dot),
                            ],
                            selection: $sortOrder)
                        KeelFlexLayout.horizontal(spacing: 8, alignment: .center) {
                            ForEach(recipients, id: \.self) { name in
                                KeelInputChip(name) {
                                    recipients.removeAll { $0 == name }
                                    toast = SnackbarConfiguration(
                                        "\(name) removed", action: SnackbarAction("Undo"))
                                }
                            }
                        }
                    }
                    Text("Buttons").keelFont(.title3)
                    ForEach(ButtonVariant.allCases, id: \.self) { style in
                        Button(style.rawValue) {}.buttonStyle(KeelButtonStyle(style, size: .medium))
                    }
                    KeelFlexLayout.horizontal(spacing: 8, alignment: .center) {
                        Button("Leading") {}
                            .buttonStyle(KeelButtonStyle(.outline, size: .small, icon: .arrowForward))
                        Button("Trailing") {}
                            .buttonStyle(
                                KeelButtonStyle(
                                    .outline, size: .small, icon: .arrowForward, iconPlacement: .trailing))
                        Color.clear.keelLayoutItem(FlexibleSpace())
                        Button("More actions") {}.buttonStyle(KeelIconButtonStyle(.more))
                        Button("Close") {}.buttonStyle(KeelIconButtonStyle(.close(large: false)))
                    }
                    Button("Save") {
                        saving = true
                        Task {
                            try? await Task.sleep(nanoseconds: 1_000_000_000)
                            saving = false
                        }
                    }
                    .buttonStyle(KeelButtonStyle(.brand, icon: .checkmarkCircle, isLoading: saving))
                    Button("Disabled") {}.buttonStyle(.keel(.primary)).disabled(true)
                    Toggle("Notifications", isOn: $notifications).toggleStyle(.keel)
                    Toggle("Sync (asks the server)", isOn: $sync)
                        .toggleStyle(
                            KeelToggleStyle { requested in
                                try? await Task.sleep(nanoseconds: 500_000_000)
                                return requested
                            })
                    Toggle("Accept the terms", isOn: $accepted).toggleStyle(.keelCheckbox)
                    Group {
                        Button("Delete photo…") { deletion = DeletionRequest(name: "Beach") }
                            .buttonStyle(.keel(.destructive))
                        Button("Filters…") { showsSheet = true }.buttonStyle(.keel(.secondary))
                        Button("Rename \(albumName)…") { renaming = RenameRequest(name: albumName) }
                            .buttonStyle(.keel(.outline))
                        Button("Two alerts at once") {  // the second waits for the first
                            deletion = DeletionRequest(name: "Beach")
                            renaming = RenameRequest(name: albumName)
                        }
                        .buttonStyle(.keel(.outline))
                        Button("Feedback…") { feedback = FeedbackRequest() }.buttonStyle(.keel(.outline))
                        Button("Centered sheet…") { showsCenteredSheet = true }.buttonStyle(.keel(.outline))
                    }
                }
                .padding()
            }
            .navigationTitle("Form")
            .keelSnackbar($toast, onAction: { _ in recipients = ["Ada", "Grace"] })
            .keelAlert(item: $deletion) { request in
                AlertConfiguration(
                    title: "Delete \(request.name)?", message: "This cannot be undone.",
                    actions: [.cancel("Keep"), .destructive("Delete")], titleAlignment: .center,
                    messageAlignment: .center)
            }
            .keelAlert(item: $renaming) { request in
                RenameAlert.configuration(for: request) { albumName = $0 }
            }
            .keelAlert(item: $feedback) { _ in
                FeedbackAlert.configuration { limit in print("feedback reached \(limit) characters") }
            } content: { _ in
                Text("Tell us what you think of the new albums. We read every message.")
                    .keelFont(.body)
            }
            .keelBottomSheet(
                isPresented: $showsCenteredSheet,
                configuration: (try? BottomSheetConfiguration(
                    height: .content(maximum: 400), width: .centered(maximumWidth: 420),
                    detents: [.fraction(0.3)]))
                    ?? BottomSheetConfiguration(height: .content, width: .fullWidth),
                onDidDismiss: { reason in print("centered sheet dismissed: \(reason)") }
            ) {
                // Drag up on the rows to expand the sheet, then they scroll; scrolled to the
                // top, a drag down moves the sheet.
                KeelSheetScrollView {
                    VStack(alignment: .leading, spacing: 12) {
                        Text("Keel's own sheet: narrower than the screen, with two detents.")
                            .keelFont(.body)
                        ForEach(1...24, id: \.self) { row in
                            Text("Album \(row)").keelFont(.body)
                        }
                    }
                    .padding()
                }
            }
            .keelBottomSheet(
                isPresented: $showsSheet,
                configuration: BottomSheetConfiguration(height: .content(maximum: 480), width: .fullWidth)
            ) {
                VStack(spacing: 12) {
                    Text("Filters").keelFont(.title3)
                    Toggle("Only photos", isOn: .constant(true)).toggleStyle(.keelCheckbox)
                }
                .padding()
            }
        }
    }
#endif
