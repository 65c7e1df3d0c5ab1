import Foundation
import KeelDTCG
import KeelDesign
import KeelSupport

extension FuzzFamily {
    /// DTCG token files (`DTCGDocument` and `DTCGThemeImporter` with theme validation), run
    /// on a 512 KB thread: reading never crashes, every issue names its file, line and
    /// column, every resolved value is finite, and generated Swift is plain ASCII.
    package static let tokenFile = FuzzFamily(
        name: "tokens.file",
        summary: "DTCG token files: never crash (512 KB stack), issues located, values finite",
        seeds: TokenFuzzSeeds.files,
        dictionary: TokenFuzzSeeds.dictionary,
        testCases: 600,
        generate: TokenFuzzSeeds.generateFile
    ) { input in
        if let violation = await TokenFuzzChecks.onSmallStack({ TokenFuzzChecks.checkFile(input) }) {
            throw FuzzViolation(violation)
        }
    }

    /// DTCG resolver documents (`DTCGResolverDocument`, resolved with their defaults and
    /// imported as a theme), run on a 512 KB thread: reading throws `DTCGResolverError` or
    /// succeeds, never crashes; every issue in the document is located. File references are
    /// read by the document's own file loader, and the generator names files that must be
    /// refused at once (`/dev/zero`, a directory, a missing file), never read without end.
    package static let tokenResolver = FuzzFamily(
        name: "tokens.resolver",
        summary: "DTCG resolver documents: typed errors, located issues, never crash (512 KB stack)",
        seeds: TokenFuzzSeeds.resolvers,
        dictionary: TokenFuzzSeeds.dictionary + TokenFuzzSeeds.resolverDictionary,
        testCases: 600,
        generate: TokenFuzzSeeds.generateResolver
    ) { input in
        if let violation = await TokenFuzzChecks.onSmallStack({ TokenFuzzChecks.checkResolver(input) }) {
            throw FuzzViolation(violation)
        }
    }
}

/// The invariants both token families check.
enum TokenFuzzChecks {
    /// Runs `body` on a thread with a 512 KB stack, as background threads in apps have. The
    /// caller suspends meanwhile, so no thread of the (two-thread) cooperative pool is held
    /// while the case runs: other suites' timers keep firing.
    static func onSmallStack(_ body: @escaping @Sendable () -> String?) async -> String? {
        await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }

    static func unlocated(_ issues: [DTCGIssue]) -> String? {
        guard let issue = issues.first(where: { $0.source == nil || $0.line == nil || $0.column == nil })
        else {
            return nil
        }
        return "an issue without file, line or column: \(issue)"
    }

