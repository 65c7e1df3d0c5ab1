import KeelDesign
import KeelSupport

extension KeelTheme {
    /// The theme as a DTCG 2025.10 token file (JSON text) in the layout ``DTCGThemeImporter``
    /// reads, so exporting then importing gives back an equal theme (vendor `$extensions`
    /// included).
    ///
    /// ```swift
    /// try Data(theme.dtcgTokenFile().utf8).write(to: tokensURL)
    /// ```
    public func dtcgTokenFile() -> String { DTCGThemeExporter().exportJSON(self).encoded() }
}

/// Writes a `KeelTheme` as a DTCG token file (`KeelTheme.dtcgTokenFile()`).
package struct DTCGThemeExporter: Sendable {
    /// An exporter.
    package init() {}

    /// The token file as a JSON value.
    package func exportJSON(_ theme: KeelTheme) -> JSONValue {
        var tree = TokenTree()
        let key = DTCGThemeImporter.extensionKey

        for (token, color) in theme.colors.sorted(by: { $0.key < $1.key }) {
            tree.insert(["color"] + split(token.rawValue), colorToken(color), theme: theme)
        }
        for (fontToken, style) in theme.metrics.fonts.sorted(by: { $0.key < $1.key }) {
            var keel = JSONObject([("textStyle", .string(style.textStyle.rawValue))])
            switch style.scaling {
            case .fixed: keel["scaling"] = .string("fixed")
            case .dynamic(let maximum?): keel["maximumSize"] = .number(maximum)
            case .dynamic(nil): break
            }
            if style.lineHeight == nil { keel["naturalLineHeight"] = .bool(true) }
            var faces = JSONObject()
            for family in style.families
            where family != .pingFangSC && !family.isSystem && !family.faces.isEmpty {
                faces[family.name] = .object(
                    JSONObject(
                        family.faces.sorted { $0.key < $1.key }.map {
                            (JSONValue.format($0.key.rawValue), .string($0.value))
                        }))
            }
            if faces.count > 0 { keel["faces"] = .object(faces) }
            let value = TypographyValue(
                fontFamily: style.families.map(\.name), fontSize: DTCGDimension(value: style.size),
                fontWeight: style.weight, letterSpacing: DTCGDimension(value: style.letterSpacing),
                lineHeight: style.size > 0 ? (style.lineHeight ?? style.size * 1.2) / style.size : 1)
            tree.insert(
                ["font"] + split(fontToken.rawValue), token(.typography(value), keel: keel), theme: theme)
        }
        func dimensions<Token: RawRepresentable<String> & Comparable>(
            _ group: String, _ table: [Token: Double]
        ) {
            for (name, value) in table.sorted(by: { $0.key < $1.key }) {
                tree.insert(
                    [group] + split(name.rawValue), token(.dimension(DTCGDimension(value: value))),
                    theme: theme)
            }
        }
        func numbers<Token: RawRepresentable<String> & Comparable>(_ group: String, _ table: [Token: Double])
        {
            for (name, value) in table.sorted(by: { $0.key < $1.key }) {
                tree.insert([group] + split(name.rawValue), token(.number(value)), theme: theme)
            }
        }
        dimensions("spacing", theme.metrics.spacings)
        dimensions("radius", theme.metrics.radii)
        dimensions("iconSize", theme.metrics.iconSizes)
        numbers("opacity", theme.metrics.opacities)
        numbers("elevation", theme.metrics.elevations)
        for (name, width) in theme.metrics.borderWidths.sorted(by: { $0.key < $1.key }) {
            var keel = JSONObject()
            if case .physicalPixels = width { keel["unit"] = .string("physical-pixel") }
            tree.insert(
                ["borderWidth"] + split(name.rawValue),
                token(.dimension(DTCGDimension(value: width.rawAmount)), keel: keel),
                theme: theme)
        }
        for (name, shadow) in theme.metrics.shadows.sorted(by: { $0.key < $1.key }) {
            var keel = JSONObject()
            let base: ColorValue
            switch shadow.color {
            case .token(let colorToken):
                keel["colorToken"] = .string(colorToken.rawValue)
                keel["opacity"] = .number(shadow.opacity)
                base = theme.colors[colorToken]?.light ?? .black
            case .fixed(let themed):
                base = themed.light
                // The appearance variants, each the colour drawn (alpha × opacity) as the
                // layer's colour is, so an import gives the dark shadow back.
                func drawn(_ color: ColorValue) -> JSONValue {
                    DTCGColor(color.withAlpha(color.alpha * shadow.opacity)).json
                }
                if themed.dark != themed.light { keel["dark"] = drawn(themed.dark) }
                if let variant = themed.lightHighContrast { keel["lightHighContrast"] = drawn(variant) }
                if let variant = themed.darkHighContrast { keel["darkHighContrast"] = drawn(variant) }
            }
            let layer = ShadowLayer(
                color: DTCGColor(base.withAlpha(base.alpha * shadow.opacity)),
                offsetX: DTCGDimension(value: shadow.offsetX),
                offsetY: DTCGDimension(value: shadow.offsetY), blur: DTCGDimension(value: shadow.radius * 2),
                spread: DTCGDimension(value: shadow.spread), inset: false)
            tree.insert(["shadow"] + split(name.rawValue), token(.shadow([layer]), keel: keel), theme: theme)
        }
        for (name, motion) in theme.metrics.motions.sorted(by: { $0.key < $1.key }) {
            var keel = JSONObject()
            switch motion.curve {
            case .linear: keel["curve"] = .string("linear")
            case .easeIn: keel["curve"] = .string("easeIn")
            case .easeOut: keel["curve"] = .string("easeOut")
            case .easeInOut: keel["curve"] = .string("easeInOut")
            case .cubicBezier: break
            case .spring(let spring):
                keel["spring"] = .object(
                    JSONObject([
                        ("mass", .number(spring.mass)), ("stiffness", .number(spring.stiffness)),
                        ("damping", .number(spring.damping)),
                    ]))
            }
            if case .crossFade(let fade) = motion.reducedMotion {
                keel["reducedMotionCrossFade"] = .number(fade)
            }
            let value = TransitionValue(
                duration: DTCGDuration(value: motion.duration, unit: .s),
                delay: DTCGDuration(value: motion.delay, unit: .s),
                timingFunction: motion.curve.controlPoints ?? [0.42, 0, 0.58, 1])
            tree.insert(
                ["motion"] + split(name.rawValue), token(.transition(value), keel: keel), theme: theme)
        }
        for (component, values) in theme.components.sorted(by: { $0.key < $1.key }) {
            for (name, value) in values.values.sorted(by: { $0.key < $1.key }) {
                let path = ["component", component.rawValue] + split(name.rawValue)
                switch value {
                case .color(let color): tree.insert(path, colorToken(color), theme: theme)
                case .colorToken(let target):
                    let names = Set(theme.colors.keys.map(\.rawValue))
                    tree.insert(path, reference("color", target.rawValue, names, type: .color), theme: theme)
                case .font(let target):
                    let names = Set(theme.metrics.fonts.keys.map(\.rawValue))
                    tree.insert(
                        path, reference("font", target.rawValue, names, type: .typography), theme: theme)
                case .dimension(let points):
                    tree.insert(path, token(.dimension(DTCGDimension(value: points))), theme: theme)
                case .hitTarget(let points):
                    tree.insert(
                        path,
                        token(
                            .dimension(DTCGDimension(value: points)),
                            keel: JSONObject([("role", .string("hitTarget"))])),
                        theme: theme)
                case .number(let number): tree.insert(path, token(.number(number)), theme: theme)
                }
            }
        }

        var root = JSONObject([
            ("identifier", .string(theme.identifier.rawValue)), ("displayName", .string(theme.displayName)),
        ])
        if !theme.contrastPairs.isEmpty {
            root["contrastPairs"] = .array(
                theme.contrastPairs.map {
                    .object(
                        JSONObject([
                            ("foreground", .string($0.foreground.rawValue)),
                            ("background", .string($0.background.rawValue)),
                            ("requirement", .string($0.requirement.rawValue)),
                        ]))
                })
        }
        if !theme.metrics.icons.isEmpty {
            root["icons"] = .object(
                JSONObject(
                    theme.metrics.icons.sorted { $0.key < $1.key }.map {
                        (
                            $0.key.rawValue,
                            .object(
                                JSONObject([
                                    ("symbol", .string($0.value.symbolName)),
                                    ("mirrorsInRightToLeft", .bool($0.value.mirrorsInRightToLeft)),
                                ]))
                        )
                    }))
        }
        var document = JSONObject([("$extensions", .object(JSONObject([(key, .object(root))])))])
        for (name, value) in tree.root.pairs { document[name] = value }
        return .object(document)
    }

    private func split(_ name: String) -> [String] {
        name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    private func token(_ value: TokenValue, keel: JSONObject = JSONObject()) -> JSONObject {
        var object = JSONObject([("$type", .string(value.type.rawValue)), ("$value", value.json)])
        if keel.count > 0 {
            object["$extensions"] = .object(JSONObject([(DTCGThemeImporter.extensionKey, .object(keel))]))
        }
        return object
    }

    /// A reference to `group.name`, through `$root` when a longer name turned it into a group.
    private func reference(_ group: String, _ name: String, _ names: Set<String>, type: TokenType)
        -> JSONObject
    {
        let isGroup = names.contains { $0.hasPrefix(name + ".") }
        let target = "{\(group).\(name)\(isGroup ? ".$root" : "")}"
        return JSONObject([("$type", .string(type.rawValue)), ("$value", .string(target))])
    }

    private func colorToken(_ color: KeelThemeColor) -> JSONObject {
        var keel = JSONObject()
        if color.dark != color.light { keel["dark"] = DTCGColor(color.dark).json }
        if let variant = color.lightHighContrast { keel["lightHighContrast"] = DTCGColor(variant).json }
        if let variant = color.darkHighContrast { keel["darkHighContrast"] = DTCGColor(variant).json }
        return token(.color(DTCGColor(color.light)), keel: keel)
    }
}

/// Builds the nested group tree, moving a token into `$root` when a longer name needs its path
/// as a group (`brand.primary` beside `brand.primary.highlighted`).
private struct TokenTree {
    var root = JSONObject()

    mutating func insert(_ path: [String], _ token: JSONObject, theme: KeelTheme) {
        var token = token
        // Vendor extensions recorded at import are written back beside Keel's own.
        if let vendor = theme.extensions[path.joined(separator: ".")]?.objectValue {
            var extensions = token["$extensions"]?.objectValue ?? JSONObject()
            for (key, value) in vendor.pairs { extensions[key] = value }
            token["$extensions"] = .object(extensions)
        }
        root = TokenTree.insert(path[...], token, into: root)
    }

    private static func insert(_ path: ArraySlice<String>, _ token: JSONObject, into group: JSONObject)
        -> JSONObject
    {
        var group = group
        guard let first = path.first else { return group }
        let rest = path.dropFirst()
        let existing = group[first]?.objectValue
        if rest.isEmpty {
            if let existing, existing["$value"] == nil {
                var merged = existing
                merged["$root"] = .object(token)
                group[first] = .object(merged)
            } else {
                group[first] = .object(token)
            }
            return group
        }
        var child = existing ?? JSONObject()
        if child["$value"] != nil { child = JSONObject([("$root", .object(child))]) }
        group[first] = .object(insert(rest, token, into: child))
        return group
    }
}
