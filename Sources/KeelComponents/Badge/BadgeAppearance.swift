import KeelDesign

/// Everything a badge front end draws, resolved from the theme, the content and the tone.
package struct BadgeAppearance: Hashable, Sendable {
    /// The content asked for.
    package var content: BadgeContent
    /// The tone.
    package var tone: BadgeTone
    /// The text shown: the count, `<maximum>+` past the maximum, `nil` for a dot or a hidden
    /// badge.
    package var text: String?
    /// Whether the badge shows at all (a count of zero or less hides it).
    package var isShown: Bool
    /// The fill.
    package var background: ColorValue
    /// The number's colour.
    package var textColor: ColorValue
    /// The number's font (Dynamic Type applied, capped).
    package var font: FontDescriptor
    /// The ring around the badge, in the surface's colour (`nil` when its width is 0).
    package var ring: Border?
    /// The height of a numeric badge, or the diameter of a dot (grown with Dynamic Type).
    package var height: Double
    /// The space either side of the number (grown with Dynamic Type).
    package var horizontalPadding: Double
    /// How far the badge's centre sits inside the host's top-trailing corner.
    package var anchorInset: Double
    /// The layout direction it was resolved for.
    package var layoutDirection: TextDirection

    /// Resolves a badge.
    package init(theme: BadgeTheme, content: BadgeContent, tone: BadgeTone = .critical) {
        let colors = theme.colors(tone)
        let scale = theme.font.scale
        self.content = content
        self.tone = tone
        text = Self.text(for: content, maximum: theme.maximumCount)
        switch content {
        case .dot:
            isShown = true
            height = theme.dotDiameter * scale
        case .count(let count):
            isShown = count > 0
            // Never shorter than a line of the number, whatever the theme's height.
            let line = theme.font.descriptor.lineHeight ?? theme.font.descriptor.size * 1.2
            height = max(theme.height * scale, line)
        }
        background = colors.background
        textColor = colors.text
        font = theme.font.descriptor
        ring = theme.ring.width > 0 ? theme.ring : nil
        horizontalPadding = theme.horizontalPadding * scale
        anchorInset = theme.anchorInset
        layoutDirection = theme.resolver.traits.layoutDirection
    }

    /// The text a count shows: the number up to `maximum`, `<maximum>+` above it; `nil` for a
    /// dot and for a count of zero or less.
    package static func text(for content: BadgeContent, maximum: Int) -> String? {
        guard case .count(let count) = content, count > 0 else { return nil }
        return count > maximum ? "\(maximum)+" : "\(count)"
    }

    /// Whether the count is past the maximum (shown as `<maximum>+`).
    package var overflows: Bool { text?.hasSuffix("+") ?? false }

    /// The ring's width; 0 without a ring.
    package var ringWidth: Double { ring?.width ?? 0 }
    /// The ring's colour; clear without a ring.
    package var ringColor: ColorValue { ring?.color ?? .clear }

    /// The corner radius: half the height (a circle or a capsule).
    package var cornerRadius: Double { height / 2 }

    /// The same appearance placed left to right, for a front end (SwiftUI) that mirrors a
    /// container's placements itself in right-to-left layouts.
    package var leftToRight: BadgeAppearance {
        var copy = self
        copy.layoutDirection = .leftToRight
        return copy
    }

    /// The badge's opacity: 1 when shown, 0 when a count of zero hides it.
    package var opacity: Double { isShown ? 1 : 0 }

    /// What assistive technology is told: "New" for a dot, "3 new", "More than 99 new" past
    /// the maximum; nothing for a hidden badge. A host (a tab, an icon button) reads this as
    /// part of its own value; a standalone badge is static text.
    package func accessibility(strings: AccessibilityStrings) -> AccessibilityDescription? {
        guard isShown else { return nil }
        let label: String
        switch content {
        case .dot: label = strings.string(.badgeNew)
        case .count(let count):
            label =
                overflows
                ? strings.string(.badgeOverflow, String(text?.dropLast() ?? ""))
                : strings.string(.badgeCount, count)
        }
        return AccessibilityDescription(role: .staticText, label: label, value: nil)
    }

    /// The badge's spoken text for its host's value (`nil` when hidden).
    package func spokenText(strings: AccessibilityStrings) -> String? {
        accessibility(strings: strings)?.label
    }
}
