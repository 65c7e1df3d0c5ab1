/// Token files for a theme: base files merged in order, plus optional files per appearance
/// (the resolver module's light/dark and contrast modifiers; each is merged over the base).
public struct DTCGThemeSources: Sendable {
    /// The base (light) files, merged in order.
    public var base: [DTCGSource]
    /// Files overriding colours for the dark appearance.
    public var dark: [DTCGSource]
    /// Files overriding colours for light, increased contrast.
    public var lightHighContrast: [DTCGSource]
    /// Files overriding colours for dark, increased contrast.
    public var darkHighContrast: [DTCGSource]

    /// Sources; only `base` is required.
    public init(
        base: [DTCGSource], dark: [DTCGSource] = [], lightHighContrast: [DTCGSource] = [],
        darkHighContrast: [DTCGSource] = []
    ) {
        self.base = base
        self.dark = dark
        self.lightHighContrast = lightHighContrast
        self.darkHighContrast = darkHighContrast
    }
}

/// Builds a ``Theme`` from DTCG token files.
///
/// Layout: `color.*` colours (dots in a token name are group levels; `$root` names a group's
/// own value), `font.*` typography, `spacing.*`, `radius.*`, `borderWidth.*`, `iconSize.*`
/// dimensions, `opacity.*` and `elevation.*` numbers, `shadow.*` shadows, `motion.*`
/// transitions or durations, `component.<component>.<key>` component values. Keel-specific
/// data lives under `$extensions["dev.keel"]`: dark and high-contrast variants, text style and
/// scaling, physical-pixel widths, springs, hit targets, and at the root the identifier, name,
/// contrast pairs and icons. Other tokens are read and validated but not part of the theme.
public struct DTCGThemeImporter: Sendable {
    /// The `$extensions` key Keel uses.
    public static let extensionKey = "dev.keel"

    /// Reading options.
    public var options: DTCGOptions

    /// An importer.
    public init(options: DTCGOptions = DTCGOptions()) {
        self.options = options
    }

    /// The theme and every warning; throws ``DTCGError`` listing all issues when any is an error.
    public func importTheme(from sources: DTCGThemeSources, basedOn base: Theme? = nil) throws -> (
        theme: Theme, warnings: [DTCGIssue]
    ) {
        let variants: [(ColorVariant, [DTCGSource])] = [
            (.dark, sources.dark), (.lightHighContrast, sources.lightHighContrast),
            (.darkHighContrast, sources.darkHighContrast),
        ]
        return try importTheme(
            base: DTCGDocument(sources: sources.base, options: options),
            variants: variants.filter { !$0.1.isEmpty }.map { variant, files in
                (variant, DTCGDocument(sources: sources.base + files, options: options))
            },
            basedOn: base)
    }

    /// The theme from resolved documents: `base` for the light appearance and every table, and
    /// one document per colour variant, of which only the colours that differ from `base` count.
    func importTheme(
        base document: DTCGDocument, variants: [(ColorVariant, DTCGDocument)], basedOn base: Theme?
    )
        throws -> (theme: Theme, warnings: [DTCGIssue])
    {
        var builder = ThemeBuilder(document: document, remBase: options.remBase)
        builder.build()
        var issues = document.issues + builder.issues
        for (variant, variantDocument) in variants {
            for issue in variantDocument.issues where !issues.contains(issue) { issues.append(issue) }
            builder.applyVariant(variant, from: variantDocument)
        }
        issues += builder.variantIssues
        if issues.contains(where: { $0.severity == .error }) { throw DTCGError(issues: issues) }
        return (builder.theme(basedOn: base), issues)
    }

    /// The theme from one file.
    public func importTheme(from source: DTCGSource, basedOn base: Theme? = nil) throws -> Theme {
        try importTheme(from: DTCGThemeSources(base: [source]), basedOn: base).theme
    }
}

