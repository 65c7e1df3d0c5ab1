import KeelDesign

/// The frames of a badge: its own size and text, and where it sits on a host.
package struct BadgeLayout: Hashable, Sendable {
    /// The badge's size (zero when hidden): a circle for a dot or one digit, a capsule that
    /// grows with the number.
    package var size: Size
    /// The number's frame in the badge's coordinates (`nil` for a dot or a hidden badge).
    package var textFrame: Rect?
    /// The ring's frame in the badge's coordinates: the badge grown by the ring's width
    /// (`nil` without a ring or when hidden).
    package var ringFrame: Rect?

    /// Lays out a badge, measuring its number with `measurer`.
    package init(appearance: BadgeAppearance, measurer: some TextMeasuring) {
        guard appearance.isShown else {
            size = .zero
            textFrame = nil
            ringFrame = nil
            return
        }
        let height = appearance.height
        if let text = appearance.text {
            let textWidth = measurer.singleLineWidth(of: text, font: appearance.font)
            let lineHeight = measurer.lineHeight(of: appearance.font)
            let width = max(height, textWidth + 2 * appearance.horizontalPadding)
            size = Size(width: width, height: height)
            textFrame = Rect(
                x: (width - textWidth) / 2, y: (height - lineHeight) / 2, width: textWidth, height: lineHeight
            )
        } else {
            size = Size(width: height, height: height)
            textFrame = nil
        }
        let ring = appearance.ring?.width ?? 0
        ringFrame =
            ring > 0
            ? Rect(x: -ring, y: -ring, width: size.width + 2 * ring, height: size.height + 2 * ring) : nil
    }

    /// The badge's frame on a host of `hostBounds`: its centre `anchorInset` inside the host's
    /// top-trailing corner (top-right left to right, top-left right to left).
    package func frame(onHost hostBounds: Size, appearance: BadgeAppearance) -> Rect {
        let inset = appearance.anchorInset
        let centreX =
            appearance.layoutDirection == .rightToLeft ? inset : hostBounds.width - inset
        return Rect(
            x: centreX - size.width / 2, y: inset - size.height / 2, width: size.width, height: size.height)
    }

    /// The number's frame, or `.zero` when no number shows.
    package var displayedTextFrame: Rect { textFrame ?? .zero }
    /// The ring's outer corner radius: half its frame's height (0 without a ring).
    package var ringCornerRadius: Double { (ringFrame?.height ?? 0) / 2 }
    /// The ring's frame, or `.zero` without one.
    package var displayedRingFrame: Rect { ringFrame ?? .zero }
}
