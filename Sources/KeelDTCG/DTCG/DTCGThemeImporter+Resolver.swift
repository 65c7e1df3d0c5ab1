import Foundation
import KeelDesign
import KeelSupport

/// Which modifier of a resolver document selects the appearance, and which of its contexts
/// is which `ColorVariant`.
///
/// Unless given, the modifier is the first of `theme`, `appearance`, `colorScheme` and `mode`
/// the document declares, and each variant's context is found by name — `light`, `dark`,
/// `lightHighContrast` (or `highContrastLight`, `lightHC`, `lightIncreasedContrast`),
/// `darkHighContrast` (and the like) — compared ignoring case, `-`, `_` and spaces, so
/// `dark-high-contrast` and `DarkHighContrast` both match. The light context falls back to the
/// modifier's default, then to its first context.
public struct DTCGAppearanceModifier: Hashable, Sendable {
    /// The modifier's name; `nil` looks for one of ``modifierNames``.
    package var name: String?
    /// Explicit contexts per variant; a variant not listed is looked up in ``contextNames``.
    package var contexts: [ColorVariant: String]

    /// A mapping; by default everything is found by name.
    public init(name: String? = nil, contexts: [ColorVariant: String] = [:]) {
        self.name = name
        self.contexts = contexts
    }

    /// The modifier names tried in order when ``name`` is `nil`.
    package static let modifierNames = ["theme", "appearance", "colorScheme", "mode"]

    /// The context names recognised for each variant.
    package static let contextNames: [ColorVariant: [String]] = [
        .light: ["light"],
        .dark: ["dark"],
        .lightHighContrast: ["lightHighContrast", "highContrastLight", "lightHC", "lightIncreasedContrast"],
        .darkHighContrast: ["darkHighContrast", "highContrastDark", "darkHC", "darkIncreasedContrast"],
    ]

    static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
    }

    /// The modifier of `document` that selects the appearance, or `nil` when there is none
    /// (and none was named).
    package func modifier(in document: DTCGResolverDocument) throws -> DTCGResolverModifier? {
        let known = document.inputModifiers
        if let name {
            guard let match = DTCGResolverDocument.match(name, in: known.map(\.name)) else {
                throw DTCGResolverError(issues: [
                    DTCGResolverIssue(location: "inputs", kind: .unknownModifier(name))
                ])
            }
            return known.first { $0.name == match }
        }
        for candidate in DTCGAppearanceModifier.modifierNames {
            let wanted = DTCGAppearanceModifier.normalized(candidate)
            if let found = known.first(where: { DTCGAppearanceModifier.normalized($0.name) == wanted }) {
                return found
            }
        }
        return nil
    }

    /// The context of `modifier` for each variant it has.
    package func contexts(of modifier: DTCGResolverModifier) throws -> [ColorVariant: String] {
        var result: [ColorVariant: String] = [:]
        for variant in ColorVariant.allCases {
            if let explicit = contexts[variant] {
                guard let match = DTCGResolverDocument.match(explicit, in: modifier.contextNames) else {
                    throw DTCGResolverError(issues: [
                        DTCGResolverIssue(
                            location: modifier.location,
                            kind: .unknownContext(
                                explicit, modifier: modifier.name, allowed: modifier.contextNames))
                    ])
                }
                result[variant] = match
                continue
            }
            let wanted = Set((DTCGAppearanceModifier.contextNames[variant] ?? []).map(Self.normalized))
            result[variant] = modifier.contextNames.first { wanted.contains(Self.normalized($0)) }
        }
        if result[.light] == nil { result[.light] = modifier.defaultContext ?? modifier.contextNames.first }
        return result
    }
}

extension DTCGThemeImporter {
    /// The theme a resolver document describes: one resolution per appearance context.
    ///
    /// The light context of the appearance modifier (see ``DTCGAppearanceModifier``) gives the
    /// base theme: every table and the light colours. Each other context found — dark, light
    /// high contrast, dark high contrast — is resolved on its own with the same other
    /// `inputs`, and the colours that differ from the light resolution become that variant of
    /// their `KeelThemeColor`. Without an appearance modifier, the theme is the resolution of
    /// `inputs` alone. An input for the appearance modifier itself must be valid but is otherwise
    /// ignored.
    ///
    /// Throws ``DTCGResolverError`` for invalid inputs or mapping, ``DTCGError`` when the
    /// resolved tokens have errors; returns the token warnings otherwise.
    public func importTheme(
        from resolver: DTCGResolverDocument, inputs: [String: String] = [:],
        appearance: DTCGAppearanceModifier = DTCGAppearanceModifier(), basedOn base: KeelTheme? = nil
    ) throws -> (theme: KeelTheme, warnings: [DTCGIssue]) {
        let report = try importReport(from: resolver, inputs: inputs, appearance: appearance, basedOn: base)
        return (report.theme, report.warnings)
    }