/// Maps resolved tokens to theme tables.
private struct ThemeBuilder {
    let document: DTCGDocument
    let remBase: Double
    var issues: [DTCGIssue] = []
    var variantIssues: [DTCGIssue] = []
    var colors: [ColorToken: ThemeColor] = [:]
    var colorPaths: [ColorToken: TokenPath] = [:]
    var metrics = ThemeMetrics()
    var components: [ComponentIdentifier: ComponentTheme] = [:]
    var componentColorPaths: [TokenPath: (ComponentIdentifier, ComponentValueKey)] = [:]
    var extensions: [String: JSONValue] = [:]

    init(document: DTCGDocument, remBase: Double) {
        self.document = document
        self.remBase = remBase
    }

    static func name(_ segments: ArraySlice<String>) -> String {
        segments.filter { $0 != "$root" }.joined(separator: ".")
    }

    static func keel(_ token: DTCGToken) -> JSONObject? {
        token.extensions?[DTCGThemeImporter.extensionKey]?.objectValue
    }

    mutating func build() {
        for token in document.sortedTokens {
            guard let group = token.path.segments.first, let value = token.value else { continue }
            let name = ThemeBuilder.name(token.path.segments.dropFirst())
            if var vendor = token.extensions?.objectValue {
                vendor[DTCGThemeImporter.extensionKey] = nil
                if vendor.count > 0 {
                    extensions[ThemeBuilder.name(token.path.segments[...])] = .object(vendor)
                }
            }
            switch (group, value) {
            case ("color", .color(let color)):
                let tokenName = ColorToken(rawValue: name)
                colors[tokenName] = themeColor(color.srgb, token)
                colorPaths[tokenName] = token.path
            case ("font", .typography(let typography)):
                metrics.fonts[FontToken(rawValue: name)] = fontStyle(typography, token)
            case ("spacing", .dimension(let dimension)):
                metrics.spacings[SpacingToken(rawValue: name)] = dimension.points(remBase: remBase)
            case ("radius", .dimension(let dimension)):
                metrics.radii[RadiusToken(rawValue: name)] = dimension.points(remBase: remBase)
            case ("borderWidth", .dimension(let dimension)):
                let physical = ThemeBuilder.keel(token)?["unit"]?.stringValue == "physical-pixel"
                metrics.borderWidths[BorderWidthToken(rawValue: name)] =
                    physical ? .physicalPixels(dimension.value) : .points(dimension.points(remBase: remBase))
            case ("iconSize", .dimension(let dimension)):
                metrics.iconSizes[IconSizeToken(rawValue: name)] = dimension.points(remBase: remBase)
            case ("opacity", .number(let number)):
                metrics.opacities[OpacityToken(rawValue: name)] = number
            case ("elevation", .number(let number)):
                metrics.elevations[ElevationToken(rawValue: name)] = number
            case ("shadow", .shadow(let layers)):
                metrics.shadows[ShadowToken(rawValue: name)] = shadow(layers, token)
            case ("motion", .transition(let transition)):
                metrics.motions[MotionToken(rawValue: name)] = motion(
                    duration: transition.duration.seconds, delay: transition.delay.seconds,
                    curve: .bezier(transition.timingFunction), token)
            case ("motion", .duration(let duration)):
                metrics.motions[MotionToken(rawValue: name)] = motion(
                    duration: duration.seconds, delay: 0, curve: .linear, token)
            case ("component", _):
                component(token, value)
            case ("color", _), ("font", _), ("spacing", _), ("radius", _), ("borderWidth", _),
                ("iconSize", _),
                ("opacity", _), ("elevation", _), ("shadow", _), ("motion", _):
                issues.append(
                    DTCGIssue(
                        path: token.path,
                        kind: .invalidValue(
                            "a \(value.type.rawValue) token cannot be a theme \(group) value"),
                        source: token.source))
            default:
                continue
            }
        }
    }

    func themeColor(_ light: Color, _ token: DTCGToken) -> ThemeColor {
        let keel = ThemeBuilder.keel(token)
        func variant(_ key: String) -> Color? {
            guard let json = keel?[key] else { return nil }
            let probe = DTCGDocument(
                source: DTCGSource(
                    name: "variant",
                    text: JSONValue.object(
                        JSONObject([
                            ("v", .object(JSONObject([("$type", .string("color")), ("$value", json)])))
                        ])
                    )
                    .encoded(pretty: false)))
            if case .color(let color)? = probe["v"]?.value { return color.srgb }
            return nil
        }
        return ThemeColor(
            light: light, dark: variant("dark"), lightHighContrast: variant("lightHighContrast"),
            darkHighContrast: variant("darkHighContrast"))
    }

