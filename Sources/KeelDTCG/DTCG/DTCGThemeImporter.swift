import KeelDesign
import KeelSupport

/// Token files for a theme: base files merged in order, plus optional files per appearance
/// (the resolver module's light/dark and contrast modifiers; each is merged over the base).
public struct DTCGThemeSources: Sendable {
    /// The base (light) files, merged in order.
    package var base: [DTCGSource]
    /// Files overriding colours for the dark appearance.
    package var dark: [DTCGSource]
    /// Files overriding colours for light, increased contrast.
    package var lightHighContrast: [DTCGSource]
    /// Files overriding colours for dark, increased contrast.
    package var darkHighContrast: [DTCGSource]

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

/// Builds a `KeelTheme` from DTCG token files.
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
    package static let extensionKey = "dev.keel"

    /// Reading options.
    package var options: DTCGOptions

    /// Whether the imported theme is also validated (`KeelTheme.validate(requireCompleteDefinition:)`),
    /// its issues joining the files' as ``DTCGIssue/Kind/theme(_:)`` issues located at the
    /// tokens behind them.
    package var validatesTheme: Bool
    /// With ``validatesTheme``, whether every built-in token must be defined.
    package var requiresCompleteTheme: Bool

    /// An importer.
    public init(
        options: DTCGOptions = DTCGOptions(), validatesTheme: Bool = false,
        requiresCompleteTheme: Bool = false
    ) {
        self.options = options
        self.validatesTheme = validatesTheme
        self.requiresCompleteTheme = requiresCompleteTheme
    }

    /// The theme and every warning; throws ``DTCGError`` listing all issues when any is an error.
    public func importTheme(from sources: DTCGThemeSources, basedOn base: KeelTheme? = nil) throws -> (
        theme: KeelTheme, warnings: [DTCGIssue]
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
        base document: DTCGDocument, variants: [(ColorVariant, DTCGDocument)], basedOn base: KeelTheme?
    )
        throws -> (theme: KeelTheme, warnings: [DTCGIssue])
    {
        let report = try importReport(base: document, variants: variants, basedOn: base)
        return (report.theme, report.warnings)
    }

    /// The theme, its warnings and what it left out, from resolved documents.
    func importReport(
        base document: DTCGDocument, variants: [(ColorVariant, DTCGDocument)], basedOn base: KeelTheme?
    ) throws -> DTCGImportReport {
        var builder = ThemeBuilder(document: document, remBase: options.remBase, strict: options.strict)
        builder.build()
        // A `%` radius read as the pill radius has its own warning: the reading's "skipped"
        // warning on the same token no longer holds.
        var issues =
            document.issues.filter { issue in
                guard builder.pillRadii.contains(issue.path), case .departure(let departure, _) = issue.kind
                else { return true }
                switch departure {
                case .unconvertibleUnit, .dependsOnSkipped: return false
                default: return true
                }
            } + builder.issues.map(document.located)
        let dark = variants.first { $0.0 == .dark }?.1
        for (variant, variantDocument) in variants {
            for issue in variantDocument.issues where !issues.contains(issue) { issues.append(issue) }
            // A missing dark-high-contrast colour shows the dark one: compared with the dark
            // resolution, so one set back to its light value is kept.
            let fallback = variant == .darkHighContrast ? dark ?? document : document
            builder.applyVariant(variant, from: variantDocument, fallback: fallback)
        }
        issues += builder.variantIssues
        let theme = builder.theme(basedOn: base)
        if validatesTheme {
            for issue in theme.validate(requireCompleteDefinition: requiresCompleteTheme).issues {
                issues.append(document.located(builder.locate(issue, in: theme)))
            }
        }
        if issues.contains(where: { $0.severity == .error }) { throw DTCGError(issues: issues) }
        // A file that yields no token at all (everything skipped, or no tokens in it): a
        // warning once the files are otherwise valid.
        var readByFile: [String: Int] = [:]
        var skippedByFile: [String: Int] = [:]
        for token in document.tokens.values {
            guard let source = token.source else { continue }
            if token.value == nil {
                skippedByFile[source, default: 0] += 1
            } else {
                readByFile[source, default: 0] += 1
            }
        }
        for name in document.maps.keys.sorted() where readByFile[name] == nil {
            issues.append(
                DTCGIssue(
                    path: [], kind: .noTokens(skipped: skippedByFile[name] ?? 0), source: name, line: 1,
                    column: 1))
        }
        return DTCGImportReport(
            theme: theme, warnings: issues, leftOut: builder.leftOut,
            tokensRead: readByFile.values.reduce(0, +), tokensSkipped: skippedByFile.values.reduce(0, +))
    }

    /// ``importTheme(from:basedOn:)`` with what the theme left out.
    package func importReport(from sources: DTCGThemeSources) throws -> DTCGImportReport {
        let variants: [(ColorVariant, [DTCGSource])] = [
            (.dark, sources.dark), (.lightHighContrast, sources.lightHighContrast),
            (.darkHighContrast, sources.darkHighContrast),
        ]
        return try importReport(
            base: DTCGDocument(sources: sources.base, options: options),
            variants: variants.filter { !$0.1.isEmpty }.map { variant, files in
                (variant, DTCGDocument(sources: sources.base + files, options: options))
            },
            basedOn: nil)
    }

    /// The theme from one file.
    public func importTheme(from source: DTCGSource, basedOn base: KeelTheme? = nil) throws -> KeelTheme {
        try importTheme(from: DTCGThemeSources(base: [source]), basedOn: base).theme
    }
}

