import Foundation
import KeelDTCG
import KeelDesign

/// `keel tokens validate|contrast|generate`: W3C design-token (DTCG 2025.10) files.
enum TokensCommand {
    static let usage = """
        usage: keel tokens validate (<files…> | --resolver <file>) [options]
               keel tokens contrast (<files…> | --resolver <file>) [options]
               keel tokens generate (<files…> | --resolver <file>) --output <KeelTheme+Generated.swift> [--name <property>] [options]
        Files are merged in order (later files win). Options:
          --resolver <file>             a DTCG resolver document (sets, modifiers, resolutionOrder) instead
                                        of token files; its appearance modifier gives the colour variants.
                                        validate checks every combination of modifier contexts, one line each
          --input <modifier>=<context>  (with --resolver) select a modifier's context (repeatable); validate
                                        takes a comma-separated subset (--input size=small,large)
          --modifier <name>             (with --resolver) the appearance modifier (default: theme,
                                        appearance, colorScheme or mode)
          --dark <file>                 colour overrides for the dark appearance (repeatable)
          --light-high-contrast <file>  overrides for light, increased contrast (repeatable)
          --dark-high-contrast <file>   overrides for dark, increased contrast (repeatable)
          --strict                      the letter of DTCG 2025.10: what lenient reading (the default) keeps
                                        or skips with a warning (hex fallbacks, other tools' types, extra
                                        members, tokens with children, em/%/vw/vh, plain numbers) is an error
          --warnings-as-errors          exit 1 when there are warnings
          --legacy                      accept "16px", "200ms" and hex-string colours without a warning
          --rem-base <points>           points per rem (default 16)
          --viewport <width>x<height>   what vw and vh are relative to (default 375x667, iPhone SE)
          --report                      (generate) list the tokens the theme left out, and why
          --complete                    (validate) require every built-in token
        Exit codes: 0 valid (warnings allowed), 1 errors, 2 usage.
        validate exits 1 listing every issue; contrast prints each declared pair's ratio and exits 1
        if one fails; generate writes Swift source defining `KeelTheme.<property>` (default `generated`).
        """

    static func run(_ arguments: [String]) throws {
        guard let subcommand = arguments.first else {
            throw UsageError(message: "missing subcommand", usage: usage)
        }
        if subcommand == "--help" || subcommand == "-h" {
            print(usage)
            return
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            print(usage)
            return
        }
        var options = try Options.parse(rest, subcommand: subcommand)
        switch subcommand {
        case "validate": try validate(&options)
        case "contrast": try contrast(&options)
        case "generate": try generate(&options)
        default: throw UsageError(message: "unknown subcommand '\(subcommand)'", usage: usage)
        }
    }

    struct Options {
        var files: [String] = []
        var dark: [String] = []
        var lightHighContrast: [String] = []
        var darkHighContrast: [String] = []
        var legacy = false
        var remBase = 16.0
        var complete = false
        var output: String?
        var name = "generated"
        var resolver: String?
        var inputs: [String: String] = [:]
        var modifier: String?
        var strict = false
        var warningsAsErrors = false
        var viewport = (width: 375.0, height: 667.0)
        var report = false
        /// `--input` values with commas (validate's subsets).
        var subsets: [String: [String]] = [:]

        /// Names `--name` refuses: Swift's reserved words, which cannot name the generated
        /// `static let` without backticks, and the member names every type already has.
        static let reservedNames: Set<String> = [
            "_", "Any", "Protocol", "Self", "Type", "actor", "as", "associatedtype", "await", "break",
            "case", "catch", "class", "continue", "default", "defer", "deinit", "do", "else", "enum",
            "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import",
            "in", "init", "inout", "internal", "is", "let", "nil", "operator", "precedencegroup",
            "private", "protocol", "public", "repeat", "rethrows", "return", "self", "static", "struct",
            "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var",
            "where", "while",
        ]

        /// The static themes `KeelTheme` already has (KeelDesign's and KeelCompat's spellings):
        /// a generated theme of the same name would make every use of it ambiguous.
        static let themeMembers: Set<String> = ["blue", "blueTheme", "defaultTheme"]