    static func isFinite(_ value: JSONValue) -> Bool {
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .number(let number): if !number.isFinite { return false }
            case .array(let elements): pending += elements
            case .object(let object): pending += object.pairs.map(\.value)
            default: break
            }
        }
        return true
    }

    /// The document's and the importer's invariants for one file; a message when one breaks.
    static func checkFile(_ input: [UInt8]) -> String? {
        let source = DTCGSource(name: "fuzz.tokens.json", data: Data(input))
        let document = DTCGDocument(source: source)
        if let message = check(document) { return message }
        // Strictly, every departure from the spec is an error; leniently none is.
        let strict = DTCGDocument(source: source, options: DTCGOptions(strict: true))
        if let message = check(strict) { return message }
        for (mode, read) in [("lenient", document), ("strict", strict)] {
            for issue in read.issues {
                guard case .departure(_, let isStrict) = issue.kind else { continue }
                if isStrict != (mode == "strict") || (issue.severity == .error) != isStrict {
                    return "a \(mode) read has the departure \(issue) with the wrong severity"
                }
            }
        }
        if let message = checkImport(DTCGThemeSources(base: [source])) { return message }
        return nil
    }

    static func check(_ document: DTCGDocument) -> String? {
        if let message = unlocated(document.issues) { return message }
        for token in document.tokens.values {
            if let value = token.value, !isFinite(value.json) {
                return "token \(token.path) resolved to a non-finite value"
            }
        }
        return nil
    }

    static func checkImport(_ sources: DTCGThemeSources) -> String? {
        let importer = DTCGThemeImporter(validatesTheme: true)
        do {
            let (theme, warnings) = try importer.importTheme(from: sources)
            if let message = unlocated(warnings) { return message }
            if theme.validate(requireCompleteDefinition: false).issues.contains(where: {
                if case .nonFiniteValue = $0 { return true }
                return false
            }) {
                return "an imported theme has a non-finite value"
            }
            let swift = ThemeSwiftGenerator().source(for: theme)
            if !swift.utf8.allSatisfy({ $0 < 0x80 }) { return "generated Swift is not plain ASCII" }
        } catch let error as DTCGError {
            if error.errors.isEmpty { return "DTCGError without errors" }
            if let message = unlocated(error.issues) { return message }
        } catch {
            return "importing threw \(type(of: error)), not a DTCGError: \(error)"
        }
        return nil
    }

    /// The folder the resolver's relative file references are read from: one that does not
    /// exist, so only absolute paths (``TokenFuzzSeeds/hostileFiles``) reach a file.
    static let resolverFolder = "/nonexistent-keel-fuzz"

    /// The resolver's invariants for one document, its file references read by the
    /// document's file loader.
    static func checkResolver(_ input: [UInt8]) -> String? {
        let source = DTCGSource(name: "fuzz.resolver.json", data: Data(input))
        let resolver: DTCGResolverDocument
        do {
            resolver = try DTCGResolverDocument(
                source: source, loader: DTCGResolverDocument.fileLoader(relativeTo: resolverFolder))
        } catch let error as DTCGResolverError {
            if error.errors.isEmpty { return "DTCGResolverError without errors" }
            if let issue = error.issues.first(where: {
                if case .unreadableFile(let path, let reason) = $0.kind { return !reason.contains(path) }
                return false
            }) {
                return "an unreadable file's reason does not name the file: \(issue)"
            }
            if let issue = error.issues.first(where: { $0.source == source.name && $0.line == nil }) {
                return "a resolver issue without line and column: \(issue)"
            }
            return nil
        } catch {
            return "reading threw \(type(of: error)), not a DTCGResolverError: \(error)"
        }
        if let issue = resolver.warnings.first(where: { $0.line == nil }) {
            return "a resolver warning without line and column: \(issue)"
        }
        do {
            let document = try resolver.resolve()
            if let message = check(document) { return message }
            _ = try DTCGThemeImporter(validatesTheme: true).importTheme(from: resolver)
        } catch is DTCGResolverError {
        } catch let error as DTCGError {
            if let message = unlocated(error.issues) { return message }
        } catch {
            return "resolving threw \(type(of: error)): \(error)"
        }
        // The matrix `keel tokens validate --resolver` checks (its first combinations).
        do {
            for combination in try resolver.combinations().prefix(8) {
                let inputs = Dictionary(
                    combination.map { ($0.modifier, $0.context) }, uniquingKeysWith: { $1 })
                do {
                    _ = try DTCGThemeImporter(validatesTheme: true).importReport(
                        from: resolver, combination: inputs)
                } catch let error as DTCGError {
                    if let message = unlocated(error.issues) { return message }
                }
            }
        } catch is DTCGResolverError {
            return nil
        } catch let error as DTCGError {
            if let message = unlocated(error.issues) { return message }
        } catch {
            return "resolving threw \(type(of: error)): \(error)"
        }
        return nil
    }
}

