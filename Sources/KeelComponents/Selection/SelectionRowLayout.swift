import KeelDesign

/// A selection control and its title on one row, laid out left to right (mirror the frames
/// with `Rect.placed(in:containerWidth:)`, or let a mirroring front end do it): the geometry
/// UIKit's alert gives its checkbox row (``AlertLayout``), which SwiftUI's `KeelCheckboxStyle`
/// and `KeelToggleStyle` rows use too, so neither front end spaces a title with a default of
/// its own.
///
/// A title of zero width counts as none: the row is then the control alone, at its size.
package struct SelectionRowLayout: Hashable, Sendable {
    /// The row, from the origin.
    package var row: Rect
    /// The control: the checkbox's touch target (centred on its icon, so it may reach outside
    /// the row) or the switch.
    package var control: Rect
    /// The visible control: the checkbox's icon, or the switch (equal to ``control``).
    package var icon: Rect
    /// The title (`.zero` without one).
    package var label: Rect

    /// Measures the title: its size when offered `width` (`nil`: its ideal, unwrapped size).
    package typealias TitleMeasure = (_ width: Double?) -> Size

    /// The checkbox row for a title measured through `measureTitle`, laid out as
    /// ``checkbox(width:iconSide:spacing:minimumHeight:touchTarget:firstLineHeight:titleHeight:)``
    /// at the proposed width, or, without one (or an infinite one), at the width the title's
    /// ideal width needs; the control alone when the title is empty.
    package static func checkbox(
        proposedWidth: Double?, iconSide: Double, spacing: Double, minimumHeight: Double,
        touchTarget: Size, firstLineHeight: Double, measureTitle: TitleMeasure
    ) -> SelectionRowLayout {
        let ideal = clean(measureTitle(nil))
        guard ideal.width > 0 else { return controlOnly(clean(touchTarget)) }
        let width = proposed(proposedWidth) ?? (clean(iconSide) + clean(spacing) + ideal.width)
        return checkbox(
            width: width, iconSide: iconSide, spacing: spacing, minimumHeight: minimumHeight,
            touchTarget: touchTarget, firstLineHeight: firstLineHeight,
            titleHeight: measureTitle(checkboxTitleWidth(width: width, iconSide: iconSide, spacing: spacing))
                .height)
    }

    /// The width a checkbox row `width` wide leaves its title: what the icon and the spacing
    /// leave.
    package static func checkboxTitleWidth(width: Double, iconSide: Double, spacing: Double) -> Double {
        max(0, clean(width) - clean(iconSide) - clean(spacing))
    }

    /// The checkbox row `width` wide: the icon (`iconSide`) at the leading edge centred on the
    /// title's first line (`firstLineHeight`), the title (`titleHeight`) `spacing` after it
    /// taking the rest of the width, the touch target (`touchTarget`) centred on the icon; at
    /// least `minimumHeight` tall. Non-finite or negative sizes count as 0.
    package static func checkbox(
        width: Double, iconSide: Double, spacing: Double, minimumHeight: Double, touchTarget: Size,
        firstLineHeight: Double, titleHeight: Double
    ) -> SelectionRowLayout {
        let iconSide = clean(iconSide)
        let spacing = clean(spacing)
        let target = clean(touchTarget)
        let width = clean(width)
        let textWidth = checkboxTitleWidth(width: width, iconSide: iconSide, spacing: spacing)
        let textHeight = clean(titleHeight)
        let height = max(clean(minimumHeight), iconSide, textHeight)
        let firstLine = min(clean(firstLineHeight), textHeight)
        let textTop = (height - textHeight) / 2
        let iconTop = max(0, textTop + (firstLine - iconSide) / 2)
        let icon = Rect(x: 0, y: iconTop, width: iconSide, height: iconSide)
        let box = Rect(
            x: icon.midX - target.width / 2, y: icon.midY - target.height / 2, width: target.width,
            height: target.height)
        return SelectionRowLayout(
            row: Rect(x: 0, y: 0, width: width, height: height), control: box, icon: icon,
            label: Rect(x: iconSide + spacing, y: textTop, width: textWidth, height: textHeight))
    }

    /// The switch row: the title at the leading edge, the switch (`control`) at the trailing
    /// edge at least `spacing` after it, both centred vertically. With a proposed width the row
    /// takes all of it (the title what the switch and the spacing leave); without one (or an
    /// infinite one), the title's ideal width. Non-finite or negative sizes count as 0.
    package static func toggle(
        proposedWidth: Double?, control: Size, spacing: Double, measureTitle: TitleMeasure
    ) -> SelectionRowLayout {
        let control = Size(width: clean(control.width), height: clean(control.height))
        let spacing = clean(spacing)
        let ideal = clean(measureTitle(nil))
        guard ideal.width > 0 else { return controlOnly(control) }
        let width = proposed(proposedWidth) ?? (ideal.width + spacing + control.width)
        let textWidth = max(0, width - control.width - spacing)
        let text = clean(measureTitle(textWidth))
        let height = max(control.height, text.height)
        let switchFrame = Rect(
            x: max(0, width - control.width), y: (height - control.height) / 2, width: control.width,
            height: control.height)
        return SelectionRowLayout(
            row: Rect(x: 0, y: 0, width: width, height: height), control: switchFrame, icon: switchFrame,
            label: Rect(x: 0, y: (height - text.height) / 2, width: textWidth, height: text.height))
    }

    /// The height of an unwrapped title's first line: its height less the distance between its
    /// first and last baselines — exact when its lines are equally tall (one font, any line
    /// spacing), since that distance is then the other lines' share. One line, or no
    /// `baselines`, is the whole height; bad numbers never give more than the height or less
    /// than 0. (It was the whole unwrapped height, so a title with a line break,
    /// `"Accept the terms\nand the privacy policy"`, centred the checkbox between its lines.)
    package static func firstLineHeight(unwrappedHeight: Double, baselines: TitleBaselines?) -> Double {
        let height = clean(unwrappedHeight)
        guard let baselines else { return height }
        let between = baselines.last - baselines.first
        return between.isFinite ? max(0, height - max(0, between)) : height
    }

    /// A row without a title: the control alone.
    private static func controlOnly(_ size: Size) -> SelectionRowLayout {
        let frame = Rect(origin: .zero, size: size)
        return SelectionRowLayout(row: frame, control: frame, icon: frame, label: .zero)
    }

    /// The frame of `part`: the control, or the title.
    package func frame(of part: SelectionRowPart) -> Rect {
        switch part {
        case .control: control
        case .title: label
        }
    }

    /// A proposed width: `nil` for none or an infinite or NaN one (SwiftUI's `.infinity`
    /// proposal asks for the ideal size), else at least 0.
    private static func proposed(_ width: Double?) -> Double? {
        guard let width, width.isFinite else { return nil }
        return max(0, width)
    }

    /// A size or position: at least 0, and 0 when non-finite.
    private static func clean(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }

    /// A size with each side cleaned as a value is.
    private static func clean(_ size: Size) -> Size {
        Size(width: clean(size.width), height: clean(size.height))
    }
}

