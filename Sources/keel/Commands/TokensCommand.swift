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
                                        of token files; its appearance modifier gives the colour variants
          --input <modifier>=<context>  (with --resolver) select a modifier's context (repeatable)
          --modifier <name>             (with --resolver) the appearance modifier (default: theme,
                                        appearance, colorScheme or mode)
          --dark <file>                 colour overrides for the dark appearance (repeatable)
          --light-high-contrast <file>  overrides for light, increased contrast (repeatable)
          --dark-high-contrast <file>   overrides for dark, increased contrast (repeatable)
          --legacy                      accept "16px", "200ms" and hex-string colours
          --rem-base <points>           points per rem (default 16)
          --complete                    (validate) require every built-in token
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

        static func parse(_ arguments: [String], subcommand: String) throws -> Options {
            guard ["validate", "contrast", "generate"].contains(subcommand) else {
                throw UsageError(message: "unknown subcommand '\(subcommand)'", usage: usage)
            }
            var options = Options()
            var index = 0
            func value(_ flag: String) throws -> String {
                index += 1
                guard index < arguments.count else {
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

        func load(_ paths: [String]) throws -> [DTCGSource] {
            try paths.map { path in
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw CommandFailure(message: "cannot read '\(path)'", status: 1)
                }
                return DTCGSource(name: path, data: data)
            }
        }

        /// The importer; `validating` also checks the theme, each issue located in the files.
        func importer(validating: Bool) -> DTCGThemeImporter {
            DTCGThemeImporter(
                options: DTCGOptions(legacy: legacy, remBase: remBase), validatesTheme: validating,
                requiresCompleteTheme: complete)
        }

        func importTheme(validating: Bool = false) throws -> (theme: KeelTheme, warnings: [DTCGIssue]) {
            if let resolver { return try importTheme(resolver: resolver, validating: validating) }
            let sources = DTCGThemeSources(
                base: try load(files), dark: try load(dark), lightHighContrast: try load(lightHighContrast),
                darkHighContrast: try load(darkHighContrast))
            let importer = importer(validating: validating)
            do {
                return try importer.importTheme(from: sources)
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
        func importTheme(resolver path: String, validating: Bool) throws -> (
            theme: KeelTheme, warnings: [DTCGIssue]
        ) {
            let document: DTCGResolverDocument
            do {
                document = try DTCGResolverDocument(path: path)
            } catch let error as DTCGResolverError {
                for issue in error.issues { printError(issue.description) }
                let count = error.errors.count
                throw CommandFailure(
                    message: "\(count) error\(count == 1 ? "" : "s") in the resolver document", status: 1)
            }
            for warning in document.warnings { printError(warning.description) }
            let importer = importer(validating: validating)
            do {
                return try importer.importTheme(
                    from: document, inputs: inputs, appearance: DTCGAppearanceModifier(name: modifier))
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
        let (theme, warnings) = try validatedTheme(options)
        let tokenCount =
            theme.colors.count + theme.metrics.fonts.count + theme.metrics.spacings.count
            + theme.metrics.radii.count
            + theme.metrics.borderWidths.count + theme.metrics.opacities.count + theme.metrics.shadows.count
            + theme.metrics.motions.count + theme.metrics.iconSizes.count + theme.metrics.elevations.count
        print(
            "ok: theme '\(theme.identifier)' with \(tokenCount) tokens, \(warnings.count) warnings"
        )
    }

    /// Imports and validates the theme, printing every warning; throws, listing every error
    /// with its file, key path and line:column, when the files or the theme have errors.
    /// Shared with `keel gallery --tokens`.
    static func validatedTheme(_ options: Options) throws -> (theme: KeelTheme, warnings: [DTCGIssue]) {
        let (theme, warnings) = try options.importTheme(validating: true)
        for warning in warnings { print(warning.description) }
        return (theme, warnings)
    }

    static func contrast(_ options: inout Options) throws {
        let (theme, _) = try options.importTheme()
        let report = ContrastReport(theme: theme)
        guard !report.rows.isEmpty else {
            print("no contrast pairs declared ($extensions.dev.keel.contrastPairs)")
            return
        }
        print(report.table)
        let failures = report.rows.filter { !$0.passes }.count
        if failures > 0 {
            throw CommandFailure(
                message: "\(failures) pair\(failures == 1 ? "" : "s") below the required contrast", status: 1)
        }
    }

    static func generate(_ options: inout Options) throws {
        let (theme, warnings) = try options.importTheme()
        for warning in warnings { printError(warning.description) }
        let source = ThemeSwiftGenerator(propertyName: options.name).source(for: theme)
        let output = options.output!
        do {
            try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw CommandFailure(
                message: "cannot write '\(output)': \(error.localizedDescription)", status: 1)
        }
        print("wrote \(output) (KeelTheme.\(options.name), '\(theme.identifier)')")
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