/// A theme, the warnings of its files and the tokens it left out.
package struct DTCGImportReport: Sendable {
    /// The theme.
    package var theme: KeelTheme
    /// Every warning.
    package var warnings: [DTCGIssue]
    /// Each token the theme has no place for (or that was skipped), with why, sorted by path.
    package var leftOut: [(path: TokenPath, reason: String)]
    /// How many tokens the files gave a value (read), beside the theme's own count.
    package var tokensRead = 0
    /// How many tokens lenient reading skipped.
    package var tokensSkipped = 0
}

/// Maps resolved tokens to theme tables.
private struct ThemeBuilder {
    let document: DTCGDocument
    let remBase: Double
    let strict: Bool
    var issues: [DTCGIssue] = []
    var leftOut: [(path: TokenPath, reason: String)] = []
    /// ``rootSkip(of:)``'s memo.
    var skipRoots: [TokenPath: DTCGDeparture] = [:]
    var variantIssues: [DTCGIssue] = []
    var colors: [ColorToken: KeelThemeColor] = [:]
    var colorPaths: [ColorToken: TokenPath] = [:]
    var metrics = ThemeMetrics()
    var components: [ComponentIdentifier: ComponentTheme] = [:]
    var componentColorPaths: [TokenPath: (ComponentIdentifier, ComponentValueKey)] = [:]
    /// The token behind each component colour that is a palette reference, for variants.
    var componentPalettePaths: [TokenPath: (ComponentIdentifier, ComponentValueKey)] = [:]
    /// The token behind each theme shadow and the index of the layer drawn, for variants.
    var shadowPaths: [ShadowToken: (TokenPath, Int)] = [:]
    var extensions: [String: JSONValue] = [:]
    /// The token behind each theme value, by theme path (`radius.md`, `component.button.height`).
    var provenance: [String: DTCGToken] = [:]
    /// The `%` radius tokens (or aliases of one) read as the pill radius.
    var pillRadii: Set<TokenPath> = []

    init(document: DTCGDocument, remBase: Double, strict: Bool) {
        self.document = document
        self.remBase = remBase
        self.strict = strict
    }

    /// Other names of theme groups that published systems use (`colors`, `space`, `radii` …).
    static let groupSynonyms = ThemeGroupNames.synonyms

    static func name(_ segments: ArraySlice<String>) -> String {
        segments.filter { $0 != "$root" }.joined(separator: ".")
    }

    static func keel(_ token: DTCGToken) -> JSONObject? {
        token.extensions?[DTCGThemeImporter.extensionKey]?.objectValue
    }

    static let themeGroups: Set<String> = [
        "color", "font", "spacing", "radius", "borderWidth", "iconSize", "opacity", "elevation", "shadow",
        "motion",
    ]

    mutating func build() {
        checkRoot()
        for token in document.sortedTokens {
            guard let written = token.path.segments.first else { continue }
            var group = ThemeBuilder.groupSynonyms[written] ?? written
            guard let value = token.value else {
                if group == "radius", fullRadius(token) { continue }
                skipped(token, group: group)
                continue
            }
            if group == "elevation", case .shadow = value { group = "shadow" }
            guard ThemeBuilder.themeGroups.contains(group) || group == "component" else {
                leftOut.append((token.path, "not under a theme group (color, font, spacing, radius, …)"))
                continue
            }
            let name = ThemeBuilder.name(token.path.segments.dropFirst())
            if var vendor = token.extensions?.objectValue {
                vendor[DTCGThemeImporter.extensionKey] = nil
                if vendor.count > 0 {
                    extensions[ThemeBuilder.name(token.path.segments[...])] = .object(vendor)
                }
            }
            if ThemeBuilder.themeGroups.contains(group), name.isEmpty {
                // `color.$root` (or a token named `color`): valid DTCG, but no theme token name.
                ignore(token, "a theme \(group) token needs a name below '\(group)'")
                continue
            }
            if let negative = ThemeBuilder.negativeLength(value), ThemeBuilder.lengthGroups.contains(group) {
                // A negative margin (`space.negative.100`) is a valid token but no theme spacing:
                // left out with a warning, not an error that fails the whole theme.
                ignore(
                    token,
                    "negative \(group) \(JSONValue.format(negative)) is not a theme \(group) value (must not be negative)"
                )
                continue
            }
            provenance["\(group).\(name)"] = token
            switch (group, value) {
            case ("color", .color(let color)):
                let tokenName = ColorToken(rawValue: name)
                colors[tokenName] = themeColor(color.srgb, token)
                colorPaths[tokenName] = token.path
            case ("font", .typography(let typography)):
                let style = fontStyle(typography, token)
                if finite(
                    token, ("fontSize", style.size), ("lineHeight", style.lineHeight ?? 0),
                    ("letterSpacing", style.letterSpacing))
                {
                    metrics.fonts[KeelFontToken(rawValue: name)] = style
                }
            case ("spacing", .number(let number)), ("radius", .number(let number)),
                ("borderWidth", .number(let number)), ("iconSize", .number(let number)):
                // Figma exports lengths as numbers: points, a departure from the spec.
                issues.append(
                    DTCGIssue(
                        path: token.path,
                        kind: .departure(.plainNumber(JSONValue.format(number), unit: "pt"), strict: strict),
                        source: token.source))
                let dimension = DTCGDimension(value: number)
                switch group {
                case "spacing": metrics.spacings[SpacingToken(rawValue: name)] = number
                case "radius": metrics.radii[RadiusToken(rawValue: name)] = number
                case "borderWidth": metrics.borderWidths[BorderWidthToken(rawValue: name)] = .points(number)
                default: metrics.iconSizes[IconSizeToken(rawValue: name)] = dimension.value
                }
            case ("spacing", .dimension(let dimension)):
                if let points = points(dimension, token) {
                    metrics.spacings[SpacingToken(rawValue: name)] = points
                }
            case ("radius", .dimension(let dimension)):
                if let points = points(dimension, token) {
                    metrics.radii[RadiusToken(rawValue: name)] = points
                }
            case ("borderWidth", .dimension(let dimension)):
                let physical =
                    keelChoice(ThemeBuilder.keel(token), "unit", ["physical-pixel", "point"], token)
                    == "physical-pixel"
                if physical {
                    metrics.borderWidths[BorderWidthToken(rawValue: name)] = .physicalPixels(dimension.value)
                } else if let points = points(dimension, token) {
                    metrics.borderWidths[BorderWidthToken(rawValue: name)] = .points(points)
                }
            case ("iconSize", .dimension(let dimension)):
                if let points = points(dimension, token) {
                    metrics.iconSizes[IconSizeToken(rawValue: name)] = points
                }
            case ("opacity", .number(let number)):
                metrics.opacities[OpacityToken(rawValue: name)] = number
            case ("elevation", .number(let number)):
                metrics.elevations[ElevationToken(rawValue: name)] = number
            case ("shadow", .shadow(let layers)) where layers.isEmpty:
                // `"none"`: no layer, nothing for the theme's shadow table to hold.
                ignore(token, "a shadow with no layers ('none') is not a theme shadow value")
            case ("shadow", .shadow(let layers)):
                guard let (style, layer) = shadow(layers, token) else { continue }
                if finite(
                    token, ("offsetX", style.offsetX), ("offsetY", style.offsetY), ("blur", style.radius),
                    ("spread", style.spread))
                {
                    metrics.shadows[ShadowToken(rawValue: name)] = style
                    shadowPaths[ShadowToken(rawValue: name)] = (token.path, layer)
                }
            case ("motion", .transition(let transition)):
                metrics.motions[MotionToken(rawValue: name)] = motion(
                    duration: transition.duration.seconds, delay: transition.delay.seconds,
                    curve: .bezier(transition.timingFunction), token)
            case ("motion", .duration(let duration)):
                metrics.motions[MotionToken(rawValue: name)] = motion(
                    duration: duration.seconds, delay: 0, curve: .linear, token)
            case ("component", _):
                component(token, value)
            case (let group, _) where ThemeBuilder.themeGroups.contains(group):
                // Validity of the file and its mapping onto a theme are different questions.
                ignore(token, "a \(value.type.rawValue) token is not a theme \(group) value")
            default:
                continue
            }
        }
    }