/// The control on a ``SelectionRowLayout``'s row, with the theme's numbers for it.
package enum SelectionRowControl: Hashable, Sendable {
    /// A checkbox drawn by `spec`: its icon, touch target, title spacing and least row height.
    case checkbox(IconButtonSpec)
    /// A switch of `size` (`ToggleLayout.intrinsicSize`), at least `spacing` after its title.
    case toggle(size: Size, spacing: Double)

    /// The switch of `theme`: its intrinsic size and the theme's title spacing.
    package static func toggle(_ theme: ToggleTheme) -> SelectionRowControl {
        .toggle(size: ToggleLayout(theme: theme, isOn: false).intrinsicSize, spacing: theme.titleSpacing)
    }
}

/// Where a title's first and last text baselines sit, from its top, when it is set at its
/// ideal (unwrapped) size: SwiftUI's `firstTextBaseline` and `lastTextBaseline`.
package struct TitleBaselines: Hashable, Sendable {
    /// The first line's baseline.
    package var first: Double
    /// The last line's baseline (the first's for one line).
    package var last: Double

    /// Baselines at `first` and `last` points from the title's top.
    package init(first: Double, last: Double) {
        self.first = first
        self.last = last
    }
}

extension SelectionRowLayout {
    /// The row of `control` and a title measured through `measureTitle`, at the proposed
    /// width (`nil`: the title's ideal width). A checkbox is centred on the title's first line:
    /// ``firstLineHeight(unwrappedHeight:baselines:)`` of the unwrapped title and its
    /// `baselines` (without them, the whole unwrapped height — one line).
    package init(
        control: SelectionRowControl, proposedWidth: Double?, titleBaselines: TitleBaselines? = nil,
        measureTitle: TitleMeasure
    ) {
        switch control {
        case .checkbox(let spec):
            self = Self.checkbox(
                proposedWidth: proposedWidth, iconSide: spec.iconSize, spacing: spec.titleSpacing,
                minimumHeight: spec.rowHeight, touchTarget: spec.intrinsicSize,
                firstLineHeight: Self.firstLineHeight(
                    unwrappedHeight: measureTitle(nil).height, baselines: titleBaselines),
                measureTitle: measureTitle)
        case .toggle(let size, let spacing):
            self = Self.toggle(
                proposedWidth: proposedWidth, control: size, spacing: spacing, measureTitle: measureTitle)
        }
    }
}

/// A part of a ``SelectionRowLayout``.
package enum SelectionRowPart: Hashable, Sendable {
    /// The checkbox or the switch.
    case control
    /// The title.
    case title
}
