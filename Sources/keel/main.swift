import Foundation

/// The `keel` command: the gallery and design tokens.
let usage = """
    usage: keel <command> [arguments]

    commands:
      gallery   render every component and design token to SVG with an index.html (./gallery)
      tokens    validate, check contrast of, and generate Swift from design-token files

    `keel <command> --help` describes a command.
    """

/// The subcommands, each taking the arguments after its name.
let commands: [String: ([String]) throws -> Void] = [
    "gallery": GalleryCommand.run,
    "tokens": TokensCommand.run,
]

@MainActor
func runMain(_ arguments: [String]) -> Int32 {
    guard let name = arguments.first else {
        FileHandle.standardError.write(Data("keel: missing command\n\(usage)\n".utf8))
        return 2
    }
    if name == "--help" || name == "-h" || name == "help" {
        print(usage)
        return 0
    }
    guard let command = commands[name] else {
        let kind = name.hasPrefix("-") ? "option" : "command"
        FileHandle.standardError.write(Data("keel: unknown \(kind) '\(name)'\n\(usage)\n".utf8))
        return 2
    }
    do {
        try command(Array(arguments.dropFirst()))
        return 0
    } catch let error as UsageError {
        FileHandle.standardError.write(Data("keel \(name): \(error.message)\n\(error.usage)\n".utf8))
        return 2
    } catch let error as CommandFailure {
        FileHandle.standardError.write(Data("keel \(name): \(error.message)\n".utf8))
        return error.status
    } catch {
        FileHandle.standardError.write(Data("keel \(name): \(error)\n".utf8))
        return 1
    }
}

exit(runMain(Array(CommandLine.arguments.dropFirst())))