    /// The theme groups whose values are lengths that must not be negative.
    static let lengthGroups: Set<String> = ["spacing", "radius", "borderWidth", "iconSize"]

    /// The value when `value` is a negative number or dimension, else `nil`.
    static func negativeLength(_ value: TokenValue) -> Double? {
        switch value {
        case .number(let number) where number < 0: number
        case .dimension(let dimension) where dimension.value < 0: dimension.value
        default: nil
        }
    }

    /// Whether the table of theme group `group` takes tokens of `type` (the cases of the
    /// mapping above; `component` takes every type, groups outside the theme none).
    static func takes(_ type: TokenType, in group: String) -> Bool {
        switch group {
        case "color": type == .color
        case "font": type == .typography
        case "spacing", "radius", "borderWidth", "iconSize": type == .dimension || type == .number
        case "opacity": type == .number
        case "elevation": type == .number || type == .shadow
        case "shadow": type == .shadow
        case "motion": type == .transition || type == .duration
        case "component": true
        default: false
        }
    }

    /// The departure that first skipped a token in the chain of skipped references starting
    /// at `path` (each step a different skipped token), remembered for every path on the way so
    /// a long alias chain is walked once, not once per token.
    mutating func rootSkip(of path: TokenPath) -> DTCGDeparture? {
        var visited: [TokenPath] = []
        var current = path
        var root: DTCGDeparture?
        while true {
            if let known = skipRoots[current] {
                root = known
                break
            }
            guard let departure = document.skipped[current] else { break }
            visited.append(current)
            guard case .dependsOnSkipped(let next) = departure, visited.count <= document.skipped.count else {
                root = departure
                break
            }
            current = next
        }
        if let root { for step in visited { skipRoots[step] = root } }
        return root
    }

    mutating func ignore(_ token: DTCGToken, _ reason: String) {
        issues.append(DTCGIssue(path: token.path, kind: .notAThemeValue(reason), source: token.source))
        leftOut.append((token.path, reason))
    }

    /// A radius skipped for its `%` unit (Astro's `radius.circle: "50%"`) that is 50% or
    /// more: in CSS its corners meet, rounding each side whole (a circle, a capsule), so it
    /// reads as the default theme's pill radius with a warning. `false` for anything else,
    /// which stays skipped.
    mutating func fullRadius(_ token: DTCGToken) -> Bool {
        // An alias (`radius.pill: "{radius.circle}"`, `radius.full: "{core.r50}"`) reads as
        // what it names: it used to stay skipped, and the theme then missed it.
        var written = token
        for _ in 0..<DTCGResolverParser.maximumReferenceDepth {
            guard case .dependsOnSkipped(let target)? = document.skipped[written.path],
                let next = document.tokens[target]
            else { break }
            written = next
        }
        guard case .unconvertibleUnit("%", _)? = document.skipped[written.path],
            let percent = ThemeBuilder.percentage(written.rawValue), percent >= 50,
            let pill = DefaultTokens.radii[.pill]
        else { return false }
        let name = ThemeBuilder.name(token.path.segments.dropFirst())
        guard !name.isEmpty else { return false }
        issues.append(
            DTCGIssue(
                path: token.path,
                kind: .departure(
                    .convertedUnit(
                        value: percent, unit: "%", points: pill,
                        basis: "a radius of 50% or more rounds the whole side: the pill radius"),
                    strict: strict),
                source: token.source))
        provenance["radius.\(name)"] = token
        metrics.radii[RadiusToken(rawValue: name)] = pill
        pillRadii.insert(token.path)
        return true
    }

