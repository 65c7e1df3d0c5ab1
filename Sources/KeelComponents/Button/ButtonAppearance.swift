import KeelDesign

/// Everything a button front end draws, resolved from theme, traits, style, size and state.
package struct ButtonAppearance: Hashable, Sendable {
    /// The style.
    package var style: ButtonVariant
    /// The size.
    package var size: ButtonSize
    /// The state.
    package var state: ButtonState
    /// The fill.
    package var background: ButtonBackground
    /// The title colour.
    package var titleColor: ColorValue
    /// The title font (Dynamic Type applied, capped at the theme's maximum content scale).
    package var titleFont: FontDescriptor
    /// The border, if the style has one.
    package var border: Border?
    /// The focus ring, when focused.
    package var focusRing: Border?
    /// The corner radius.
    package var cornerRadius: Double
    /// The icon and activity-indicator tint.
    package var iconTint: ColorValue
    /// The icon side (grows with Dynamic Type up to the cap).
    package var iconSize: Double
    /// The gap between icon and title (grows like the icon).
    package var iconSpacing: Double
    /// The content insets for side-by-side content.
    package var contentInsets: DirectionalInsets
    /// The top and bottom padding for stacked (icon above or below) content.
    package var stackedPadding: Double
    /// The minimum height.
    package var minimumHeight: Double
    /// The touch target.
    package var hitTarget: HitTarget
    /// Whether an activity indicator replaces the icon slot (loading).
    package var showsActivityIndicator: Bool
    /// The layout direction the appearance was resolved for.
    package var layoutDirection: TextDirection
    /// The text size it was resolved for.
    package var contentSizeCategory: TextSizeCategory

    /// Resolves an appearance from a resolved button theme; `borderColorOverride` replaces the
    /// style's border colour (keeping its width) — the alert's cancel action — and adds no
    /// border to a style without one.
    package init(
        theme: ButtonTheme, style: ButtonVariant, size: ButtonSize, state: ButtonState,
        borderColorOverride: ColorValue? = nil
    ) {
        let metrics = theme.metrics(size)
        let colors = theme.colors(style, state.visualState)
        let font = theme.font(size)
        let traits = theme.resolver.traits
        self.style = style
        self.size = size
        self.state = state
        background = colors.background
        titleColor = colors.title
        titleFont = font.descriptor
        border = colors.border.map {
            Border(color: borderColorOverride ?? $0, width: theme.borderWidth)
        }
        focusRing = state.contains(.focused) ? theme.focusRing : nil
        cornerRadius = metrics.cornerRadius
        iconTint = colors.icon
        iconSize = metrics.iconSize * font.scale
        iconSpacing = metrics.iconSpacing * font.scale
        contentInsets = DirectionalInsets(
            horizontal: metrics.horizontalPadding, vertical: metrics.verticalPadding)
        stackedPadding = metrics.stackedPadding
        minimumHeight = metrics.height
        hitTarget = theme.hitTarget
        showsActivityIndicator = state.contains(.loading)
        layoutDirection = traits.layoutDirection
        contentSizeCategory = traits.contentSizeCategory
    }

    /// The border's width; 0 without a border.
    package var borderWidth: Double { border?.width ?? 0 }
    /// The solid fill, or clear when the fill is a gradient.
    package var fillColor: ColorValue { background.solidColor ?? .clear }
    /// The gradient fill, if any.
    package var gradient: LinearColorGradient? {
        guard case .gradient(let gradient) = background else { return nil }
        return gradient
    }
    /// Whether the gradient layer is hidden (the fill is solid).
    package var gradientIsHidden: Bool { gradient == nil }
    /// The gradient's stops; empty for a solid fill.
    package var gradientStops: [GradientStop<ColorValue>] { gradient?.stops ?? [] }
    /// The gradient's start point (unit coordinates); `.zero` for a solid fill.
    package var gradientStart: Point { gradient?.start ?? .zero }
    /// The gradient's end point (unit coordinates); `.zero` for a solid fill.
    package var gradientEnd: Point { gradient?.end ?? .zero }
    /// Whether the focus ring is hidden (not focused).
    package var focusRingIsHidden: Bool { focusRing == nil }
    /// The focus ring's width; 0 when not focused.
    package var focusRingWidth: Double { focusRing?.width ?? 0 }
    /// The focus ring's colour; clear when not focused.
    package var focusRingColor: ColorValue { focusRing?.color ?? .clear }

    /// The focus ring around a button of `bounds` (`nil` when not focused): the ring
    /// `ButtonLayout` gives UIKit's focus layer and SwiftUI's focus overlay draws.
    package func focusRing(bounds: Size) -> ButtonFocusRing? {
        ButtonFocusRing(focusRing, bounds: bounds, cornerRadius: cornerRadius)
    }

    /// The focus ring's stroke centre line around a button at `bounds` (in `bounds`'
    /// coordinate space, for a front end that strokes a path, as SwiftUI does); `.zero` when
    /// not focused.
    package func focusRingStrokeFrame(around bounds: Rect) -> Rect {
        focusRing(bounds: bounds.size)?.strokeFrame.offsetBy(dx: bounds.x, dy: bounds.y) ?? .zero
    }

    /// The corner radius of ``focusRingStrokeFrame(around:)``; 0 when not focused.
    package func focusRingStrokeCornerRadius(bounds: Size) -> Double {
        focusRing(bounds: bounds)?.strokeCornerRadius ?? 0
    }
    /// What the activity indicator does.
    package var activityIndicator: ButtonActivityIndicator { showsActivityIndicator ? .animating : .stopped }

    /// Whether the icon view is hidden: no icon, or the activity indicator replaces it.
    package func iconIsHidden(for content: ButtonContent) -> Bool {
        content.icon == nil || showsActivityIndicator
    }

    /// Whether the button acts on touches: not disabled and not loading.
    package var isInteractive: Bool { !state.contains(.disabled) && !state.contains(.loading) }

    /// What to do with a touch at `point` in `bounds`: a loading or disabled button absorbs
    /// touches inside its target instead of letting them reach the views below.
    package func touchDisposition(at point: Point, bounds: Rect, isHidden: Bool = false) -> TouchDisposition {
        hitTarget.disposition(of: point, bounds: bounds, isHidden: isHidden, isInteractive: isInteractive)
    }

    /// What assistive technology is told: the caller's label (or the title) and value; while
    /// loading, `loadingValue` (else the localised "Loading") and the updates-frequently trait.
    package func accessibility(
        title: String?, label: String? = nil, value: String? = nil, strings: AccessibilityStrings,
        loadingValue: String? = nil
    ) -> AccessibilityDescription {
        var traits: AccessibilityTraitSet = []
        if state.contains(.disabled) { traits.insert(.notEnabled) }
        if state.contains(.selected) { traits.insert(.selected) }
        var spokenValue = value
        if state.contains(.loading) {
            traits.insert(.updatesFrequently)
            spokenValue = loadingValue ?? strings.string(.loading)
        }
        return AccessibilityDescription(
            role: .button, label: label ?? title, value: spokenValue, traits: traits)
    }
}

/// A button's activity indicator.
package enum ButtonActivityIndicator: Hashable, Sendable {
    /// Spinning in the icon slot (loading).
    case animating
    /// Stopped and hidden.
    case stopped
}

extension ButtonState {
    /// The state of a control with these flags (how a front end reports its control state).
    package init(isEnabled: Bool, isHighlighted: Bool, isSelected: Bool, isLoading: Bool, isFocused: Bool) {
        var state: ButtonState = []
        if !isEnabled { state.insert(.disabled) }
        if isHighlighted { state.insert(.highlighted) }
        if isSelected { state.insert(.selected) }
        if isLoading { state.insert(.loading) }
        if isFocused { state.insert(.focused) }
        self = state
    }
}
