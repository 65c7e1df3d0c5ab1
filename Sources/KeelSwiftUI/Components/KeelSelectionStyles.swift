#if canImport(SwiftUI)
    import KeelComponents
    import KeelDesign
    import SwiftUI

    /// Answers a confirmation request: the value to commit, or `nil` to cancel (the value
    /// stays). The control shows "pending" (faded, taps ignored, VoiceOver "Updating") until
    /// it returns.
    public typealias KeelSelectionConfirmation = @MainActor @Sendable (_ requested: Bool) async -> Bool?

    /// The design system's switch as a SwiftUI toggle style: geometry and colours from
    /// `ToggleLayout`, immediate or confirmed changes from `ConfirmableSelection` — the same
    /// headless types `KeelToggle` binds in UIKit.
    ///
    /// ```swift
    /// Toggle("Sync", isOn: $sync)
    ///     .toggleStyle(KeelToggleStyle { requested in await settings.setSync(requested) })
    /// ```
    public struct KeelToggleStyle: @preconcurrency ToggleStyle {
        /// Asked before each change (confirmation mode); `nil` changes at once.
        package var confirmation: KeelSelectionConfirmation?

        /// A toggle style; with `confirmation`, a tap asks it first.
        public init(confirmation: KeelSelectionConfirmation? = nil) {
            self.confirmation = confirmation
        }

        /// The label, then the switch.
        @MainActor public func makeBody(configuration: Configuration) -> some View {
            KeelSelectionBody(configuration: configuration, confirmation: confirmation, kind: .toggle)
        }
    }

    /// The design system's checkbox as a SwiftUI toggle style: icon, tint and opacity from
    /// `IconButtonSpec`, changes from `ConfirmableSelection` (as `KeelCheckboxButton` in UIKit).
    ///
    /// ```swift
    /// Toggle("Accept the terms", isOn: $accepted).toggleStyle(KeelCheckboxStyle())
    /// ```
    public struct KeelCheckboxStyle: @preconcurrency ToggleStyle {
        /// Asked before each change (confirmation mode); `nil` changes at once.
        package var confirmation: KeelSelectionConfirmation?

        /// A checkbox style; with `confirmation`, a tap asks it first.
        public init(confirmation: KeelSelectionConfirmation? = nil) {
            self.confirmation = confirmation
        }

        /// The checkbox, then the label.
        @MainActor public func makeBody(configuration: Configuration) -> some View {
            KeelSelectionBody(configuration: configuration, confirmation: confirmation, kind: .checkbox)
        }
    }

    extension ToggleStyle where Self == KeelToggleStyle {
        /// The design system's switch, changing at once.
        public static var keel: KeelToggleStyle { KeelToggleStyle() }
    }

    extension ToggleStyle where Self == KeelCheckboxStyle {
        /// The design system's checkbox, changing at once.
        public static var keelCheckbox: KeelCheckboxStyle { KeelCheckboxStyle() }
    }

    /// Which control draws the selection.
    enum SelectionControlKind {
        case toggle
        case checkbox
    }

    /// Runs the selection state machine for a toggle configuration and draws its state.
    @MainActor
    struct KeelSelectionBody: View {
        let configuration: ToggleStyleConfiguration
        let confirmation: KeelSelectionConfirmation?
        let kind: SelectionControlKind
        @State private var selection: ConfirmableSelection
        @KeelThemed private var theme
        @Environment(\.isEnabled) private var isEnabled
        @Environment(\.keelAccessibilityStrings) private var strings

        init(
            configuration: ToggleStyleConfiguration, confirmation: KeelSelectionConfirmation?,
            kind: SelectionControlKind
        ) {
            self.configuration = configuration
            self.confirmation = confirmation
            self.kind = kind
            _selection = State(
                initialValue: ConfirmableSelection(
                    value: configuration.isOn, behavior: SelectionBehavior(confirming: confirmation != nil)))
        }

        /// The machine with the environment's enabled state.
        private var machine: ConfirmableSelection {
            var machine = selection
            machine.isEnabled = isEnabled
            return machine
        }

        var body: some View {
            let toggleTheme = ToggleTheme(resolver: theme)
            control(toggleTheme: toggleTheme)
                .contentShape(Rectangle())
                .onTapGesture { send(.tap(hasRequestHandler: confirmation != nil)) }
                .accessibilityAction { send(.tap(hasRequestHandler: confirmation != nil)) }
                .onChange(of: configuration.isOn) { value in send(.setValue(value)) }
                .animation(.keel(toggleTheme.motion), value: selection)
        }

        @ViewBuilder
        private func control(toggleTheme: ToggleTheme) -> some View {
            switch kind {
            case .toggle: toggle(theme: toggleTheme)
            case .checkbox: checkbox(spec: IconButtonSpec(kind: .checkbox, resolver: theme))
            }
        }

        private func toggle(theme: ToggleTheme) -> some View {
            KeelToggleControl(label: configuration.label, machine: machine, theme: theme)
                .keelAccessibilityValue(ToggleLayout.accessibility(selection: machine, strings: strings))
                .accessibilityShowsLargeContentViewer { configuration.label }
        }

        private func checkbox(spec: IconButtonSpec) -> some View {
            KeelCheckboxControl(label: configuration.label, machine: machine, spec: spec)
                .keelAccessibilityValue(spec.accessibility(selection: machine, strings: strings))
                .accessibilityShowsLargeContentViewer {
                    Label {
                        configuration.label
                    } icon: {
                        Image(systemName: spec.systemSymbolName(isSelected: machine.displayedValue))
                    }
                }
        }

        /// Sends `event` and performs its effects in order.
        private func send(_ event: SelectionEvent) {
            selection.isEnabled = isEnabled
            for effect in selection.send(event).effects {
                KeelSwiftUIHaptics.play(HapticEvent.selection(effect))
                switch effect {
                case .valueChanged(let value): configuration.$isOn.wrappedValue = value
                case .changeRequested(let value): ask(value)
                case .activated, .settled, .setSilently: continue
                }
            }
        }

        /// Asks the confirmation for `value` and sends its answer.
        private func ask(_ value: Bool) {
            guard let confirmation else { return }
            Task { @MainActor in
                send(.answer(await confirmation(value)))
            }
        }
    }

    /// The label and the switch's track and thumb where `ToggleLayout` puts them, on the row
    /// `SelectionRowLayout` lays out (the title leading, the switch trailing, the theme's
    /// `title.spacing` at least between them).
    struct KeelToggleControl<Label: View>: View {
        let label: Label
        let machine: ConfirmableSelection
        let theme: ToggleTheme

        var body: some View {
            let layout = ToggleLayout(theme: theme, selection: machine, bounds: nil, direction: .leftToRight)
            KeelSelectionRowLayout(control: .toggle(theme)) {
                FrameLayout(size: layout.intrinsicSize, frames: [layout.trackFrame, layout.thumbFrame]) {
                    RoundedRectangle(cornerRadius: CGFloat(layout.trackCornerRadius))
                        .fill(Color(keel: layout.trackColor))
                    RoundedRectangle(cornerRadius: CGFloat(layout.thumbCornerRadius))
                        .fill(Color(keel: layout.thumbColor))
                }
                .opacity(layout.opacity)
                .layoutValue(key: SelectionRowPartKey.self, value: .control)
                label.layoutValue(key: SelectionRowPartKey.self, value: .title)
            }
        }
    }

    /// The checkbox icon where `IconButtonSpec` puts it, then the label, on the row
    /// `SelectionRowLayout` lays out — the checkbox row of UIKit's alert: the icon centred on
    /// the title's first line, the title the theme's `title.spacing` after the icon.
    struct KeelCheckboxControl<Label: View>: View {
        let label: Label
        let machine: ConfirmableSelection
        let spec: IconButtonSpec

        var body: some View {
            KeelSelectionRowLayout(control: .checkbox(spec)) {
                KeelIconView(spec: spec, isSelected: machine.displayedValue)
                    .opacity(spec.opacity(isInteractive: machine.isInteractive))
                    .layoutValue(key: SelectionRowPartKey.self, value: .control)
                label.layoutValue(key: SelectionRowPartKey.self, value: .title)
            }
        }
    }

    /// Which part of a selection row a subview is.
    struct SelectionRowPartKey: LayoutValueKey {
        static let defaultValue = SelectionRowPart.title
    }

    /// Places a selection control (the first subview) and its title (the second, if any)
    /// where `SelectionRowLayout` puts them, measuring the title through its view.
    struct KeelSelectionRowLayout: Layout {
        let control: SelectionRowControl

        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            CGSize(keel: resolve(width: proposal.width, subviews: subviews).row.size)
        }

        func placeSubviews(
            in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
        ) {
            let layout = resolve(width: bounds.width, subviews: subviews)
            for subview in subviews {
                subview.place(keel: layout.frame(of: subview[SelectionRowPartKey.self]), in: bounds)
            }
        }

        private func resolve(width: CGFloat?, subviews: Subviews) -> SelectionRowLayout {
            let title = SubviewTitleMeasure(title: subviews.dropFirst().first)
            return SelectionRowLayout(
                control: control, proposedWidth: width.map { Double($0) }, titleBaselines: title.baselines,
                measureTitle: title.size)
        }
    }

    /// Measures a selection row's title through its view (no title measures as zero).
    // Invariant: made, used and dropped inside one `Layout` call on the main thread.
    struct SubviewTitleMeasure {
        let title: LayoutSubview?

        func size(_ width: Double?) -> Size {
            guard let title else { return .zero }
            return title.sizeThatFits(ProposedViewSize(width: width.map { CGFloat($0) }, height: nil))
                .keelSize
        }

        /// The title's first and last text baselines at its ideal size (no title: none).
        var baselines: TitleBaselines? {
            title.map { title in
                let dimensions = title.dimensions(in: .unspecified)
                return TitleBaselines(
                    first: Double(dimensions[VerticalAlignment.firstTextBaseline]),
                    last: Double(dimensions[VerticalAlignment.lastTextBaseline]))
            }
        }
    }

    /// An icon button's symbol at its spec's size, centred in its touch target.
    struct KeelIconView: View {
        let spec: IconButtonSpec
        let isSelected: Bool

        var body: some View {
            FrameLayout(size: spec.intrinsicSize, frames: [spec.iconFrame(in: spec.intrinsicSize)]) {
                Image(systemName: spec.systemSymbolName(isSelected: isSelected))
                    .resizable()
                    .scaledToFit()
                    .foregroundColor(Color(keel: spec.iconTint(isSelected: isSelected)))
            }
        }
    }

    /// The more and close buttons as a SwiftUI button style: the icon, size, tint, touch
    /// target and spoken label of `IconButtonSpec` (as `KeelMoreButton` and `KeelCloseButton`
    /// in UIKit). The button's own label is not drawn; VoiceOver reads `accessibilityLabel`,
    /// else "More actions" or "Close".
    ///
    /// ```swift
    /// Button { dismiss() } label: { EmptyView() }
    ///     .buttonStyle(KeelIconButtonStyle(.close(large: false)))
    /// ```
    public struct KeelIconButtonStyle: ButtonStyle {
        /// Which icon button (`.more` or `.close`; a checkbox is ``KeelCheckboxStyle``).
        package var kind: IconButtonKind
        /// What VoiceOver reads instead of the default label.
        package var accessibilityLabel: String?

        /// An icon button style.
        public init(_ kind: IconButtonKind, accessibilityLabel: String? = nil) {
            self.kind = kind
            self.accessibilityLabel = accessibilityLabel
        }

        /// The icon in its touch target.
        public func makeBody(configuration: Configuration) -> some View {
            KeelIconButtonBody(kind: kind, label: accessibilityLabel)
        }
    }

    struct KeelIconButtonBody: View {
        let kind: IconButtonKind
        let label: String?
        @KeelThemed private var theme
        @Environment(\.isEnabled) private var isEnabled
        @Environment(\.keelAccessibilityStrings) private var strings

        var body: some View {
            let spec = IconButtonSpec(kind: kind, resolver: theme)
            KeelIconView(spec: spec, isSelected: false)
                .opacity(spec.opacity(isInteractive: isEnabled))
                .contentShape(Rectangle())
                .keelAccessibility(spec.accessibility(label: label, isEnabled: isEnabled, strings: strings))
                .accessibilityShowsLargeContentViewer()
        }
    }

    extension View {
        /// Offers the large content viewer (a long press at accessibility text sizes shows
        /// `title` and the `symbol` enlarged) when `symbol` is given — UIKit's
        /// `showsLargeContentViewer` with its `largeContentTitle` and `largeContentImage`, which
        /// `ButtonContent.largeContent` gives an icon-only button only.
        @ViewBuilder
        func keelLargeContentViewer<Title: View>(symbol: String?, @ViewBuilder title: () -> Title)
            -> some View
        {
            let titleView = title()
            if let symbol {
                accessibilityShowsLargeContentViewer {
                    Label {
                        titleView
                    } icon: {
                        Image(systemName: symbol)
                    }
                }
            } else {
                self
            }
        }
    }
#endif