    /// The number of a percentage written `"50%"` or `{"value": 50, "unit": "%"}`.
    static func percentage(_ json: JSONValue) -> Double? {
        switch json {
        case .string(let text) where text.hasSuffix("%"):
            return Double(text.dropLast().trimmingCharacters(in: .whitespaces)).flatMap {
                $0.isFinite ? $0 : nil
            }
        case .object(let object) where object["unit"]?.stringValue == "%":
            return object["value"]?.numberValue
        default: return nil
        }
    }

    /// A token without a value: skipped by a lenient departure (an error when the theme needs it:
    /// it is under a theme group and not of a type of its own), or invalid (already an error).
    mutating func skipped(_ token: DTCGToken, group: String) {
        guard let departure = document.skipped[token.path] else { return }
        leftOut.append((token.path, "skipped: \(departure.message)"))
        // A type of its own, or a CSS gradient under `color` (Tokens Studio's gradients): not a
        // value the theme's tables could hold, so leaving it out loses nothing they need.
        // A colour alias of such a gradient (`"{color.fade}"`) is skipped for the same reason.
        // Only a gradient: a colour aliasing a vendor-typed token is a type mismatch, and a
        // shadow or typography that needs the gradient cannot be drawn — both stay errors.
        let isOwnType: Bool
        switch departure {
        case .extensionType, .cssGradient: isOwnType = true
        case .dependsOnSkipped(let target):
            if case .cssGradient = rootSkip(of: target), token.type == .color {
                isOwnType = true
            } else {
                isOwnType = false
            }
        default: isOwnType = false
        }
        // Of a type the group's table does not take (`font.letter-spacing.body` is a dimension;
        // `font` takes typographies): the theme would have ignored its value, so it needs none.
        if let type = token.type, !ThemeBuilder.takes(type, in: group) { return }
        if ThemeBuilder.themeGroups.contains(group) || group == "component", !isOwnType {
            issues.append(
                DTCGIssue(path: token.path, kind: .skippedThemeToken(departure), source: token.source))
        }
    }

    /// The length in points, or `nil` (and an error quoting the file) when the conversion
    /// leaves the finite numbers (`1.797e308 rem`).
    mutating func points(_ dimension: DTCGDimension, _ token: DTCGToken) -> Double? {
        let points = dimension.points(remBase: remBase)
        guard points.isFinite else {
            issues.append(
                DTCGIssue(
                    path: token.path,
                    kind: .invalidValue(
                        "\(JSONValue.format(dimension.value)) \(dimension.unit.rawValue) at \(JSONValue.format(remBase)) pt per rem is beyond the largest finite length"
                    ), source: token.source))
            return nil
        }
        return points
    }

    /// Whether every converted part is finite; reports the first that is not.
    mutating func finite(_ token: DTCGToken, _ parts: (String, Double)...) -> Bool {
        guard let part = parts.first(where: { !$0.1.isFinite }) else { return true }
        issues.append(
            DTCGIssue(
                path: token.path,
                kind: .invalidValue("\(part.0) is beyond the largest finite number once converted to points"),
                source: token.source))
        return false
    }

    /// A colour with the appearance variants of `token`'s `$extensions["dev.keel"]`.
    mutating func themeColor(_ light: ColorValue, _ token: DTCGToken) -> KeelThemeColor {
        KeelThemeColor(
            light: light, dark: keelColor("dark", token),
            lightHighContrast: keelColor("lightHighContrast", token),
            darkHighContrast: keelColor("darkHighContrast", token))
    }

    /// The colour of member `key` of `token`'s `$extensions["dev.keel"]` (any DTCG colour
    /// value), `nil` when absent; an error located at the member when it is no colour.
    mutating func keelColor(_ key: String, _ token: DTCGToken) -> ColorValue? {
        guard let json = ThemeBuilder.keel(token)?[key] else { return nil }
        let probe = DTCGDocument(
            source: DTCGSource(
                name: "variant",
                text: JSONValue.object(
                    JSONObject([("v", .object(JSONObject([("$type", .string("color")), ("$value", json)])))])
                )
                .encoded(pretty: false)))
        if case .color(let color)? = probe["v"]?.value { return color.srgb }
        let reason = probe.errors.first.map(\.message) ?? "not a colour"
        badKeel(token, [key], "not a colour: \(reason)")
        return nil
    }

    /// Reports a malformed member of Keel's `$extensions["dev.keel"]` (of `token`, or at the
    /// root when `nil`) as an error located at the member: the value is not silently defaulted.
    mutating func badKeel(_ token: DTCGToken?, _ member: [String], _ reason: String) {
        let base = (token?.path.segments ?? []) + ["$extensions", DTCGThemeImporter.extensionKey]
        issues.append(
            DTCGIssue(
                path: TokenPath(base + member.dropLast()),
                kind: .invalidProperty(member.last ?? DTCGThemeImporter.extensionKey, reason: reason),
                source: token?.source))
    }

    /// The string member `key` of `object`, `nil` when absent; an error when it is present
    /// but not one of `allowed` (or not a string).
    mutating func keelChoice(
        _ object: JSONObject?, _ key: String, _ allowed: [String], _ token: DTCGToken?,
        at member: [String] = []
    ) -> String? {
        guard let json = object?[key] else { return nil }
        if let text = json.stringValue, allowed.contains(text) { return text }
        badKeel(
            token, member + [key],
            "\(json.encoded(pretty: false)) is not one of \(allowed.map { "'\($0)'" }.joined(separator: ", "))"
        )
        return nil
    }

