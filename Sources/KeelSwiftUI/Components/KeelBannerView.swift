#if canImport(SwiftUI)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import KeelUIKitBinding
    import SwiftUI

    /// The design system's inline banner in SwiftUI: the same `BannerAppearance`,
    /// `BannerLayout` (every part placed at its resolved frame, mirrored by SwiftUI right to
    /// left) and `BannerPresentation` as KeelUIKit's `KeelBanner`.
    ///
    /// ```swift
    /// if showsOffline {
    ///     KeelBannerView(
    ///         BannerConfiguration(status: .warning, message: "You're offline", actions: [BannerAction("Retry")]),
    ///         onAction: { _ in sync.retry() }, onDismiss: { _ in showsOffline = false })
    /// }
    /// ```
    public struct KeelBannerView: View {
        /// What the banner shows.
        let configuration: BannerConfiguration
        /// Whether using an action also dismisses the banner.
        let actionsDismiss: Bool
        /// Called with the action's identifier when an action is used.
        let onAction: (String) -> Void
        /// Called when the banner is dismissed (remove it from the hierarchy).
        let onDismiss: (BannerDismissalReason) -> Void
        @KeelThemed private var theme
        @Environment(\.keelAccessibilityStrings) private var strings
        @State private var presentation: BannerPresentation

        /// A banner.
        public init(
            _ configuration: BannerConfiguration, actionsDismiss: Bool = true,
            onAction: @escaping (String) -> Void = { _ in },
            onDismiss: @escaping (BannerDismissalReason) -> Void = { _ in }
        ) {
            self.configuration = configuration
            self.actionsDismiss = actionsDismiss
            self.onAction = onAction
            self.onDismiss = onDismiss
            _presentation = State(initialValue: BannerPresentation(configuration: configuration))
        }

        /// The banner.
        public var body: some View {
            let appearance = BannerAppearance(
                theme: BannerTheme(resolver: theme), status: configuration.status)
            let foreground = Color(keel: appearance.foreground)
            let spoken = appearance.accessibility(configuration: configuration, strings: strings)
            BannerPartsLayout(configuration: configuration, appearance: appearance.leftToRight) {
                Image(systemName: appearance.iconSymbolName)
                    .resizable()
                    .scaledToFit()
                    .foregroundColor(foreground)
                    .accessibilityHidden(true)
                    .layoutValue(key: BannerPartKey.self, value: .icon)
                Text(configuration.shownTitle ?? "")
                    .keelText(appearance.titleFont)
                    .foregroundColor(foreground)
                    .accessibilityHidden(true)
                    .layoutValue(key: BannerPartKey.self, value: .title)
                Text(configuration.message)
                    .keelText(appearance.messageFont)
                    .foregroundColor(foreground)
                    .accessibilityLabel(Text(spoken.label ?? ""))
                    .accessibilityValue(Text(spoken.value ?? ""))
                    .accessibilityAddTraits(AccessibilityTraits(keel: spoken))
                    .layoutValue(key: BannerPartKey.self, value: .message)
                ForEach(Array(configuration.actions.enumerated()), id: \.offset) { index, action in
                    Button {
                        send(.action(id: action.id, dismisses: actionsDismiss))
                    } label: {
                        // The whole resolved touch area, its title centred in it (UIKit's button
                        // fills the same frame).
                        Text(action.title)
                            .font(.keel(appearance.actionFont))
                            .foregroundColor(foreground)
                            .frame(maxWidth: .infinity, maxHeight: .infinity)
                            .contentShape(Rectangle())
                    }
                    .buttonStyle(.plain)
                    .layoutValue(key: BannerPartKey.self, value: .action(index))
                }
                Button {
                    send(.close)
                } label: {
                    Image(systemName: "xmark")
                        .resizable()
                        .scaledToFit()
                        .frame(
                            width: CGFloat(appearance.closeIconSize),
                            height: CGFloat(appearance.closeIconSize)
                        )
                        .foregroundColor(foreground)
                        .frame(maxWidth: .infinity, maxHeight: .infinity)
                        .contentShape(Rectangle())
                }
                .buttonStyle(.plain)
                .opacity(BannerPartsLayout.closeOpacity(configuration))
                .accessibilityLabel(Text(appearance.closeAccessibility(strings: strings).label ?? ""))
                .layoutValue(key: BannerPartKey.self, value: .close)
            }
            .background(
                RoundedRectangle(cornerRadius: CGFloat(appearance.cornerRadius))
                    .fill(Color(keel: appearance.background))
            )
            .accessibilityElement(children: .contain)
        }

        private func send(_ event: BannerEvent) {
            let transition = presentation.send(event)
            for effect in transition.effects {
                switch effect {
                case .performAction(let id): onAction(id)
                case .dismissed(let reason): onDismiss(reason)
                }
            }
        }
    }

    /// Which part of the banner a subview is.
    enum BannerPart: Hashable {
        case icon
        case title
        case message
        case action(Int)
        case close
    }

    struct BannerPartKey: LayoutValueKey {
        static let defaultValue = BannerPart.message
    }

    /// Places the banner's parts at `BannerLayout`'s frames for the proposed width.
    struct BannerPartsLayout: Layout {
        let configuration: BannerConfiguration
        let appearance: BannerAppearance

        /// The close button's opacity: 1 when dismissible, else 0 (its frame is then zero).
        static func closeOpacity(_ configuration: BannerConfiguration) -> Double {
            BannerLayout.closeOpacity(isDismissible: configuration.isDismissible)
        }

        private func layout(width: CGFloat?) -> BannerLayout {
            BannerLayout(
                configuration: configuration, appearance: appearance,
                width: BannerLayout.width(
                    proposed: width.map(Double.init), fallback: BannerLayout.fallbackWidth),
                measurer: UIKitTextMeasurer())
        }

        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            CGSize(keel: layout(width: proposal.width).size)
        }

        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ())
        {
            let result = layout(width: bounds.width)
            for subview in subviews {
                switch subview[BannerPartKey.self] {
                case .icon: subview.place(keel: result.iconFrame, in: bounds)
                case .title: subview.place(keel: result.displayedTitleFrame, in: bounds)
                case .message: subview.place(keel: result.messageFrame, in: bounds)
                case .action(let index): subview.place(keel: result.actionFrame(at: index), in: bounds)
                case .close: subview.place(keel: result.displayedCloseTouchFrame, in: bounds)
                }
            }
        }
    }
#endif
