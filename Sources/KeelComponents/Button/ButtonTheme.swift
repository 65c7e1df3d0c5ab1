import KeelDesign

/// The button values of one theme under one set of traits, resolved once: metrics per size
/// and colours per style and state. Resolving an appearance from it is a few table lookups.
///
/// Keys (in the theme's `button` component, over ``referenceValues``):
/// `size.<size>.height|horizontalPadding|verticalPadding|font|radius|iconSize|iconSpacing|stackedPadding`,
/// `<style>.background.<state>` (`.end` makes it a gradient), `<style>.title[.<state>]`,
/// `<style>.border[.<state>]`, `<style>.icon[.<state>]`, `minimumHitTarget`, `iconSize`,
/// `iconSpacing`, `borderWidth`, `focusRing`, `focusRingWidth`, `maximumContentScale`.
package struct ButtonTheme: Sendable {
    /// The resolver the values came from.
    package let resolver: KeelThemeResolver
    /// The smallest touch target.
    package let hitTarget: HitTarget
    /// The focus ring drawn around a focused button.
    package let focusRing: Border
    /// The width of a style's border (the regular border width by default).
    package let borderWidth: Double
    /// The largest factor Dynamic Type may grow a button's title, icon and spacing by
    /// (the reference let them grow without bound).
    package let maximumContentScale: Double
    private let metricsBySize: [ButtonSize: ButtonMetrics]
    private let colorsByStyle: [ButtonVariant: [ButtonStateColors]]
    private let fontsBySize: [ButtonSize: ScaledFont]

    /// Resolves every built-in size and style for `resolver`'s theme and traits.
    package init(resolver: KeelThemeResolver) {
        let values = ComponentValues(.button, resolver: resolver, defaults: Self.referenceValues)
        self.resolver = resolver
        hitTarget = HitTarget(minimumSide: values.number("minimumHitTarget", default: 44))
        focusRing = Border(
            color: values.color("focusRing", default: resolver.color(.brandPrimary)),
            width: values.number("focusRingWidth", default: 2))
        borderWidth = values.number("borderWidth", default: resolver.borderWidth(.regular))
        maximumContentScale = max(1, values.number("maximumContentScale", default: 2))
        var metrics: [ButtonSize: ButtonMetrics] = [:]
        var fonts: [ButtonSize: ScaledFont] = [:]
        for size in ButtonSize.allCases + Self.extraSizes(in: values) {
            let m = Self.metrics(size, values: values, resolver: resolver)
            metrics[size] = m
            fonts[size] = ScaledFont(token: m.font, resolver: resolver, maximumScale: maximumContentScale)
        }
        metricsBySize = metrics
        fontsBySize = fonts
        var colors: [ButtonVariant: [ButtonStateColors]] = [:]
        for style in ButtonVariant.allCases + Self.extraStyles(in: values) {
            colors[style] = ButtonVisualState.allCases.map { Self.colors(style, $0, values: values) }
        }
        colorsByStyle = colors
    }

    /// The metrics of a size (``ButtonSize/large``'s for an unknown size).
    package func metrics(_ size: ButtonSize) -> ButtonMetrics {
        metricsBySize[size] ?? metricsBySize[.large]!
    }

    /// The colours of a style in a state (``ButtonVariant/primary``'s for an unknown style).
    package func colors(_ style: ButtonVariant, _ state: ButtonVisualState) -> ButtonStateColors {
        let table = colorsByStyle[style] ?? colorsByStyle[.primary]!
        return table[Self.index(state)]
    }

    /// The title font of a size with Dynamic Type applied and capped, and the factor it grew.
    func font(_ size: ButtonSize) -> ScaledFont { fontsBySize[size] ?? fontsBySize[.large]! }

    private static func index(_ state: ButtonVisualState) -> Int {
        switch state {
        case .normal: 0
        case .highlighted: 1
        case .selected: 2
        case .disabled: 3
        }
    }

    private static func metrics(_ size: ButtonSize, values: ComponentValues, resolver: KeelThemeResolver)
        -> ButtonMetrics
    {
        let name = size.rawValue
        let large = "size.large"
        let defaultRadius = resolver.radius(size == .small ? .sm : .md)
        return ButtonMetrics(
            height: values.number("size.\(name).height", "\(large).height", default: 48),
            horizontalPadding: values.number(
                "size.\(name).horizontalPadding", "\(large).horizontalPadding", default: 20),
            verticalPadding: values.number("size.\(name).verticalPadding", default: 0),
            font: values.fontToken("size.\(name).font", "\(large).font", default: .bodyLarge),
            cornerRadius: values.number("size.\(name).radius", default: defaultRadius),
            iconSize: values.number("size.\(name).iconSize", "iconSize", default: 20),
            iconSpacing: values.number("size.\(name).iconSpacing", "iconSpacing", default: 8),
            stackedPadding: values.number(
                "size.\(name).stackedPadding", "\(large).stackedPadding", default: 12))
    }

    private static func colors(_ style: ButtonVariant, _ state: ButtonVisualState, values: ComponentValues)
        -> ButtonStateColors
    {
        let s = style.rawValue
        // Selected falls back to highlighted (the reference's default), every state to normal.
        let chain: [String] =
            switch state {
            case .normal: ["normal"]
            case .highlighted: ["highlighted", "normal"]
            case .selected: ["selected", "highlighted", "normal"]
            case .disabled: ["disabled", "normal"]
            }
        // State-specific keys first, then the part's plain key (every state), then normal.
        func lookup(_ part: String) -> ColorValue? {
            var keys = chain.filter { $0 != "normal" }.map { "\(s).\(part).\($0)" }
            keys.append("\(s).\(part)")
            keys.append("\(s).\(part).normal")
            return values.colorIfPresent(keys)
        }
        let primary = ButtonVariant.primary.rawValue
        let backgroundKey = chain.first { values.value(["\(s).background.\($0)"]) != nil }
        let background: ButtonBackground
        if let backgroundKey, let start = values.colorIfPresent(["\(s).background.\(backgroundKey)"]) {
            if let end = values.colorIfPresent(["\(s).background.\(backgroundKey).end"]) {
                background = .gradient(
                    .horizontal(start, end, direction: values.resolver.traits.layoutDirection))
            } else {
                background = .solid(start)
            }
        } else {
            background = .solid(values.colorIfPresent(["\(primary).background.\(chain[0])"]) ?? .missingToken)
        }
        let title =
            lookup("title") ?? values.colorIfPresent(["\(primary).title"])
            ?? values.resolver.color(.textInverse)
        return ButtonStateColors(
            background: background, title: title, border: lookup("border"), icon: lookup("icon") ?? title)
    }

    private static func extraStyles(in values: ComponentValues) -> [ButtonVariant] {
        extraNames(
            in: values, suffix: ".background.normal", excluding: Set(ButtonVariant.allCases.map(\.rawValue))
        )
        .map(ButtonVariant.init(rawValue:))
    }

    private static func extraSizes(in values: ComponentValues) -> [ButtonSize] {
        let known = Set(ButtonSize.allCases.map(\.rawValue))
        return values.values.keys.compactMap { key -> String? in
            let parts = key.rawValue.split(separator: ".")
            guard parts.count == 3, parts[0] == "size", parts[2] == "height" else { return nil }
            return String(parts[1])
        }.filter { !known.contains($0) }.sorted().map(ButtonSize.init(rawValue:))
    }

    private static func extraNames(in values: ComponentValues, suffix: String, excluding: Set<String>)
        -> [String]
    {
        values.values.keys.compactMap { key -> String? in
            guard key.rawValue.hasSuffix(suffix) else { return nil }
            let name = String(key.rawValue.dropLast(suffix.count))
            return excluding.contains(name) || name.contains(".") ? nil : name
        }.sorted()
    }
}

/// A button title font after Dynamic Type, capped at the theme's maximum content scale.
struct ScaledFont: Sendable {
    let descriptor: FontDescriptor
    /// How much the font grew over its Large size (1 at Large; capped).
    let scale: Double

    init(token: KeelFontToken, resolver: KeelThemeResolver, maximumScale: Double) {
        var descriptor = resolver.font(token)
        let base = resolver.theme.metrics.fonts[token]?.size ?? descriptor.size
        var scale = base > 0 ? descriptor.size / base : 1
        if scale > maximumScale {
            let capped = base * maximumScale
            descriptor.lineHeight = descriptor.lineHeight.map { $0 * capped / descriptor.size }
            descriptor.size = capped
            scale = maximumScale
        }
        self.descriptor = descriptor
        self.scale = max(scale, 1)
    }
}
