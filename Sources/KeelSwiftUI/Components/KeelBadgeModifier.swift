#if canImport(SwiftUI)
    import KeelComponents
    import KeelDesign
    import KeelUIKitBinding
    import SwiftUI

    extension View {
        /// Puts the design system's badge on this view's top-trailing corner: a dot, or a
        /// count that shows `99+` past the theme's maximum (a count of zero or less hides it).
        /// Colours, size and place come from `BadgeAppearance` and `BadgeLayout`, as for
        /// KeelUIKit's `KeelBadge`; VoiceOver hears the badge ("3 new") as the view's value.
        ///
        /// ```swift
        /// Image(systemName: "tray").keelBadge(.count(unread))
        /// ```
        public func keelBadge(_ content: BadgeContent, tone: BadgeTone = .critical) -> some View {
            modifier(KeelBadgeModifier(content: content, tone: tone))
        }
    }

    struct KeelBadgeModifier: ViewModifier {
        let content: BadgeContent
        let tone: BadgeTone
        @KeelThemed private var theme
        @Environment(\.keelAccessibilityStrings) private var strings

        func body(content host: Content) -> some View {
            let appearance = BadgeAppearance(theme: BadgeTheme(resolver: theme), content: content, tone: tone)
            BadgeHostLayout(appearance: appearance.leftToRight) {
                host
                KeelBadgeView(appearance: appearance)
            }
            .accessibilityElement(children: .combine)
            .accessibilityValue(Text(appearance.spokenText(strings: strings) ?? ""))
        }
    }

    /// A badge drawn from its appearance: the fill, the ring and the number where
    /// `BadgeLayout` puts them.
    struct KeelBadgeView: View {
        let appearance: BadgeAppearance

        var body: some View {
            let layout = BadgeLayout(appearance: appearance, measurer: UIKitTextMeasurer())
            Capsule()
                .fill(Color(keel: appearance.background))
                .overlay(
                    Capsule()
                        .strokeBorder(
                            Color(keel: appearance.ringColor), lineWidth: CGFloat(appearance.ringWidth)
                        )
                        .frame(
                            width: CGFloat(layout.displayedRingFrame.width),
                            height: CGFloat(layout.displayedRingFrame.height))
                )
                .overlay(
                    Text(appearance.text ?? "")
                        .keelText(appearance.font)
                        .foregroundColor(Color(keel: appearance.textColor))
                        .lineLimit(1)
                        .fixedSize()
                )
                .frame(width: CGFloat(layout.size.width), height: CGFloat(layout.size.height))
                .opacity(appearance.opacity)
                .accessibilityHidden(true)
        }
    }

    /// Lays out a host and its badge: the host fills the proposal, the badge goes where
    /// `BadgeLayout.frame(onHost:appearance:)` puts it (left to right; SwiftUI mirrors).
    struct BadgeHostLayout: Layout {
        let appearance: BadgeAppearance

        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            guard let host = subviews.first else { return .zero }
            return host.sizeThatFits(proposal)
        }

        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ())
        {
            guard let host = subviews.first, let badge = subviews.last else { return }
            host.place(at: bounds.origin, proposal: ProposedViewSize(bounds.size))
            let layout = BadgeLayout(appearance: appearance, measurer: UIKitTextMeasurer())
            badge.place(keel: layout.frame(onHost: bounds.size.keelSize, appearance: appearance), in: bounds)
        }
    }
#endif