        static func parse(_ arguments: [String], subcommand: String) throws -> Options {
            guard ["validate", "contrast", "generate"].contains(subcommand) else {
                throw UsageError(message: "unknown subcommand '\(subcommand)'", usage: usage)
            }
            var options = Options()
            var index = 0
            func value(_ flag: String) throws -> String {
                index += 1
                // `--output --strict` used to write a file named `--strict` and drop the flag.
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError(message: "\(flag) needs a value", usage: usage)
                }
                return arguments[index]
            }
            while index < arguments.count {
                let argument = arguments[index]
                switch argument {
                case "--dark": options.dark.append(try value(argument))
                case "--light-high-contrast": options.lightHighContrast.append(try value(argument))
                case "--dark-high-contrast": options.darkHighContrast.append(try value(argument))
                case "--legacy": options.legacy = true
                case "--strict": options.strict = true
                case "--warnings-as-errors": options.warningsAsErrors = true
                case "--report" where subcommand == "generate": options.report = true
                case "--viewport":
                    let text = try value(argument)
                    let parts = text.lowercased().split(separator: "x").map { Double($0) }
                    guard parts.count == 2, let width = parts[0], let height = parts[1], width.isFinite,
                        height.isFinite, width > 0, height > 0
                    else {
                        throw UsageError(
                            message: "--viewport needs <width>x<height> in points, got '\(text)'",
                            usage: usage)
                    }
                    options.viewport = (width, height)
                case "--resolver":
                    guard options.resolver == nil else {
                        throw UsageError(message: "--resolver given twice", usage: usage)
                    }
                    options.resolver = try value(argument)
                case "--input":
                    let text = try value(argument)
                    let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                        throw UsageError(
                            message: "--input needs <modifier>=<context>, got '\(text)'", usage: usage)
                    }
                    guard options.inputs.updateValue(String(parts[1]), forKey: String(parts[0])) == nil else {
                        throw UsageError(message: "--input '\(parts[0])' given twice", usage: usage)
                    }
                    let contexts = parts[1].split(separator: ",").map(String.init)
                    if contexts.count > 1 {
                        guard subcommand == "validate" else {
                            throw UsageError(
                                message: "--input selects one context for \(subcommand), got '\(text)'",
                                usage: usage)
                        }
                        options.subsets[String(parts[0])] = contexts
                    }
                case "--modifier": options.modifier = try value(argument)
                case "--complete" where subcommand == "validate": options.complete = true
                case "--rem-base":
                    let text = try value(argument)
                    guard let base = Double(text), base.isFinite, base > 0 else {
                        throw UsageError(
                            message: "--rem-base needs a positive number, got '\(text)'", usage: usage)
                    }
                    options.remBase = base
                case "--output" where subcommand == "generate": options.output = try value(argument)
                case "--name" where subcommand == "generate":
                    let name = try value(argument)
                    guard let first = name.unicodeScalars.first,
                        first == "_" || CharacterSet.letters.contains(first),
                        name.unicodeScalars.allSatisfy({
                            $0 == "_" || CharacterSet.alphanumerics.contains($0) && $0.isASCII
                        })
                    else {
                        throw UsageError(
                            message: "--name must be a Swift identifier, got '\(name)'", usage: usage)
                    }
                    // `public static let class: KeelTheme` would not compile.
                    guard !Self.reservedNames.contains(name) else {
                        throw UsageError(
                            message: "--name must not be a Swift keyword, got '\(name)'", usage: usage)
                    }
                    // `KeelTheme.blue` would become ambiguous for the app that adds a second one.
                    guard !Self.themeMembers.contains(name) else {
                        throw UsageError(
                            message: "--name must not be a theme KeelTheme already has, got '\(name)'",
                            usage: usage)
                    }
                    options.name = name
                default:
                    if argument.hasPrefix("-") {
                        throw UsageError(message: "unknown option '\(argument)'", usage: usage)
                    }
                    options.files.append(argument)
                }
                index += 1
            }
            if options.resolver != nil {
                guard options.files.isEmpty,
                    options.dark.isEmpty && options.lightHighContrast.isEmpty
                        && options.darkHighContrast.isEmpty
                else {
                    throw UsageError(
                        message: "--resolver replaces token files and --dark/--…-high-contrast files",
                        usage: usage)
                }
            } else {
                guard options.inputs.isEmpty, options.modifier == nil else {
                    throw UsageError(message: "--input and --modifier need --resolver", usage: usage)
                }
                guard !options.files.isEmpty else {
                    throw UsageError(message: "no token files given", usage: usage)
                }
            }
            if subcommand == "generate", options.output == nil {
                throw UsageError(message: "generate needs --output <file>", usage: usage)
            }
            return options
        }

        /// The token files named on the command line, read as the resolver reads the files it
        /// names (``DTCGResolverDocument/readFile(_:)``): a FIFO (`<(…)`), a device
        /// (`/dev/zero`), a directory or a socket exits 1 at once naming the path, as does a
        /// file over the size limit, instead of blocking or reading until memory runs out.
        func load(_ paths: [String]) throws -> [DTCGSource] {
            try paths.map { path in
                do {
                    return DTCGSource(name: path, data: try DTCGResolverDocument.readFile(path))
                } catch {
                    throw CommandFailure(message: "cannot read '\(path)': \(error)", status: 1)
                }
            }
        }

        /// The importer; `validating` also checks the theme, each issue located in the files.
        func importer(validating: Bool) -> DTCGThemeImporter {
            var options = DTCGOptions(legacy: legacy, remBase: remBase, strict: strict)
            options.viewport = viewport
            return DTCGThemeImporter(
                options: options, validatesTheme: validating, requiresCompleteTheme: complete)
        }

        /// An import's report and the warnings printed on the way (the resolver document's own,
        /// and a modifier given its first context): every printed warning counts for
        /// `--warnings-as-errors`, in every subcommand.
        struct Imported {
            var report: DTCGImportReport
            var documentWarnings = 0
            /// Every warning of the run, the report's and the document's.
            var warningCount: Int { report.warnings.count + documentWarnings }
        }

        func importTheme(validating: Bool = false) throws -> (theme: KeelTheme, warnings: [DTCGIssue]) {
            let report = try importReport(validating: validating).report
            return (report.theme, report.warnings)
        }

        func importReport(validating: Bool = false) throws -> Imported {
            if let resolver { return try importReport(resolver: resolver, validating: validating) }
            let sources = DTCGThemeSources(
                base: try load(files), dark: try load(dark), lightHighContrast: try load(lightHighContrast),
                darkHighContrast: try load(darkHighContrast))
            let importer = importer(validating: validating)
            do {
                return Imported(report: try importer.importReport(from: sources))
            } catch let error as DTCGError {
                let errors = error.errors
                for issue in error.issues { printError(issue.description) }
                throw CommandFailure(
                    message: "\(errors.count) error\(errors.count == 1 ? "" : "s") in the token files",
                    status: 1)
            }
        }

        /// The theme from a resolver document: document errors exit 1 listing every issue;
        /// inputs naming an unknown modifier or context, or missing, are usage errors (exit 2).
        func resolverDocument(_ path: String) throws -> DTCGResolverDocument {
            let document: DTCGResolverDocument
            do {
                document = try DTCGResolverDocument(path: path, strict: strict)
            } catch let error as DTCGResolverError {
                for issue in error.issues { printError(issue.description) }
                let count = error.errors.count
                throw CommandFailure(
                    message: "\(count) error\(count == 1 ? "" : "s") in the resolver document", status: 1)
            }
            for warning in document.warnings { printError(warning.description) }
            return document
        }

        func importReport(resolver path: String, validating: Bool) throws -> Imported {
            let document = try resolverDocument(path)
            var documentWarnings = document.warnings.count
            let importer = importer(validating: validating)
            // One theme: a modifier without default nor input takes its first context (the
            // appearance modifier gives every variant anyway).
            var inputs = self.inputs
            let appearance = DTCGAppearanceModifier(name: modifier)
            let appearanceName = try? appearance.modifier(in: document)?.name
            for item in document.inputModifiers
            where item.defaultContext == nil && item.name != appearanceName
                && !inputs.keys.contains(where: { $0.lowercased() == item.name.lowercased() })
            {
                guard let first = item.contextNames.first else { continue }
                printError(
                    "\(path): \(item.location): warning: modifier '\(item.name)' has no default and no --input: using '\(first)' (contexts: \(item.contextNames.joined(separator: ", ")))"
                )
                inputs[item.name] = first
                documentWarnings += 1
            }
            do {
                return Imported(
                    report: try importer.importReport(from: document, inputs: inputs, appearance: appearance),
                    documentWarnings: documentWarnings)
            } catch let error as DTCGResolverError {
                for issue in error.issues { printError(issue.description) }
                throw UsageError(message: "invalid --input or --modifier for '\(path)'", usage: usage)
            } catch let error as DTCGError {
                for issue in error.issues { printError(issue.description) }
                let count = error.errors.count
                throw CommandFailure(
                    message: "\(count) error\(count == 1 ? "" : "s") in the token files", status: 1)
            }
        }
    }

    static func validate(_ options: inout Options) throws {
        if options.resolver != nil { return try validateMatrix(options) }
        let report = try options.importReport(validating: true).report
        for warning in report.warnings { print(warning.description) }
        let (theme, warnings) = (report.theme, report.warnings)
        let tokenCount =
            theme.colors.count + theme.metrics.fonts.count + theme.metrics.spacings.count
            + theme.metrics.radii.count
            + theme.metrics.borderWidths.count + theme.metrics.opacities.count + theme.metrics.shadows.count
            + theme.metrics.motions.count + theme.metrics.iconSizes.count + theme.metrics.elevations.count
        print(
            "ok: theme '\(theme.identifier)' with \(tokenCount) tokens (\(report.tokensRead) read, \(report.tokensSkipped) skipped from the files), \(warnings.count) warnings"
        )
        try failOnWarnings(warnings.count, options)
    }

    static func failOnWarnings(_ count: Int, _ options: Options) throws {
        guard options.warningsAsErrors, count > 0 else { return }
        throw CommandFailure(
            message: "\(count) warning\(count == 1 ? "" : "s") (--warnings-as-errors)", status: 1)
    }

    static func tokenCount(_ theme: KeelTheme) -> Int {
        theme.colors.count + theme.metrics.fonts.count + theme.metrics.spacings.count
            + theme.metrics.radii.count
            + theme.metrics.borderWidths.count + theme.metrics.opacities.count + theme.metrics.shadows.count
            + theme.metrics.motions.count + theme.metrics.iconSizes.count + theme.metrics.elevations.count
    }

    /// `validate --resolver`: every combination of modifier contexts (or the `--input` subset),
    /// one summary line each; each issue printed once, however many combinations share it.
    static func validateMatrix(_ options: Options) throws {
        let path = options.resolver!
        let document = try options.resolverDocument(path)
        var subset = options.subsets
        for (key, value) in options.inputs where subset[key] == nil { subset[key] = [value] }
        let combinations: [[(modifier: String, context: String)]]
        do {
            combinations = try document.combinations(subset: subset)
        } catch let error as DTCGResolverError {
            for issue in error.issues { printError(issue.description) }
            if error.issues.contains(where: { if case .limitExceeded = $0.kind { true } else { false } }) {
                throw CommandFailure(message: "too many combinations in '\(path)'", status: 1)
            }
            throw UsageError(message: "invalid --input for '\(path)'", usage: usage)
        }
        do {
            _ = try DTCGAppearanceModifier(name: options.modifier).modifier(in: document)
        } catch let error as DTCGResolverError {
            for issue in error.issues { printError(issue.description) }
            throw UsageError(message: "invalid --modifier for '\(path)'", usage: usage)
        }
        let importer = options.importer(validating: true)
        var printed: Set<String> = []
        var failed = 0
        var warningCount = document.warnings.count
        // Every combination on its own core, printed in order a batch at a time: the themes
        // of the whole matrix were held until the end (gigabytes for thousands of them).
        var results: [([(modifier: String, context: String)], Result<DTCGImportReport, any Error>)] = []
        var batchStart = 0
        func nextResult() -> ([(modifier: String, context: String)], Result<DTCGImportReport, any Error>)? {
            if results.isEmpty, batchStart < combinations.count {
                let batch = combinations[batchStart..<min(batchStart + 64, combinations.count)]
                batchStart = batch.endIndex
                let reports = importer.importReports(
                    from: document,
                    combinations: batch.map { combination in
                        Dictionary(combination.map { ($0.modifier, $0.context) }, uniquingKeysWith: { $1 })
                    },
                    appearance: DTCGAppearanceModifier(name: options.modifier))
                results = Array(zip(batch, reports)).reversed()
            }
            return results.popLast()
        }
        while let (combination, result) = nextResult() {
            let label =
                combination.isEmpty
                ? "(no modifiers)"
                : combination.map { "\($0.modifier)=\($0.context)" }.joined(separator: ", ")
            do {
                let report = try result.get()
                for warning in report.warnings where printed.insert(warning.description).inserted {
                    print(warning.description)
                }
                warningCount +=
                    report.warnings.filter { !printed.contains("counted " + $0.description) }.count
                for warning in report.warnings { printed.insert("counted " + warning.description) }
                print(
                    "ok: \(label): \(tokenCount(report.theme)) theme tokens, \(report.warnings.count) warning\(report.warnings.count == 1 ? "" : "s")"
                )
            } catch let error as DTCGError {
                failed += 1
                for issue in error.issues where printed.insert(issue.description).inserted {
                    printError(issue.description)
                }
                let errors = error.errors.count
                print("error: \(label): \(errors) error\(errors == 1 ? "" : "s")")
            }
        }
        if failed > 0 {
            throw CommandFailure(
                message:
                    "\(failed) of \(combinations.count) combination\(combinations.count == 1 ? "" : "s") of '\(path)' have errors",
                status: 1)
        }
        print("ok: \(combinations.count) combination\(combinations.count == 1 ? "" : "s") of '\(path)'")
        try failOnWarnings(warningCount, options)
    }

    /// Imports and validates the theme, printing every warning to standard error (standard
    /// output carries the gallery's index path and `--list`, which scripts read); throws,
    /// listing every error with its file, key path and line:column, when the files or the
    /// theme have errors. Used by `keel gallery --tokens`.
    static func validatedTheme(_ options: Options) throws -> (theme: KeelTheme, warnings: [DTCGIssue]) {
        let (theme, warnings) = try options.importTheme(validating: true)
        for warning in warnings { printError(warning.description) }
        return (theme, warnings)
    }

    static func contrast(_ options: inout Options) throws {
        // The warnings are printed and counted as `generate` does: `--warnings-as-errors` used
        // to be accepted here, the warnings dropped unseen, and the run exit 0.
        let imported = try options.importReport()
        for warning in imported.report.warnings { printError(warning.description) }
        let report = ContrastReport(theme: imported.report.theme)
        guard !report.rows.isEmpty else {
            print("no contrast pairs declared ($extensions.dev.keel.contrastPairs)")
            return try failOnWarnings(imported.warningCount, options)
        }
        print(report.table)
        let failures = report.rows.filter { !$0.passes }.count
        if failures > 0 {
            throw CommandFailure(
                message: "\(failures) pair\(failures == 1 ? "" : "s") below the required contrast", status: 1)
        }
        try failOnWarnings(imported.warningCount, options)
    }

    static func generate(_ options: inout Options) throws {
        let imported = try options.importReport()
        let report = imported.report
        let theme = report.theme
        for warning in report.warnings { printError(warning.description) }
        // Before the write: a run that exits 1 leaves the previous output as it was, as a
        // compiler's warnings-as-errors leaves its object file (it used to be replaced first).
        try failOnWarnings(imported.warningCount, options)
        let source = ThemeSwiftGenerator(propertyName: options.name).source(for: theme)
        let output = options.output!
        do {
            try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw CommandFailure(
                message: "cannot write '\(output)': \(error.localizedDescription)", status: 1)
        }
        print(
            "wrote \(output) (KeelTheme.\(options.name), '\(theme.identifier)', \(tokenCount(theme)) theme tokens)"
        )
        if options.report {
            print("left out: \(report.leftOut.count) token\(report.leftOut.count == 1 ? "" : "s")")
            for (path, reason) in report.leftOut { print("  \(path): \(reason)") }
        }
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
