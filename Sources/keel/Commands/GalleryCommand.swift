import Foundation
import KeelDesign
import KeelRender

/// `keel gallery`: renders the catalogue of every component and design aspect to SVG files
/// and an `index.html`.
enum GalleryCommand {
    static let usage = """
        usage: keel gallery [--output DIR] [--tokens FILE…] [--only COMPONENT] [--list]
          --output DIR        where to write index.html and cases/ (default ./gallery); an existing
                              folder is replaced only if keel wrote it
          --tokens FILE…      draw with a theme imported from DTCG token files (merged in order, later
                              files win) instead of the default and blue themes
          --only COMPONENT    only one component's cases (`keel gallery --list` names them)
          --list              list the components and their case counts
        Everything is rendered into a temporary folder first, then moved into place.
        """

    struct Options {
        var output = "gallery"
        var tokens: [String] = []
        var only: String?
        var list = false
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var index = 0
        func value(_ flag: String) throws -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw UsageError(message: "\(flag) needs a value", usage: usage)
            }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--output", "-o": options.output = try value(argument)
            case "--only": options.only = try value(argument)
            case "--list": options.list = true
            case "--tokens":
                options.tokens.append(try value(argument))
                // Every following non-option argument is another token file.
                while index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") {
                    index += 1
                    options.tokens.append(arguments[index])
                }
            default:
                throw UsageError(
                    message: argument.hasPrefix("-")
                        ? "unknown option '\(argument)'" : "unexpected argument '\(argument)'",
                    usage: usage)
            }
            index += 1
        }
        return options
    }

    static func run(_ arguments: [String]) throws {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return
        }
        let options = try parse(arguments)
        var themes: [KeelTheme] = [.default, .blue]
        if !options.tokens.isEmpty {
            // The same import, and the same error lines, as `keel tokens validate`.
            var tokenOptions = TokensCommand.Options()
            tokenOptions.files = options.tokens
            themes = [try TokensCommand.validatedTheme(tokenOptions).theme]
        }
        let catalogue = GalleryCatalogue(themes: themes)
        if options.list {
            for component in catalogue.components {
                let count = try catalogue.cases(only: component).count
                print("\(component)\t\(count) cases\t\(catalogue.title(of: component))")
            }
            return
        }
        let measurer = FontMetricsMeasurer()
        if !measurer.hasFontFiles {
            TokensCommand.printError(
                "keel gallery: warning: no font files found (install fonts-dejavu-core); text is measured approximately"
            )
        }
        let writer = GalleryWriter(catalogue: catalogue, measurer: measurer)
        let start = ContinuousClock.now
        var lastReported = -1
        let result: GalleryWriteResult
        do {
            result = try writer.write(to: options.output, only: options.only) { done, total, item in
                // About twenty progress lines however large the catalogue.
                let step = max(1, total / 20)
                if done == total || done / step != lastReported {
                    lastReported = done / step
                    TokensCommand.printError("rendering \(done)/\(total) \(item.component)")
                }
            }
        } catch let error as GalleryError {
            if case .unknownComponent = error { throw UsageError(message: error.description, usage: usage) }
            throw CommandFailure(message: error.description, status: 1)
        }
        for (id, overflows) in result.overflows.sorted(by: { $0.key < $1.key }) {
            for overflow in overflows { TokensCommand.printError("warning: \(id): \(overflow)") }
        }
        let elapsed = start.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        TokensCommand.printError("rendered in \(String(format: "%.2f", seconds)) s")
        print(result.indexPath)
        print("\(result.caseCount) cases")
    }
}