    func fontStyle(_ typography: TypographyValue, _ token: DTCGToken) -> FontStyle {
        let keel = ThemeBuilder.keel(token)
        let size = typography.fontSize.points(remBase: remBase)
        let faces = keel?["faces"]?.objectValue
        let families = typography.fontFamily.map { name -> FontFamily in
            switch name {
            case FontFamily.pingFangSC.name: return .pingFangSC
            case "System", "system-ui", "-apple-system", "SF Pro", "SF Pro Text": return .system
            default:
                var family = FontFamily(name: name)
                for (weight, face) in faces?[name]?.objectValue?.pairs ?? [] {
                    if let number = Double(weight), let face = face.stringValue {
                        family.faces[FontWeight(rawValue: number)] = face
                    }
                }
                return family
            }
        }
        var scaling = FontScaling.dynamic(maximum: nil)
        if keel?["scaling"]?.stringValue == "fixed" {
            scaling = .fixed
        } else if let maximum = keel?["maximumSize"]?.numberValue {
            scaling = .dynamic(maximum: maximum)
        }
        let lineHeight = (typography.lineHeight * size * 1e6).rounded() / 1e6
        return FontStyle(
            families: families, size: size, weight: typography.fontWeight,
            lineHeight: keel?["naturalLineHeight"] == .bool(true) ? nil : lineHeight,
            letterSpacing: typography.letterSpacing.points(remBase: remBase),
            textStyle: keel?["textStyle"]?.stringValue.flatMap(TextStyle.init(rawValue:)) ?? .body,
            scaling: scaling)
    }

    func shadow(_ layers: [ShadowLayer], _ token: DTCGToken) -> ShadowStyle {
        guard let layer = layers.first else { return .none }
        let keel = ThemeBuilder.keel(token)
        let srgb = layer.color.srgb
        var color = ShadowColor.fixed(ThemeColor(light: srgb.withAlpha(1)))
        var opacity = srgb.alpha
        if let tokenName = keel?["colorToken"]?.stringValue {
            color = .token(ColorToken(rawValue: tokenName))
            opacity = keel?["opacity"]?.numberValue ?? srgb.alpha
        } else if let reference = token.rawValue["color"]?.stringValue, reference.hasPrefix("{color.") {
            color = .token(
                ColorToken(rawValue: ThemeBuilder.name(DTCGReference.curlySegments(reference).dropFirst())))
            opacity = 1
        }
        return ShadowStyle(
            color: color, offsetX: layer.offsetX.points(remBase: remBase),
            offsetY: layer.offsetY.points(remBase: remBase),
            radius: layer.blur.points(remBase: remBase) / 2, opacity: opacity,
            spread: layer.spread.points(remBase: remBase))
    }

    func motion(duration: Double, delay: Double, curve: MotionCurve, _ token: DTCGToken) -> MotionStyle {
        let keel = ThemeBuilder.keel(token)
        var style = MotionStyle(duration: duration, curve: curve, delay: delay)
        if let named = keel?["curve"]?.stringValue {
            switch named {
            case "linear": style.curve = .linear
            case "easeIn": style.curve = .easeIn
            case "easeOut": style.curve = .easeOut
            case "easeInOut": style.curve = .easeInOut
            default: break
            }
        }
        if let spring = keel?["spring"]?.objectValue, let mass = spring["mass"]?.numberValue,
            let stiffness = spring["stiffness"]?.numberValue, let damping = spring["damping"]?.numberValue
        {
            style.curve = .spring(Spring(mass: mass, stiffness: stiffness, damping: damping))
        }
        if let fade = keel?["reducedMotionCrossFade"]?.numberValue {
            style.reducedMotion = .crossFade(duration: fade)
        }
        return style
    }