    /// The number member `key` of `object`, `nil` when absent; an error when it is present
    /// but not a finite number.
    mutating func keelNumber(
        _ object: JSONObject?, _ key: String, _ token: DTCGToken?, at member: [String] = []
    )
        -> Double?
    {
        guard let json = object?[key] else { return nil }
        if let number = json.numberValue, number.isFinite { return number }
        badKeel(token, member + [key], "\(json.encoded(pretty: false)) is not a number")
        return nil
    }

    mutating func fontStyle(_ typography: TypographyValue, _ token: DTCGToken) -> FontStyle {
        let keel = ThemeBuilder.keel(token)
        let size = typography.fontSize.points(remBase: remBase)
        if let json = keel?["faces"], json.objectValue == nil {
            badKeel(token, ["faces"], "not an object of families")
        }
        let faces = keel?["faces"]?.objectValue
        for (family, weights) in faces?.pairs ?? [] {
            guard let weights = weights.objectValue else {
                badKeel(token, ["faces", family], "not an object of weights and PostScript names")
                continue
            }
            for (weight, face) in weights.pairs where Double(weight) == nil || face.stringValue == nil {
                badKeel(
                    token, ["faces", family, weight],
                    Double(weight) == nil ? "'\(weight)' is not a font weight" : "not a PostScript name")
            }
        }
        let families = typography.fontFamily.map { name -> FontFamily in
            switch name {
            case FontFamily.pingFangSC.name: return .pingFangSC
            // The system font however a CSS stack or a design tool names it.
            case "System", "system-ui", "-apple-system", "BlinkMacSystemFont", "ui-sans-serif", "SF Pro",
                "SF Pro Text", "SF Pro Display":
                return .system
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
        let maximum = keelNumber(keel, "maximumSize", token)
        if keelChoice(keel, "scaling", ["fixed", "dynamic"], token) == "fixed" {
            scaling = .fixed
        } else if let maximum {
            scaling = .dynamic(maximum: maximum)
        }
        if let natural = keel?["naturalLineHeight"], natural.boolValue == nil {
            badKeel(token, ["naturalLineHeight"], "\(natural.encoded(pretty: false)) is not true or false")
        }
        let textStyle = keelChoice(keel, "textStyle", TextStyle.allCases.map(\.rawValue), token)
        let product = typography.lineHeight * size
        // Rounded to a millionth of a point where that cannot overflow.
        let lineHeight = abs(product) < 1e290 ? (product * 1e6).rounded() / 1e6 : product
        return FontStyle(
            families: families, size: size, weight: typography.fontWeight,
            lineHeight: keel?["naturalLineHeight"] == .bool(true) ? nil : lineHeight,
            letterSpacing: typography.letterSpacing.points(remBase: remBase),
            textStyle: textStyle.flatMap(TextStyle.init(rawValue:)) ?? .body,
            scaling: scaling)
    }

    /// The layer of a DTCG shadow the theme's one-layer, outer-only ``ShadowValue`` draws: of the
    /// outer (not `inset`) layers, the visible ones (alpha above 0) if any, the most opaque,
    /// then the most blurred, then the first. `nil` when every layer is inset.
    static func drawnLayer(_ layers: [ShadowLayer]) -> Int? {
        let outer = layers.indices.filter { !layers[$0].inset }
        let visible = outer.filter { layers[$0].color.srgb.alpha > 0 }
        let candidates = visible.isEmpty ? outer : visible
        var best: Int?
        for index in candidates {
            guard let current = best else {
                best = index
                continue
            }
            let (a, b) = (layers[index], layers[current])
            let (alpha, bestAlpha) = (a.color.srgb.alpha, b.color.srgb.alpha)
            if alpha > bestAlpha || (alpha == bestAlpha && a.blur.value > b.blur.value) { best = index }
        }
        return best
    }

    /// The theme shadow of a DTCG shadow and the index of the layer it draws, or `nil` (the
    /// token left out with a warning) when every layer is inset. Layers the theme cannot draw
    /// (inset ones, and every visible layer beside the drawn one) are named in a warning.
    mutating func shadow(_ layers: [ShadowLayer], _ token: DTCGToken) -> (ShadowValue, Int)? {
        guard let index = ThemeBuilder.drawnLayer(layers) else {
            ignore(token, "an inset (inner) shadow cannot be drawn: a theme shadow is an outer drop shadow")
            return nil
        }
        let lost = layers.indices.filter {
            $0 != index && (layers[$0].inset || layers[$0].color.srgb.alpha > 0)
        }
        if !lost.isEmpty {
            let names = lost.map { "\($0)\(layers[$0].inset ? " (inset)" : "")" }.joined(separator: ", ")
            issues.append(
                DTCGIssue(
                    path: token.path,
                    kind: .notAThemeValue(
                        "shadow layer\(lost.count == 1 ? "" : "s") \(names) of \(layers.count): a theme shadow draws one outer layer, here layer \(index) (the most opaque)"
                    ), source: token.source))
        }
        let layer = layers[index]
        let keel = ThemeBuilder.keel(token)
        let srgb = layer.color.srgb
        var color = ShadowColor.fixed(KeelThemeColor(light: srgb.withAlpha(1)))
        var opacity = srgb.alpha
        if let json = keel?["colorToken"], json.stringValue == nil {
            badKeel(token, ["colorToken"], "\(json.encoded(pretty: false)) is not a colour token name")
        }
        let keelOpacity = keelNumber(keel, "opacity", token)
        if let tokenName = keel?["colorToken"]?.stringValue {
            color = .token(ColorToken(rawValue: tokenName))
            opacity = keelOpacity ?? srgb.alpha
        } else if let (name, ratio) = paletteShare(
            of: layer, raw: ThemeBuilder.rawLayer(token.rawValue, index))
        {
            // The layer's colour is a palette colour at a fraction of its alpha (Primer's
            // `alpha` member on an alias): the palette token, at that fraction.
            color = .token(name)
            opacity = ratio
        }
        var value = ShadowValue(
            color: color, offsetX: layer.offsetX.points(remBase: remBase),
            offsetY: layer.offsetY.points(remBase: remBase),
            radius: layer.blur.points(remBase: remBase) / 2, opacity: opacity,
            spread: layer.spread.points(remBase: remBase))
        // Appearance variants as the exporter writes them: the colour drawn (alpha included).
        for variant in [ColorVariant.dark, .lightHighContrast, .darkHighContrast] {
            if let drawn = keelColor(variant.rawValue, token) {
                value.setColor(variant, drawn, palette: colors)
            }
        }
        return (value, index)
    }

    /// Layer `index` of a shadow's `$value` as written (an object, or an element of an array).
    static func rawLayer(_ raw: JSONValue, _ index: Int) -> JSONValue? {
        if let array = raw.arrayValue { return array.indices.contains(index) ? array[index] : nil }
        return index == 0 ? raw : nil
    }

    /// The palette colour a layer's written `color` names and the fraction of that colour's
    /// alpha the layer draws, when the layer's colour is the palette colour's but for alpha
    /// (an alias, with or without an `alpha` member); `nil` otherwise (a literal, or a
    /// modifier that changed the colour).
    func paletteShare(of layer: ShadowLayer, raw: JSONValue?) -> (ColorToken, Double)? {
        guard let reference = raw?["color"].flatMap(ThemeBuilder.referenceText),
            let target = paletteColor(reference), case .color(let palette)? = target.value
        else { return nil }
        let (drawn, own) = (layer.color.srgb, palette.srgb)
        guard drawn.withAlpha(1) == own.withAlpha(1) else { return nil }
        if drawn.alpha == own.alpha { return (target.name, 1) }
        guard own.alpha > 0, drawn.alpha <= own.alpha else { return nil }
        return (target.name, drawn.alpha / own.alpha)
    }

    /// The reference a written value is (a curly string or a `{"$ref": …}` object), else `nil`.
    static func referenceText(_ value: JSONValue) -> String? {
        if case .string(let text) = value, DTCGReference.isCurly(text) { return text }
        if case .object(let object) = value, object.count == 1 { return object["$ref"]?.stringValue }
        return nil
    }

    /// The palette colour a reference (`{color.black}`, `{"$ref": "#/color/black"}`, or a
    /// group synonym such as `{colors.black}`) names: its theme name and resolved value, or
    /// `nil` when the reference does not name a token of the theme's `color` group.
    func paletteColor(_ reference: String) -> (name: ColorToken, value: TokenValue?)? {
        let segments: [String]
        if DTCGReference.isCurly(reference) {
            segments = DTCGReference.curlySegments(reference)
        } else if let pointer = DTCGReference.pointerSegments(reference) {
            // A pointer may name `$value` or a member of it: only a whole token counts.
            segments = pointer
        } else {
            return nil
        }
        guard let first = segments.first, (ThemeBuilder.groupSynonyms[first] ?? first) == "color",
            segments.count > 1, let target = document.tokens[TokenPath(segments)]
        else { return nil }
        return (ColorToken(rawValue: ThemeBuilder.name(segments.dropFirst())), target.value)
    }

    mutating func motion(duration: Double, delay: Double, curve: MotionCurve, _ token: DTCGToken)
        -> MotionStyle
    {
        let keel = ThemeBuilder.keel(token)
        var style = MotionStyle(duration: duration, curve: curve, delay: delay)
        switch keelChoice(keel, "curve", ["linear", "easeIn", "easeOut", "easeInOut"], token) {
        case "linear": style.curve = .linear
        case "easeIn": style.curve = .easeIn
        case "easeOut": style.curve = .easeOut
        case "easeInOut": style.curve = .easeInOut
        default: break
        }
        if let json = keel?["spring"] {
            let spring = json.objectValue
            if spring == nil { badKeel(token, ["spring"], "not an object with mass, stiffness and damping") }
            var parts: [Double] = []
            for member in ["mass", "stiffness", "damping"] {
                if spring != nil, spring?[member] == nil {
                    badKeel(token, ["spring", member], "missing: a spring needs mass, stiffness and damping")
                } else if let number = keelNumber(spring, member, token, at: ["spring"]) {
                    parts.append(number)
                }
            }
            if parts.count == 3 {
                style.curve = .spring(Spring(mass: parts[0], stiffness: parts[1], damping: parts[2]))
            }
        }
        if let fade = keelNumber(keel, "reducedMotionCrossFade", token) {
            style.reducedMotion = .crossFade(duration: fade)
        }
        return style
    }

    mutating func component(_ token: DTCGToken, _ value: TokenValue) {
        let segments = token.path.segments
        guard segments.count >= 3 else {
            ignore(token, "component values live at component.<name>.<key>")
            return
        }
        provenance["component.\(segments[1]).\(ThemeBuilder.name(segments.dropFirst(2)))"] = token
        let component = ComponentIdentifier(rawValue: segments[1])
        let key = ComponentValueKey(rawValue: ThemeBuilder.name(segments.dropFirst(2)))
        let keel = ThemeBuilder.keel(token)
        var result: ComponentValue?
        switch value {
        case .color(let color):
            // A palette reference only when the resolved value is the palette colour's own: an
            // alias with a Primer `alpha` member or a Tokens Studio modifier is a colour of its own.
            if let target = token.aliasTarget.flatMap(paletteColor), target.value == value {
                result = .colorToken(target.name)
                componentPalettePaths[token.path] = (component, key)
            } else {
                result = .color(themeColor(color.srgb, token))
                componentColorPaths[token.path] = (component, key)
            }
        case .dimension(let dimension):
            guard let points = points(dimension, token) else { return }
            result =
                keelChoice(keel, "role", ["hitTarget"], token) == "hitTarget"
                ? .hitTarget(points) : .dimension(points)
        case .number(let number):
            result = .number(number)
        case .typography:
            if let target = token.aliasTarget, target.hasPrefix("{font.") {
                result = .font(
                    KeelFontToken(
                        rawValue: ThemeBuilder.name(DTCGReference.curlySegments(target).dropFirst())))
            }
        default:
            break
        }
        guard let result else {
            ignore(token, "a \(value.type.rawValue) token is not a component value")
            return
        }
        components[component, default: ComponentTheme()][key] = result
    }

    /// A theme issue as a file issue at the token behind the value (or, for values the theme
    /// lacks, where the file would define them).
    func locate(_ issue: ThemeIssue, in theme: KeelTheme) -> DTCGIssue {
        let root = ["$extensions", DTCGThemeImporter.extensionKey]
        func token(_ themePath: String) -> TokenPath? {
            var candidate = themePath
            while true {
                if let token = provenance[candidate] { return token.path }
                guard let dot = candidate.lastIndex(of: ".") else { return nil }
                candidate = String(candidate[..<dot])
            }
        }
        func tokenPath(_ kind: TokenKind, _ name: String) -> TokenPath {
            if kind == .icon { return TokenPath(root + ["icons", name]) }
            return token("\(kind.rawValue).\(name)")
                ?? TokenPath(
                    [kind.rawValue]
                        + name.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
        }
        let path: TokenPath
        switch issue {
        case .emptyIdentifier: path = TokenPath(root + ["identifier"])
        case .emptyDisplayName: path = TokenPath(root + ["displayName"])
        case .emptyTokenName(let kind): path = TokenPath([kind.rawValue])
        case .missingToken(let kind, let name, let referencer):
            if referencer == "contrast pair" {
                path = TokenPath(root + ["contrastPairs"])
            } else if let referencer, let found = token(referencer) {
                path = found
            } else {
                path = tokenPath(kind, name)
            }
        case .nonFiniteValue(let themePath, _), .outOfRange(let themePath, _, _), .emptyText(let themePath),
            .hitTargetTooSmall(let themePath, _, _):
            if themePath.hasPrefix("icon."), !themePath.hasPrefix("iconSize.") {
                path = TokenPath(
                    root + ["icons", String(themePath.dropFirst(5).split(separator: ".").first ?? "")])
            } else {
                path = token(themePath) ?? TokenPath(dotted: themePath)
            }
        case .maximumBelowBaseSize(let font, _, _): path = tokenPath(.font, font)
        case .insufficientContrast(let pair, _, _):
            let index = theme.contrastPairs.firstIndex(of: pair) ?? 0
            path = TokenPath(root + ["contrastPairs", String(index)])
        }
        return DTCGIssue(path: path, kind: .theme(issue))
    }

    /// Applies one appearance's resolution. A token counts when its value differs from
    /// `fallback`'s, the resolution the appearance falls back to (the base for dark and light
    /// high contrast; the dark resolution, when there is one, for dark high contrast, since a
    /// `nil` dark-high-contrast colour shows the dark one).
    mutating func applyVariant(
        _ variant: ColorVariant, from variantDocument: DTCGDocument, fallback: DTCGDocument
    ) {
        // Only tokens the variant files change (directly or through an alias) override.
        func changed(_ path: TokenPath) -> TokenValue? {
            guard let value = variantDocument.tokens[path]?.value, value != fallback.tokens[path]?.value
            else { return nil }
            return value
        }
        func pick(_ path: TokenPath) -> ColorValue? {
            guard case .color(let color)? = changed(path) else { return nil }
            return color.srgb
        }
        for (token, path) in colorPaths {
            guard let value = pick(path), var color = colors[token] else { continue }
            color.set(variant, value)
            colors[token] = color
        }
        for (path, (component, key)) in componentPalettePaths {
            // A palette reference the variant files point elsewhere (Tokens Studio's dark set
            // aliasing `{color.blue.300}` where the light one says `{color.blue.600}`): the
            // palette colour's variant no longer draws it, so it becomes the component's own
            // colour (it used to stay the light reference, the dark value dropped unsaid).
            guard let value = pick(path), case .colorToken(let name)? = components[component]?[key],
                let palette = colors[name], palette.resolved(variant) != value
            else { continue }
            var color = palette
            color.set(variant, value)
            components[component]?[key] = .color(color)
            componentPalettePaths[path] = nil
            componentColorPaths[path] = (component, key)
        }
        for (path, (component, key)) in componentColorPaths {
            guard let value = pick(path), case .color(var color)? = components[component]?[key] else {
                continue
            }
            color.set(variant, value)
            components[component]?[key] = .color(color)
        }
        for (name, (path, index)) in shadowPaths {
            guard case .shadow(let layers)? = changed(path), var shadow = metrics.shadows[name] else {
                continue
            }
            // The layer the base drew, or (another layer count) the one the same rule picks.
            let layer = layers.count == shadowLayerCount(path) ? index : ThemeBuilder.drawnLayer(layers)
            guard let layer, layers.indices.contains(layer) else { continue }
            shadow.setColor(variant, layers[layer].color.srgb, palette: colors)
            metrics.shadows[name] = shadow
        }
        // Colours the variant files define and the base does not: no light value to pair them
        // with, so left out with a warning rather than dropped unsaid.
        for token in variantDocument.sortedTokens where document.tokens[token.path] == nil {
            guard case .color? = token.value, let first = token.path.segments.first else { continue }
            let group = ThemeBuilder.groupSynonyms[first] ?? first
            guard group == "color" || group == "component" else { continue }
            let reason =
                "a colour defined only in the \(variant.rawValue) files has no light value for the theme; define it in the base files"
            variantIssues.append(
                variantDocument.located(
                    DTCGIssue(path: token.path, kind: .notAThemeValue(reason), source: token.source)))
            if !leftOut.contains(where: { $0.path == token.path }) { leftOut.append((token.path, reason)) }
        }
    }

    /// How many layers the base document's shadow at `path` has.
    func shadowLayerCount(_ path: TokenPath) -> Int {
        if case .shadow(let layers)? = document.tokens[path]?.value { return layers.count }
        return 0
    }

    /// Checks the root `$extensions["dev.keel"]` members ``theme(basedOn:)`` reads: a
    /// malformed one is a located error, not a silent default (a pair without a foreground
    /// dropped, an unknown requirement read as AA text).
    mutating func checkRoot() {
        guard let root = document.tree["$extensions"]?[DTCGThemeImporter.extensionKey]?.objectValue else {
            return
        }
        for key in ["identifier", "displayName"] {
            if let json = root[key], json.stringValue == nil {
                badKeel(nil, [key], "\(json.encoded(pretty: false)) is not a string")
            }
        }
        if let json = root["contrastPairs"] {
            if json.arrayValue == nil { badKeel(nil, ["contrastPairs"], "not an array of pairs") }
            for (index, pair) in (json.arrayValue ?? []).enumerated() {
                let at = ["contrastPairs", String(index)]
                guard let object = pair.objectValue else {
                    badKeel(nil, at, "not an object with foreground, background and requirement")
                    continue
                }
                for member in ["foreground", "background"] where object[member]?.stringValue == nil {
                    badKeel(nil, at + [member], object[member] == nil ? "missing" : "not a colour token name")
                }
                _ = keelChoice(
                    object, "requirement", ContrastRequirement.allCases.map(\.rawValue), nil, at: at)
            }
        }
        if let json = root["icons"] {
            if json.objectValue == nil { badKeel(nil, ["icons"], "not an object of icons") }
            for (name, icon) in json.objectValue?.pairs ?? [] where icon["symbol"]?.stringValue == nil {
                badKeel(nil, ["icons", name, "symbol"], "missing or not a symbol name")
            }
        }
    }

    func theme(basedOn base: KeelTheme?) -> KeelTheme {
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
            metrics.icons[KeelIconToken(rawValue: name)] = IconStyle(
                symbolName: symbol, mirrorsInRightToLeft: icon["mirrorsInRightToLeft"] == .bool(true))
        }
        return KeelTheme(
            identifier: ThemeIdentifier(rawValue: root?["identifier"]?.stringValue ?? "tokens"),
            displayName: root?["displayName"]?.stringValue ?? "Tokens", basedOn: base, colors: colors,
            metrics: metrics, components: components, contrastPairs: pairs, extensions: extensions)
    }
}

extension KeelThemeColor {
    /// Sets one appearance's colour.
    fileprivate mutating func set(_ variant: ColorVariant, _ value: ColorValue) {
        switch variant {
        case .light: light = value
        case .dark: dark = value
        case .lightHighContrast: lightHighContrast = value
        case .darkHighContrast: darkHighContrast = value
        }
    }

    /// Every appearance's colour with its alpha multiplied by `factor`.
    fileprivate func scalingAlpha(by factor: Double) -> KeelThemeColor {
        func scale(_ color: ColorValue) -> ColorValue { color.withAlpha(color.alpha * factor) }
        return KeelThemeColor(
            light: scale(light), dark: scale(dark), lightHighContrast: lightHighContrast.map(scale),
            darkHighContrast: darkHighContrast.map(scale))
    }
}

extension ShadowValue {
    /// Makes the shadow draw `drawn` (alpha included, as a DTCG layer colour is) under one
    /// appearance. A palette colour that already draws it stays; otherwise the colour becomes
    /// the shadow's own, with the opacity folded into each appearance's alpha when the new
    /// alpha is not a fraction of it.
    fileprivate mutating func setColor(
        _ variant: ColorVariant, _ drawn: ColorValue, palette: [ColorToken: KeelThemeColor]
    ) {
        var themed: KeelThemeColor
        switch color {
        case .token(let token):
            guard let paletteColor = palette[token] else { return }
            let shown = paletteColor.resolved(variant)
            if shown.withAlpha(shown.alpha * opacity) == drawn { return }
            themed = paletteColor
        case .fixed(let own):
            themed = own
        }
        if opacity > 0, drawn.alpha <= opacity {
            themed.set(variant, drawn.withAlpha(drawn.alpha / opacity))
        } else {
            themed = themed.scalingAlpha(by: opacity)
            themed.set(variant, drawn)
            opacity = 1
        }
        color = .fixed(themed)
    }
}

extension KeelThemeColor {
    /// The colour one appearance shows.
    fileprivate func resolved(_ variant: ColorVariant) -> ColorValue {
        switch variant {
        case .light: light
        case .dark: dark
        case .lightHighContrast: lightHighContrast ?? light
        case .darkHighContrast: darkHighContrast ?? dark
        }
    }
}