/// Seeds, dictionaries and generators of the token families.
enum TokenFuzzSeeds {
    static let dictionary: [[UInt8]] =
        [
            "\"$value\"", "\"$type\"", "\"$extends\"", "\"$ref\"", "\"$root\"", "\"$description\"",
            "\"$deprecated\"", "\"$extensions\"", "\"dev.keel\"", "\"{a.b}\"", "\"{color.$root}\"",
            "\"#/a/b\"",
            "\"#/color/x/$value/components/0\"", "\"color\"", "\"dimension\"", "\"typography\"", "\"shadow\"",
            "\"gradient\"", "\"cubicBezier\"", "\"fontWeight\"", "\"fontFamily\"", "\"rem\"", "\"px\"",
            "1.7976931348623157e308", "-0", "5e-324", "\"\u{FEFF}\"", "\"\u{202E}\"", "\"\\ud800\"",
            "{\"colorSpace\":\"srgb\",\"components\":[1,0,0]}", "{\"value\":1,\"unit\":\"rem\"}",
            "{\"$extends\":\"{a}\"}", "\"em\"", "\"vw\"", "\"%\"", "\"ch\"", "\"\"", "\"#fff\"",
            "\"#ffffff80\"",
            "\"borderRadius\"", "\"string\"", "\"boxShadow\"", "\"Bold\"", "\"150%\"", "\"16px\"",
            "\"200ms\"",
            "\"ease-in-out\"", "\"value\"", "\"type\"", "\"studio.tokens\"", "\"modify\"", "\"alpha\"",
            "\"lighten\"", "\"$themes\"", "\"$metadata\"", "\"tokenSetOrder\"", "\"selectedTokenSets\"",
            "\"enabled\"", "\"linear-gradient(\"", "\"$a.b\"", "\"$color..x\"", "\"Ultra\"",
            "\"text\"", "\"other\"", "\"lineHeights\"", "\"none\"", "\"{a.b.value}\"", "\"{a.b.$value}\"",
            "\"pow({a.b}, 3)\"", "\"sqrt(-4)\"", "\"{a.b} ^ 2\"", "\"log(2)\"", "\"rgba(#FFFF00, 0.5)\"",
            "\"rgba({a.b}, 50%)\"", "\"{a.b} \"",
            // JSON5 (read when the text is not JSON)
            "//", "/*", "*/", "'", "$value:", "$type:", "0x", "+.5", "Infinity", ",}", ",]",
        ].map { Array($0.utf8) } + [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80]]

    static let resolverDictionary: [[UInt8]] =
        [
            "\"version\"", "\"2025.10\"", "\"sets\"", "\"modifiers\"", "\"resolutionOrder\"", "\"sources\"",
            "\"contexts\"", "\"default\"", "\"#/sets/a\"", "\"#/modifiers/theme\"", "\"$defs\"",
        ].map { Array($0.utf8) } + hostileFiles.map { Array("\"\($0)\"".utf8) }

    /// Files a resolver document may name that a reader must refuse at once: endless
    /// (`/dev/zero`, `/dev/urandom`), a device, a directory, nothing. Before they went through
    /// `POSIXFiles`, `/dev/zero` was read until memory ran out.
    static let hostileFiles = [
        "/dev/zero", "/dev/urandom", "/dev/null", "/", "/dev/zero#/a", "missing.tokens.json",
    ]

    static let files: [[UInt8]] = [
        #"""
        {"$extensions": {"dev.keel": {"identifier": "fuzz", "contrastPairs": [{"foreground": "text", "background": "bg"}]}},
         "color": {"$type": "color",
           "text": {"$value": {"colorSpace": "srgb", "components": [0, 0, 0]}},
           "bg": {"$value": {"colorSpace": "oklch", "components": [1, 0, "none"], "alpha": 0.9}},
           "brand": {"$root": {"$value": "{color.text}"}, "soft": {"$value": {"$ref": "#/color/bg/$value"}}}},
         "spacing": {"$type": "dimension", "md": {"$value": {"value": 1, "unit": "rem"}}},
         "radius": {"md": {"$type": "dimension", "$value": {"value": 8, "unit": "px"}}},
         "font": {"body": {"$type": "typography", "$value": {"fontFamily": ["Inter", "system-ui"],
           "fontSize": {"value": 17, "unit": "px"}, "fontWeight": "semi-bold", "lineHeight": 1.3}},
           "family": {"$type": "fontFamily", "$value": "Inter"}, "weight": {"$type": "fontWeight", "$value": 700}},
         "motion": {"fast": {"$type": "transition", "$value": {"duration": {"value": 150, "unit": "ms"},
           "delay": {"value": 0, "unit": "ms"}, "timingFunction": [0.4, 0, 0.2, 1]}},
           "ease": {"$type": "cubicBezier", "$value": [0.42, 0, 0.58, 1]}},
         "shadow": {"card": {"$type": "shadow", "$value": [{"color": "{color.text}", "offsetX": {"value": 0, "unit": "px"},
           "offsetY": {"value": 2, "unit": "px"}, "blur": {"value": 4, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}]}},
         "base": {"x": {"$type": "number", "$value": 1}}, "derived": {"$extends": "{base}", "y": {"$type": "number", "$value": "{base.x}"}}}
        """#,
        #"{"a": {"$type": "number", "b": {"$value": "{a.c}"}, "c": {"$value": "{a.b}"}}}"#,
        ##"{"g": {"$extends": {"$ref": "#/h"}}, "h": {"t": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}}}"##,
        // Style Dictionary 3 / Tokens Studio: unprefixed members, a group named `value`, a
        // colour modifier in `$extensions`.
        #"""
        {"color": {"base": {"value": "#102030", "type": "color", "comment": "c", "attributes": {"k": "v"}},
          "soft": {"value": "{color.base}", "type": "color",
            "$extensions": {"studio.tokens": {"modify": {"type": "alpha", "value": "0.5", "space": "srgb"}}}},
          "light": {"value": "{color.base}", "type": "color",
            "$extensions": {"studio.tokens": {"modify": {"type": "lighten", "value": 0.2}}}}},
         "size": {"value": {"sm": {"value": "4", "type": "spacing"}}, "md": {"value": {"value": 8, "unit": "px"}}},
         "type": {"h1": {"type": "typography", "value": {"fontFamily": "$font.a", "fontWeight": "$size.md",
           "fontSize": "$size.value.sm", "lineHeight": "$.", "letterSpacing": ["$x"]}}}}
        """#,
        // The trial's Tokens Studio and Style Dictionary forms: `text`/`other` raw values,
        // `{a.b.value}`, px line heights, `^`/`pow`/`sqrt`, `"none"` shadows, `rgba(#hex, a)`,
        // a padded modifier value, a typography without a weight, a negative spacing.
        #"""
        {"font-family": {"default": {"$type": "text", "$value": "Inter"}},
         "mod": {"hover": {"$type": "other", "$value": "0.15"}},
         "base": {"red": {"$type": "color", "$value": "#ff0000"}, "two": {"$type": "dimension", "$value": "2"}},
         "color": {"danger": {"$value": "{base.red.$value}"}, "half": {"$type": "color", "$value": "rgba(#FFFF00, 0.5)"},
           "soft": {"$type": "color", "$value": "rgba({base.red}, 50%)"},
           "hover": {"$type": "color", "$value": "{base.red}",
             "$extensions": {"studio.tokens": {"modify": {"type": "alpha", "value": "{mod.hover} ", "space": "lch"}}}}},
         "lineHeights": {"a": {"$type": "lineHeights", "$value": "24px"}},
         "scale": {"a": {"$type": "number", "$value": "pow({base.two}, 3)"}, "b": {"$type": "number", "$value": "{base.two} ^ 2"},
           "c": {"$type": "number", "$value": "sqrt(-4)"}, "d": {"$type": "number", "$value": "{base.two}"}},
         "shadow": {"none": {"$type": "boxShadow", "$value": "none"}},
         "space": {"negative": {"100": {"$type": "dimension", "$value": {"value": -4, "unit": "px"}}}},
         "font": {"icon": {"$type": "typography", "$value": {"fontFamily": "{font-family.default}", "fontSize": "16px",
           "lineHeight": "{lineHeights.a}"}}, "tall": {"$type": "typography", "$value": {"fontFamily": "Icons",
           "fontSize": "12px", "fontWeight": 400, "lineHeight": 16}}}}
        """#,
        // A Tokens Studio file of sets: themes in groups, references without the set, a CSS
        // gradient as a colour, math over a unitless ratio.
        #"""
        {"core": {"ink": {"value": "#111", "type": "color"}, "base": {"value": "8px", "type": "spacing"},
           "ratio": {"value": "2", "type": "spacing"}},
         "light": {"text": {"value": "{ink}", "type": "color"}, "pad": {"value": "{base} * {ratio}", "type": "spacing"},
           "fade": {"value": "linear-gradient(90deg, {ink} 0%, #fff 100%)", "type": "color"}},
         "dark": {"text": {"value": "{text}", "type": "color", "alpha": 0.4},
           "lift": {"type": "shadow", "value": {"color": "{ink}", "alpha": 2, "offsetX": "0px", "offsetY": "1px",
             "blur": "2px", "spread": "0px"}}},
         "$themes": [{"name": "L", "group": "m", "selectedTokenSets": {"core": "source", "light": "enabled"}},
           {"name": "D", "group": "m", "selectedTokenSets": {"core": "source", "dark": "enabled"}}, 7, {"name": 1}],
         "$metadata": {"tokenSetOrder": ["core", "light", "dark", "missing", 3, "$themes"]}}
        """#,
        // JSON5, as GitHub Primer and Telekom Scale keep their sources: comments, unquoted names,
        // single quotes, trailing commas, hexadecimal and signed numbers.
        #"""
        // brand
        {
          color: { $type: 'color', /* base */ ink: { $value: { colorSpace: 'srgb', components: [0, 0.5, 1,], }, },
            link: { '$value': '{color.ink}' }, },
          size: { $type: 'dimension', sm: { $value: { value: 0x4, unit: 'px' } }, md: { $value: { value: +.5, unit: 'rem' } } },
        }
        """#,
    ].map { Array($0.utf8) }

    static let resolvers: [[UInt8]] = [
        #"""
        {"version": "2025.10", "sets": {"base": {"sources": [{"color": {"$type": "color",
          "text": {"$value": {"colorSpace": "srgb", "components": [0, 0, 0]}}}}]}},
         "modifiers": {"theme": {"default": "light", "contexts": {"light": [],
          "dark": [{"color": {"text": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1]}}}}]}}},
         "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]}
        """#,
        ##"{"version": "2025.10", "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"x": {"$type": "number", "$value": 1}}}, "resolutionOrder": [{"type": "set", "name": "s", "sources": [{"$ref": "#/$defs/a"}]}]}"##,
        ##"{"version": "2025.10", "resolutionOrder": [{"type": "set", "name": "s", "sources": [{"$ref": "/dev/zero"}, {"$ref": "/"}, {"$ref": "/dev/null#/a"}]}]}"##,
    ].map { Array($0.utf8) }

    static let names = ["a", "b", "c", "$root", "\u{FEFF}x", "\u{202E}y", "é", "md", "brand", "a b", "x/y"]
    static let groups = [
        "color", "spacing", "radius", "font", "motion", "shadow", "opacity", "component", "misc",
    ]

    /// A random token file: tokens of every type under theme groups, with references,
    /// pointers, `$extends` chains and extreme numbers.
    @Sendable static func generateFile(_ random: inout FuzzRandom) -> [UInt8] {
        var paths: [String] = []
        var tree: [String: [String]] = [:]
        for _ in 0..<(1 + random.below(12)) {
            let group = groups[random.below(groups.count)]
            let name = names[random.below(names.count)] + (random.oneIn(2) ? "\(random.below(9))" : "")
            paths.append("\(group).\(name)")
            tree[group, default: []].append(token(name, random: &random, paths: paths))
        }
        var members = tree.sorted { $0.key < $1.key }.map {
            "\"\($0.key)\": {\($0.value.joined(separator: ", "))}"
        }
        if random.oneIn(3) {
            // An `$extends` chain or a doubling "laughs" ladder of at most 2¹⁰ copies (the
            // corpus holds ladders that reach the expansion budget).
            let levels = 1 + random.below(10)
            for level in 0..<levels {
                let target = level == 0 ? groups[random.below(groups.count)] : "x\(level - 1)"
                let twice = random.oneIn(2) ? ", \"q\": {\"$extends\": \"{\(target)}\"}" : ""
                members.append("\"x\(level)\": {\"p\": {\"$extends\": \"{\(target)}\"}\(twice)}")
            }
        }
        if random.oneIn(8) {
            // A Tokens Studio file of sets: the tokens split over two sets, both or one selected.
            let half = members.count / 2
            let first = members[..<half].joined(separator: ", ")
            let second = members[half...].joined(separator: ", ")
            let themes =
                random.oneIn(2)
                ? #", "$themes": [{"name": "t", "selectedTokenSets": {"s2": "enabled", "s1": "source"}}]"#
                : ""
            return Array(
                #"{"s1": {\#(first)}, "s2": {\#(second)}, "$metadata": {"tokenSetOrder": ["s1", "s2"]}\#(themes)}"#
                    .utf8)
        }
        return Array(("{" + members.joined(separator: ", ") + "}").utf8)
    }

    static func number(_ random: inout FuzzRandom) -> String {
        [
            "0", "-0", "1", "16", "0.5", "1e308", "1.7976931348623157e308", "-1e308", "5e-324", "1000",
            "1001", "-3",
        ][
            random.below(12)]
    }

    static func token(_ name: String, random: inout FuzzRandom, paths: [String]) -> String {
        let value: String
        let type: String
        switch random.below(12) {
        case 9:
            // What other tools write: hex strings, units beyond px/rem, numbers as strings.
            type = ["color", "dimension", "number", "fontWeight", "duration", "cubicBezier"][random.below(6)]
            value =
                [
                    "\"#fff\"", "\"#ffffff80\"", "\"1.5em\"", "\"50%\"", "\"10vw\"", "\"3ch\"", "\"16\"",
                    "\"Bold\"",
                    "\"150%\"", "\"AUTO\"", "\"200ms\"", "\"ease-in\"", number(&random),
                    #"{"value": \#(number(&random)), "unit": "\#(["em", "%", "vw", "vh", "", "ch"][random.below(6)])"}"#,
                    ##"{"colorSpace": "srgb", "components": [0, 0, 0], "hex": "#fff", "extra": 1}"##,
                    // CSS colour strings, well and badly formed.
                    "\"rgba(0, 9, 51, \(number(&random)))\"", "\"rgb(\(number(&random)) 0 0 / 50%)\"",
                    "\"hsl(\(number(&random))turn 100% 50%)\"", "\"transparent\"", "\"CornflowerBlue\"",
                    "\"rgb(1, 2\"", "\"hsla(/ / /)\"", "\"Expanded Medium\"",
                    // Tokens Studio math over the file's other tokens.
                    "\"floor({\(paths[random.below(paths.count)])} * \(number(&random)))\"",
                    "\"min(\(number(&random))px, {\(paths[random.below(paths.count)])} / 2 - 1rem)\"",
                    "\"{\(paths[random.below(paths.count)])} * {\(paths[random.below(paths.count)])}\"",
                    // CSS box-shadow strings.
                    "\"0 1px 2px rgba(0, 0, 0, 0.2), inset 0 0 0 \(number(&random))px #ccc\"",
                    "\"0 (1px red\"",
                ][random.below(28)]
        case 10:
            // Another tool's type name, a type of its own, or none; a token with children.
            type = ["borderRadius", "spacing", "string", "boolean", "FLOAT", "boxShadow"][random.below(6)]
            let child =
                random.oneIn(2)
                ? #", "child": {"$value": \#(number(&random))}"#
                : random.oneIn(2) ? #", "alpha": \#(number(&random)), "note": ["x"]"# : ""
            return "\"\(name)\": {\"$type\": \"\(type)\", \"$value\": \(number(&random))\(child)}"
        case 11:
            type = "typography"
            value =
                random.oneIn(2)
                ? #"{"fontFamily": ["Inter"], "fontSize": "\#(number(&random))px", "fontWeight": "SemiBold", "lineHeight": "\#(number(&random))%", "letterSpacing": {"value": \#(number(&random)), "unit": "em"}, "textCase": "none"}"#
                // No line height; letter spacing through an alias (resolved at the typography).
                : #"{"fontFamily": "Inter", "fontSize": {"value": \#(number(&random)), "unit": "px"}, "fontWeight": 400, "letterSpacing": "{\#(paths[random.below(paths.count)])}"}"#
        case 0:
            type = "color"
            value =
                #"{"colorSpace": "\#(["srgb", "oklch", "hsl", "display-p3", "lab"][random.below(5)])", "components": [\#(number(&random)), \#(number(&random)), \#(random.oneIn(4) ? "\"none\"" : number(&random))]\#(random.oneIn(3) ? ", \"alpha\": \(number(&random))" : "")}"#
        case 1:
            type = "dimension"
            value = #"{"value": \#(number(&random)), "unit": "\#(random.oneIn(2) ? "rem" : "px")"}"#
        case 2:
            type = "number"
            value = number(&random)
        case 3:
            type = "fontWeight"
            value =
                random.oneIn(2)
                ? number(&random) : "\"\(["bold", "Bold", "semi-bold", "x"][random.below(4)])\""
        case 4:
            type = "cubicBezier"
            value = "[\(number(&random)), \(number(&random)), \(number(&random)), \(number(&random))]"
        case 5:
            type = "duration"
            value = #"{"value": \#(number(&random)), "unit": "\#(random.oneIn(2) ? "ms" : "s")"}"#
        case 6:
            type = "typography"
            value =
                #"{"fontFamily": "Inter", "fontSize": {"value": \#(number(&random)), "unit": "rem"}, "fontWeight": 400, "lineHeight": \#(number(&random))}"#
        default:
            type = ["color", "dimension", "number"][random.below(3)]
            let target = paths[random.below(paths.count)]
            value =
                random.oneIn(2)
                ? "\"{\(target)}\"" : "{\"$ref\": \"#/\(target.replacingOccurrences(of: ".", with: "/"))\"}"
        }
        if random.oneIn(6) {
            // Style Dictionary 3 / Tokens Studio spelling, sometimes with a colour modifier.
            let modifier =
                random.oneIn(2)
                ? #", "$extensions": {"studio.tokens": {"modify": {"type": "\#(["alpha", "lighten", "mix"][random.below(3)])", "value": \#(random.oneIn(2) ? number(&random) : "\"{\(paths[random.below(paths.count)])}\"")}}}"#
                : ""
            return "\"\(name)\": {\"type\": \"\(type)\", \"value\": \(value)\(modifier)}"
        }
        return "\"\(name)\": {\"$type\": \"\(type)\", \"$value\": \(value)}"
    }

    /// A random resolver document: sets and modifiers referring to each other.
    @Sendable static func generateResolver(_ random: inout FuzzRandom) -> [UInt8] {
        let count = 1 + random.below(6)
        var sets: [String] = []
        for index in 0..<count {
            var sources: [String] = []
            for _ in 0..<random.below(3) {
                if random.oneIn(8) {
                    sources.append("{\"$ref\": \"\(hostileFiles[random.below(hostileFiles.count)])\"}")
                } else if random.oneIn(2) {
                    sources.append("{\"$ref\": \"#/sets/s\(random.below(count))\"}")
                } else {
                    sources.append(String(decoding: generateFile(&random), as: UTF8.self))
                }
            }
            sets.append("\"s\(index)\": {\"sources\": [\(sources.joined(separator: ", "))]}")
        }
        let order = (0..<count).filter { _ in random.oneIn(2) }.map { "{\"$ref\": \"#/sets/s\($0)\"}" }
        let modifier =
            random.oneIn(2)
            ? ##", "modifiers": {"theme": {"default": "light", "contexts": {"light": [], "dark": [{"$ref": "#/sets/s0"}]}}}"##
            : ""
        let text =
            #"{"version": "2025.10", "sets": {\#(sets.joined(separator: ", "))}\#(modifier), "resolutionOrder": [\#(order.joined(separator: ", "))]}"#
        return Array(text.utf8)
    }
}