    mutating func component(_ token: DTCGToken, _ value: TokenValue) {
        let segments = token.path.segments
        guard segments.count >= 3 else {
            issues.append(
                DTCGIssue(
                    path: token.path, kind: .invalidValue("component values live at component.<name>.<key>"),
                    source: token.source))
            return
        }
        let component = ComponentIdentifier(rawValue: segments[1])
        let key = ComponentValueKey(rawValue: ThemeBuilder.name(segments.dropFirst(2)))
        let keel = ThemeBuilder.keel(token)
        var result: ComponentValue?
        switch value {
        case .color(let color):
            if let target = token.aliasTarget, target.hasPrefix("{color.") {
                result = .colorToken(
                    ColorToken(rawValue: ThemeBuilder.name(DTCGReference.curlySegments(target).dropFirst())))
            } else {
                result = .color(themeColor(color.srgb, token))
                componentColorPaths[token.path] = (component, key)
            }
        case .dimension(let dimension):
            let points = dimension.points(remBase: remBase)
            result = keel?["role"]?.stringValue == "hitTarget" ? .hitTarget(points) : .dimension(points)
        case .number(let number):
            result = .number(number)
        case .typography:
            if let target = token.aliasTarget, target.hasPrefix("{font.") {
                result = .font(
                    FontToken(rawValue: ThemeBuilder.name(DTCGReference.curlySegments(target).dropFirst())))
            }
        default:
            break
        }
        guard let result else {
            issues.append(
                DTCGIssue(
                    path: token.path,
                    kind: .invalidValue("a \(value.type.rawValue) token cannot be a component value"),
                    source: token.source))
            return
        }
        components[component, default: ComponentTheme()][key] = result
    }

    mutating func applyVariant(_ variant: ColorVariant, from variantDocument: DTCGDocument) {
        // Only tokens the variant files change (directly or through an alias) override.
        func pick(_ path: TokenPath) -> Color? {
            guard let value = variantDocument.tokens[path]?.value, value != document.tokens[path]?.value,
                case .color(let color) = value
            else { return nil }
            return color.srgb
        }
        func set(_ color: inout ThemeColor, _ value: Color) {
            switch variant {
            case .light: color.light = value
            case .dark: color.dark = value
            case .lightHighContrast: color.lightHighContrast = value
            case .darkHighContrast: color.darkHighContrast = value
            }
        }
        for (token, path) in colorPaths {
            guard let value = pick(path), var color = colors[token] else { continue }
            set(&color, value)
            colors[token] = color
        }
        for (path, (component, key)) in componentColorPaths {
            guard let value = pick(path), case .color(var color)? = components[component]?[key] else {
                continue
            }
            set(&color, value)
            components[component]?[key] = .color(color)
        }
    }

    func theme(basedOn base: Theme?) -> Theme {
        let root = document.tree["$extensions"]?[DTCGThemeImporter.extensionKey]?.objectValue
        var pairs: [ContrastPair] = []
        for pair in root?["contrastPairs"]?.arrayValue ?? [] {
            guard let foreground = pair["foreground"]?.stringValue,
                let background = pair["background"]?.stringValue
            else { continue }
            let requirement =
                pair["requirement"]?.stringValue.flatMap(ContrastRequirement.init(rawValue:)) ?? .aaText
            pairs.append(
                ContrastPair(
                    foreground: ColorToken(rawValue: foreground),
                    background: ColorToken(rawValue: background),
                    requirement: requirement))
        }
        var metrics = self.metrics
        for (name, icon) in root?["icons"]?.objectValue?.pairs ?? [] {
            guard let symbol = icon["symbol"]?.stringValue else { continue }
            metrics.icons[IconToken(rawValue: name)] = IconStyle(
                symbolName: symbol, mirrorsInRightToLeft: icon["mirrorsInRightToLeft"] == .bool(true))
        }
        return Theme(
            identifier: ThemeIdentifier(rawValue: root?["identifier"]?.stringValue ?? "tokens"),
            displayName: root?["displayName"]?.stringValue ?? "Tokens", basedOn: base, colors: colors,
            metrics: metrics, components: components, contrastPairs: pairs, extensions: extensions)
    }
}