    /// The theme of one combination of contexts on its own (no appearance variants), with what
    /// it left out: `keel tokens validate --resolver` checks every combination this way.
    ///
    /// A context of the appearance modifier that is a colour variant (dark, high contrast) is
    /// checked as that variant over the light context's resolution, as the app would see it;
    /// any other combination is checked as the theme's base.
    ///
    /// `cache` keeps parsed sources across the combinations, so each file is parsed once.
    package func importReport(
        from resolver: DTCGResolverDocument, combination: [String: String],
        appearance: DTCGAppearanceModifier = DTCGAppearanceModifier(), cache: DTCGParseCache? = nil
    ) throws -> DTCGImportReport {
        func resolution(_ inputs: [String: String]) throws -> DTCGDocument {
            guard let cache else { return try resolver.resolve(inputs: inputs, options: options) }
            return try cache.document(for: inputs) {
                try resolver.resolve(inputs: inputs, options: options, cache: cache)
            }
        }
        let document = try resolution(combination)
        guard let modifier = try appearance.modifier(in: resolver), let context = combination[modifier.name]
        else {
            return try importReport(base: document, variants: [], basedOn: nil)
        }
        let contexts = try appearance.contexts(of: modifier)
        guard let variant = contexts.first(where: { $0.value == context && $0.key != .light })?.key,
            let light = contexts[.light], light != context
        else {
            return try importReport(base: document, variants: [], basedOn: nil)
        }
        var lightInputs = combination
        lightInputs[modifier.name] = light
        return try importReport(
            base: resolution(lightInputs),
            variants: [(variant, document)], basedOn: nil)
    }

    /// ``importReport(from:combination:appearance:cache:)`` for each of `combinations`, one
    /// thread per core (`workers`), the results in the order of `combinations`: what
    /// `keel tokens validate --resolver` prints. Each combination is independent; the files
    /// they share are parsed once and each resolution is made once, whichever thread asks first.
    package func importReports(
        from resolver: DTCGResolverDocument, combinations: [[String: String]],
        appearance: DTCGAppearanceModifier = DTCGAppearanceModifier(),
        workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> [Result<DTCGImportReport, any Error>] {
        let cache = DTCGParseCache()
        return combinations.parallelMap(workers: workers) { combination in
            Result {
                try importReport(
                    from: resolver, combination: combination, appearance: appearance, cache: cache)
            }
        }
    }

    /// ``importTheme(from:inputs:appearance:basedOn:)`` with what the theme left out.
    package func importReport(
        from resolver: DTCGResolverDocument, inputs: [String: String] = [:],
        appearance: DTCGAppearanceModifier = DTCGAppearanceModifier(), basedOn base: KeelTheme? = nil
    ) throws -> DTCGImportReport {
        guard let modifier = try appearance.modifier(in: resolver) else {
            return try importReport(
                base: resolver.resolve(inputs: inputs, options: options), variants: [], basedOn: base)
        }
        let contexts = try appearance.contexts(of: modifier)
        var others = inputs
        for key in inputs.keys where DTCGResolverDocument.match(key, in: [modifier.name]) != nil {
            others[key] = nil
        }
        // Every input is checked, the appearance one too, though each context is then resolved.
        var checked = inputs
        if checked.count == others.count { checked[modifier.name] = contexts[.light] }
        _ = try resolver.contexts(for: checked)
        func resolution(_ context: String) throws -> DTCGDocument {
            var selected = others
            selected[modifier.name] = context
            return try resolver.resolve(inputs: selected, options: options)
        }
        let light = contexts[.light]
        var variants: [(ColorVariant, DTCGDocument)] = []
        for variant in [ColorVariant.dark, .lightHighContrast, .darkHighContrast] {
            guard let context = contexts[variant], context != light else { continue }
            variants.append((variant, try resolution(context)))
        }
        let document =
            try light.map(resolution) ?? resolver.resolve(inputs: others, options: options)
        return try importReport(base: document, variants: variants, basedOn: base)
    }
}
