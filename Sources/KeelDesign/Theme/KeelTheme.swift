import KeelSupport

/// An immutable theme snapshot: colours, typography and metrics, component themes and
/// the contrast pairs it promises.
///
/// A theme built with `basedOn:` merges **per token at every level** over its base: a
/// colour, a font, a spacing step, one key of one component. The base is explicit: pass
/// `nil` for a root theme.
public struct KeelTheme: Hashable, Sendable {
    /// The identifier.
    public var identifier: ThemeIdentifier
    /// The name shown to people.
    public var displayName: String
    /// The identifier of the theme this one was based on, if any.
    package var baseIdentifier: ThemeIdentifier?
    /// The colour palette.
    public var colors: [ColorToken: KeelThemeColor]
    /// Typography and metrics.
    package var metrics: ThemeMetrics
    /// Component themes.
    public var components: [ComponentIdentifier: ComponentTheme]
    /// Declared foreground/background pairs, checked by validation.
    package var contrastPairs: [ContrastPair]
    /// Vendor `$extensions` of imported tokens, by dotted token path (`color.brand.primary`),
    /// kept so exporting to a token file preserves them; merged per path with a base theme.
    package var extensions: [String: JSONValue]

    /// A theme; with a base, every table merges per token over the base's.
    public init(
        identifier: ThemeIdentifier, displayName: String, basedOn base: KeelTheme?,
        colors: [ColorToken: KeelThemeColor] = [:], metrics: ThemeMetrics = ThemeMetrics(),
        components: [ComponentIdentifier: ComponentTheme] = [:], contrastPairs: [ContrastPair] = []
    ) {
        self.init(
            identifier: identifier, displayName: displayName, basedOn: base, colors: colors, metrics: metrics,
            components: components, contrastPairs: contrastPairs, extensions: [:])
    }

    /// A theme with vendor `extensions` (what a token file import keeps for export).
    package init(
        identifier: ThemeIdentifier, displayName: String, basedOn base: KeelTheme?,
        colors: [ColorToken: KeelThemeColor] = [:], metrics: ThemeMetrics = ThemeMetrics(),
        components: [ComponentIdentifier: ComponentTheme] = [:], contrastPairs: [ContrastPair] = [],
        extensions: [String: JSONValue]
    ) {
        self.identifier = identifier
        self.displayName = displayName
        self.baseIdentifier = base?.identifier
        guard let base else {
            self.extensions = extensions
            self.colors = colors
            self.metrics = metrics
            self.components = components
            self.contrastPairs = contrastPairs
            return
        }
        self.extensions = base.extensions.merging(extensions) { _, new in new }
        self.colors = base.colors.merging(colors) { _, new in new }
        self.metrics = metrics.merged(over: base.metrics)
        var mergedComponents = base.components
        for (component, theme) in components {
            mergedComponents[component] = theme.merged(over: base.components[component] ?? ComponentTheme())
        }
        self.components = mergedComponents
        var pairs = base.contrastPairs
        for pair in contrastPairs {
            if let index = pairs.firstIndex(where: {
                $0.foreground == pair.foreground && $0.background == pair.background
            }) {
                pairs[index] = pair
            } else {
                pairs.append(pair)
            }
        }
        self.contrastPairs = pairs
    }

    /// The value of a component key, if set.
    package func componentValue(_ component: ComponentIdentifier, _ key: ComponentValueKey) -> ComponentValue?
    {
        components[component]?[key]
    }
}

extension Sequence<KeelTheme> {
    /// The first theme whose identifier is `identifier` (a saved choice looked up at launch).
    package func first(identifiedBy identifier: ThemeIdentifier) -> KeelTheme? {
        first { $0.identifier == identifier }
    }
}
