import KeelDesign

/// Where a toggle's parts go and how they look, for one value, state and direction.
package struct ToggleLayout: Hashable, Sendable {
    /// The size the toggle asks for: the visual frame grown to the touch target (52 × 44).
    package var intrinsicSize: Size
    /// The visual frame, centred in the bounds.
    package var visualFrame: Rect
    /// The track, centred in the visual frame.
    package var trackFrame: Rect
    /// The track's corner radius (half its height).
    package var trackCornerRadius: Double
    /// The thumb.
    package var thumbFrame: Rect
    /// The thumb's corner radius (half its diameter: a circle).
    package var thumbCornerRadius: Double
    /// The track colour.
    package var trackColor: ColorValue
    /// The thumb colour.
    package var thumbColor: ColorValue
    /// The whole control's opacity (disabled or pending: the theme's disabled opacity).
    package var opacity: Double

    /// Lays out a toggle for a selection's state in `bounds` (a view not laid out yet —
    /// zero, negative or non-finite bounds — gets the intrinsic size): the value drawn is
    /// the committed one, faded while not interactive (disabled or pending).
    package init(
        theme: ToggleTheme, selection: ConfirmableSelection, bounds: Size?,
        direction: TextDirection = .leftToRight
    ) {
        self.init(
            theme: theme, isOn: selection.displayedValue, isInteractive: selection.isInteractive,
            bounds: bounds, direction: direction)
    }

    /// Lays out a toggle in `bounds` (`nil`, or zero, negative or non-finite bounds: the
    /// intrinsic size). The thumb sits at the trailing end when on — the right in
    /// left-to-right layouts, **the left in right-to-left ones** (the reference did not
    /// mirror it).
    package init(
        theme: ToggleTheme, isOn: Bool, isInteractive: Bool = true, bounds: Size? = nil,
        direction: TextDirection = .leftToRight
    ) {
        let intrinsic = theme.hitTarget.intrinsicSize(visual: theme.visualSize)
        let bounds = bounds.flatMap(Self.laidOut) ?? intrinsic
        intrinsicSize = intrinsic
        visualFrame = Rect(
            x: (bounds.width - theme.visualSize.width) / 2, y: (bounds.height - theme.visualSize.height) / 2,
            width: theme.visualSize.width, height: theme.visualSize.height)
        trackFrame = Rect(
            x: visualFrame.minX + (theme.visualSize.width - theme.trackSize.width) / 2,
            y: visualFrame.minY + (theme.visualSize.height - theme.trackSize.height) / 2,
            width: theme.trackSize.width, height: theme.trackSize.height)
        trackCornerRadius = theme.trackSize.height / 2
        let diameter = theme.thumbDiameter
        var thumbX = isOn ? theme.trackSize.width - theme.thumbInset - diameter : theme.thumbInset
        if direction == .rightToLeft { thumbX = theme.trackSize.width - thumbX - diameter }
        thumbFrame = Rect(
            x: trackFrame.minX + thumbX, y: trackFrame.minY + (theme.trackSize.height - diameter) / 2,
            width: diameter, height: diameter)
        thumbCornerRadius = diameter / 2
        trackColor = isOn ? theme.trackOn : theme.trackOff
        thumbColor = isOn ? theme.thumbOn : theme.thumbOff
        opacity = isInteractive ? 1 : theme.disabledOpacity
    }

    /// `size` when it is a real laid-out size (both sides finite and positive), else `nil`.
    static func laidOut(_ size: Size) -> Size? {
        let valid = size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0
        return valid ? size : nil
    }

    /// What assistive technology is told: a switch (not a plain button) with an on, off or
    /// updating value; the caller's label wins over the default "Switch".
    package static func accessibility(
        selection: ConfirmableSelection, label: String? = nil, strings: AccessibilityStrings
    ) -> AccessibilityDescription {
        let value: String =
            selection.isPending ? strings.string(.updating) : strings.string(selection.value ? .on : .off)
        return AccessibilityDescription(
            role: .toggle, label: label ?? strings.string(.toggleLabel), value: value,
            traits: selection.isInteractive ? [] : [.notEnabled])
    }
}
