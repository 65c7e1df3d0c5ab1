#if canImport(SwiftUI)
    import KeelComponents
    import KeelDesign
    import SwiftUI

    /// The design system's button as a SwiftUI button style: every style, size, state and
    /// icon placement of `ButtonAppearance` and `ButtonLayout` (the same headless types
    /// `KeelButton` binds in UIKit), with the button's label as the title.
    ///
    /// ```swift
    /// Button("Save") { save() }
    ///     .buttonStyle(KeelButtonStyle(.brand, size: .large, icon: .checkmarkCircle, isLoading: saving))
    /// ```
    ///
    /// While loading, an activity indicator replaces the icon, taps are absorbed (they reach
    /// neither the action nor the views below) and VoiceOver reads "Loading" as the value.
    public struct KeelButtonStyle: PrimitiveButtonStyle {
        /// The style.
        package var style: ButtonVariant
        /// The size.
        package var size: ButtonSize
        /// The semantic icon (the theme maps it to a symbol), if any.
        package var icon: KeelIconToken?
        /// Where the icon sits (`.only` hides the label and shows the icon alone).
        package var iconPlacement: ButtonIconPlacement
        /// Whether the button runs its action: the indicator shows and taps are absorbed.
        package var isLoading: Bool
        /// Whether the button is drawn selected.
        package var isSelected: Bool
        /// How the content is placed horizontally.
        package var horizontalContentPlacement: ButtonContentHorizontalAlignment
        /// How the content is placed vertically.
        package var verticalContentPlacement: ButtonContentVerticalAlignment
        /// When the title may wrap (at accessibility text sizes by default).
        package var titleLines: ButtonTitleLines
        /// Replaces the size's top and bottom padding for stacked (top/bottom icon) content.
        package var stackedPaddingOverride: Double?
        /// What VoiceOver says as the value while loading (`nil`: the localised "Loading").
        package var loadingAccessibilityValue: String?
        /// Whether the button takes the whole width it is offered (its content placed in it as
        /// the content alignment says), as a UIKit `KeelButton` constrained to a width does.
        package var fillsWidth: Bool
        /// Replaces the style's border colour (an alert's cancel action: the resolver's
        /// `AlertActionFrame.borderOverride`).
        package var borderColorOverride: ColorValue? = nil

        /// A button style; with `fillsWidth`, the button takes the whole width it is offered.
        public init(
            _ style: ButtonVariant = .primary, size: ButtonSize = .large, icon: KeelIconToken? = nil,
            iconPlacement: ButtonIconPlacement = .leading, isLoading: Bool = false, isSelected: Bool = false,
            horizontalContentPlacement: ButtonContentHorizontalAlignment = .center,
            verticalContentPlacement: ButtonContentVerticalAlignment = .center,
            titleLines: ButtonTitleLines = .automatic, stackedPaddingOverride: Double? = nil,
            loadingAccessibilityValue: String? = nil, fillsWidth: Bool = false
        ) {
            self.style = style
            self.size = size
            self.icon = icon
            self.iconPlacement = iconPlacement
            self.isLoading = isLoading
            self.isSelected = isSelected
            self.horizontalContentPlacement = horizontalContentPlacement
            self.verticalContentPlacement = verticalContentPlacement
            self.titleLines = titleLines
            self.stackedPaddingOverride = stackedPaddingOverride
            self.loadingAccessibilityValue = loadingAccessibilityValue
            self.fillsWidth = fillsWidth
        }

        /// The button's body: a plain button that runs the action only when the appearance
        /// says the button is interactive, drawn by ``KeelButtonChrome``.
        public func makeBody(configuration: Configuration) -> some View {
            KeelButtonBody(configuration: configuration, options: self)
        }

        /// What the headless layout sees: the label stands for the title (its text is measured
        /// through the label view, so the string here is never shown).
        func content(icon: IconStyle?) -> ButtonContent {
            ButtonContent(
                title: "label", icon: icon.map { ButtonIcon(isDirectional: $0.mirrorsInRightToLeft) },
                iconPlacement: iconPlacement, horizontalAlignment: horizontalContentPlacement,
                verticalAlignment: verticalContentPlacement, titleLines: titleLines,
                stackedPaddingOverride: stackedPaddingOverride)
        }

        /// The state of a button with these flags.
        func state(isEnabled: Bool, isPressed: Bool, isFocused: Bool) -> ButtonState {
            ButtonState(
                isEnabled: isEnabled, isHighlighted: isPressed, isSelected: isSelected, isLoading: isLoading,
                isFocused: isFocused)
        }
    }

    extension PrimitiveButtonStyle where Self == KeelButtonStyle {
        /// The design system's button in `style` and `size` (`.keel()`: primary, large).
        public static func keel(_ style: ButtonVariant = .primary, size: ButtonSize = .large)
            -> KeelButtonStyle
        {
            KeelButtonStyle(style, size: size)
        }
    }

    /// Gates the action on the appearance: a loading or disabled button absorbs the tap.
    struct KeelButtonBody: View {
        let configuration: PrimitiveButtonStyleConfiguration
        let options: KeelButtonStyle
        @KeelThemed private var theme
        @Environment(\.isEnabled) private var isEnabled

        var body: some View {
            let appearance = ButtonAppearance(
                theme: ButtonTheme(resolver: theme), style: options.style, size: options.size,
                state: options.state(isEnabled: isEnabled, isPressed: false, isFocused: false),
                borderColorOverride: options.borderColorOverride)
            Button {
                appearance.performIfInteractive(configuration.trigger)
            } label: {
                configuration.label
            }
            .buttonStyle(KeelButtonChrome(options: options, theme: theme, isEnabled: isEnabled))
        }
    }

    /// Draws the appearance for the pressed state SwiftUI reports.
    struct KeelButtonChrome: ButtonStyle {
        let options: KeelButtonStyle
        let theme: KeelThemeResolver
        let isEnabled: Bool

        func makeBody(configuration: Configuration) -> some View {
            KeelButtonChromeBody(
                label: configuration.label, isPressed: configuration.isPressed, options: options,
                theme: theme,
                isEnabled: isEnabled)
        }
    }

    struct KeelButtonChromeBody<Label: View>: View {
        let label: Label
        let isPressed: Bool
        let options: KeelButtonStyle
        let theme: KeelThemeResolver
        let isEnabled: Bool
        @Environment(\.keelAccessibilityStrings) private var strings
        @Environment(\.keelButtonFillsFrame) private var fillsFrame
        /// Whether the button has keyboard (focus engine) focus, as UIKit's `isFocused`.
        @Environment(\.isFocused) private var isFocused

        var body: some View {
            let appearance = ButtonAppearance(
                theme: ButtonTheme(resolver: theme), style: options.style, size: options.size,
                state: options.state(isEnabled: isEnabled, isPressed: isPressed, isFocused: isFocused),
                borderColorOverride: options.borderColorOverride)
            let iconStyle = options.icon.flatMap(theme.iconStyle)
            let content = options.content(icon: iconStyle)
            ButtonContentLayout(
                content: content, appearance: appearance.leftToRight, fillsFrame: fillsFrame,
                fillsWidth: options.fillsWidth
            ) {
                label
                    .keelText(appearance.titleFont)
                    .foregroundColor(Color(keel: appearance.titleColor))
                    .multilineTextAlignment(.center)
                    .opacity(appearance.titleOpacity(for: content))
                    .layoutValue(key: ButtonPartKey.self, value: .title)
                iconStyle.map { style in
                    Image(systemName: style.symbolName)
                        .resizable()
                        .scaledToFit()
                        .foregroundColor(Color(keel: appearance.iconTint))
                        .flipsForRightToLeftLayoutDirection(style.mirrorsInRightToLeft)
                        .opacity(appearance.iconOpacity(for: content))
                        .layoutValue(key: ButtonPartKey.self, value: .icon)
                }
                ProgressView()
                    .tint(Color(keel: appearance.iconTint))
                    .opacity(appearance.activityIndicatorOpacity)
                    .layoutValue(key: ButtonPartKey.self, value: .activityIndicator)
            }
            .background(KeelButtonBackground(appearance: appearance))
            .overlay(
                KeelButtonFocusRingShape(appearance: appearance)
                    .stroke(
                        Color(keel: appearance.focusRingColor), lineWidth: CGFloat(appearance.focusRingWidth))
            )
            .contentShape(KeelHitTargetShape(hitTarget: appearance.hitTarget))
            .keelLargeContentViewer(symbol: content.largeContent(iconStyle.map(\.symbolName))) { label }
            .keelAccessibilityValue(
                appearance.accessibility(
                    title: nil, strings: strings, loadingValue: options.loadingAccessibilityValue))
        }
    }

    /// The fill, gradient and border of an appearance.
    struct KeelButtonBackground: View {
        let appearance: ButtonAppearance

        var body: some View {
            let shape = RoundedRectangle(cornerRadius: CGFloat(appearance.cornerRadius))
            shape.fill(Color(keel: appearance.fillColor))
                .overlay(
                    shape.fill(
                        LinearGradient(
                            stops: appearance.gradientStops.map {
                                Gradient.Stop(color: Color(keel: $0.color), location: CGFloat($0.location))
                            }, startPoint: UnitPoint(keel: appearance.gradientStart),
                            endPoint: UnitPoint(keel: appearance.gradientEnd))
                    )
                )
                .overlay(
                    shape.strokeBorder(
                        Color(keel: appearance.borderColor), lineWidth: CGFloat(appearance.borderWidth))
                )
        }
    }

    /// The focus ring of a focused button (an empty path otherwise): the stroke centre line of
    /// the ring `ButtonAppearance.focusRing(bounds:)` gives — a gap of one ring width outside
    /// the button, then the ring in the theme's `focusRing` colour and `focusRingWidth` — the
    /// ring UIKit's `KeelButton` draws in its focus layer.
    struct KeelButtonFocusRingShape: Shape {
        let appearance: ButtonAppearance

        func path(in rect: CGRect) -> Path {
            Path(
                roundedRect: CGRect(keel: appearance.focusRingStrokeFrame(around: rect.keelRect)),
                cornerRadius: CGFloat(appearance.focusRingStrokeCornerRadius(bounds: rect.size.keelSize)))
        }
    }

    /// Which part of the button a subview is.
    enum ButtonPart {
        case title
        case icon
        case activityIndicator
    }

    struct ButtonPartKey: LayoutValueKey {
        static let defaultValue = ButtonPart.title
    }

    private struct KeelButtonFillsFrameKey: EnvironmentKey {
        static let defaultValue = false
    }

    extension EnvironmentValues {
        /// Whether a Keel button takes the whole frame it is offered: set where a resolver
        /// decided the button's frame (an alert's actions), so the button fills it as the UIKit
        /// front end's does.
        package var keelButtonFillsFrame: Bool {
            get { self[KeelButtonFillsFrameKey.self] }
            set { self[KeelButtonFillsFrameKey.self] = newValue }
        }
    }

    /// Lays out the button's parts where `ButtonLayout` puts them, measuring the title through
    /// the label view's `sizeThatFits`; its size is `ButtonLayout.size(…)`'s for the proposal.
    struct ButtonContentLayout: Layout {
        let content: ButtonContent
        let appearance: ButtonAppearance
        let fillsFrame: Bool
        let fillsWidth: Bool

        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            guard let title = subviews.first else { return .zero }
            return CGSize(
                keel: ButtonLayout.size(
                    content: content, appearance: appearance, measurer: SubviewTextMeasurer(title: title),
                    proposedWidth: proposal.width.map(Double.init),
                    proposedHeight: proposal.height.map(Double.init),
                    fillsFrame: fillsFrame, fillsWidth: fillsWidth))
        }

        func placeSubviews(
            in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
        ) {
            guard let title = subviews.first else { return }
            let layout = ButtonLayout(
                content: content, appearance: appearance, bounds: bounds.size.keelSize,
                measurer: SubviewTextMeasurer(title: title))
            for subview in subviews {
                switch subview[ButtonPartKey.self] {
                case .title: subview.place(keel: layout.displayedTitleFrame, in: bounds)
                case .icon: subview.place(keel: layout.displayedIconFrame, in: bounds)
                case .activityIndicator: subview.place(keel: layout.displayedIconFrame, in: bounds)
                }
            }
        }
    }

    extension LayoutSubview {
        /// Places the subview at a headless frame relative to `bounds`' origin.
        func place(keel frame: Rect, in bounds: CGRect) {
            let placed = frame.offsetBy(dx: Double(bounds.minX), dy: Double(bounds.minY))
            place(at: CGPoint(keel: placed.origin), proposal: ProposedViewSize(keel: placed.size))
        }
    }

    /// Measures the title through the label view: SwiftUI's text metrics, for the headless
    /// layout decisions.
    // Invariant: made, used and dropped inside one `Layout` call on the main thread; never
    // stored or sent to another task (the protocol asks for `Sendable`, the subview is not).
    struct SubviewTextMeasurer: TextMeasuring, @unchecked Sendable {
        let title: LayoutSubview

        func singleLineWidth(of text: String, font: FontDescriptor) -> Double {
            TextMeasurement.width(measured: Double(title.sizeThatFits(.unspecified).width))
        }

        func height(of text: String, font: FontDescriptor, width: Double, maximumLines: Int?) -> Double {
            let proposal = ProposedViewSize(width: CGFloat(TextMeasurement.wrappingWidth(width)), height: nil)
            return TextMeasurement.height(
                measured: Double(title.sizeThatFits(proposal).height), maximumLines: maximumLines,
                lineHeight: lineHeight(of: font))
        }
    }

    /// Where a control takes taps: its frame grown to the theme's minimum hit target
    /// (`HitTarget.expandedRect`, 44 × 44 by default) — the rectangle UIKit's `point(inside:)`
    /// accepts. A content shape may reach past the frame, so a small control is as easy to tap
    /// in SwiftUI as in UIKit (the SwiftUI button took taps on its visible shape only).
    struct KeelHitTargetShape: Shape {
        let hitTarget: HitTarget

        func path(in rect: CGRect) -> Path {
            Path(CGRect(keel: hitTarget.expandedRect(for: rect.keelRect)))
        }
    }
#endif
