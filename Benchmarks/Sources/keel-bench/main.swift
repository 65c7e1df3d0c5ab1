import Foundation

/// `keel-bench <suite>` and `keel-bench --list`: Keel's benchmark suites, in a package of their
/// own so the shipped `keel` CLI carries none of them. Run from the repository root with
/// `swift run -c release --package-path Benchmarks keel-bench <suite>`.
enum BenchCommand {
    static let usage = """
        usage: keel-bench <suite>
               keel-bench --list
        Runs a benchmark suite (build with -c release:
        `swift run -c release --package-path Benchmarks keel-bench <suite>`). Each result line is
        `<name>: <value> <unit>`; `<name>.ratio: <x> x` compares with an in-process baseline.
        """

    static func run(_ arguments: [String]) throws {
        guard let first = arguments.first else {
            throw UsageError(message: "missing suite name")
        }
        if first == "--help" || first == "-h" {
            print(usage)
            return
        }
        if first == "--list" {
            guard arguments.count == 1 else {
                throw UsageError(message: "unexpected argument '\(arguments[1])'")
            }
            for suite in BenchSuites.all {
                print("\(suite.name)\t\(suite.summary)")
            }
            return
        }
        if first.hasPrefix("-") {
            throw UsageError(message: "unknown option '\(first)'")
        }
        guard arguments.count == 1 else {
            throw UsageError(message: "unexpected argument '\(arguments[1])'")
        }
        guard let suite = BenchSuites.all.first(where: { $0.name == first }) else {
            let names = BenchSuites.all.map(\.name).joined(separator: ", ")
            throw UsageError(message: "unknown suite '\(first)' (suites: \(names))")
        }
        #if DEBUG
            print(
                "# warning: debug build; budgets apply to `swift run -c release --package-path Benchmarks keel-bench \(suite.name)`"
            )
        #endif
        try suite.run(BenchReporter())
    }
}

/// A command-line usage error: printed as one line followed by the usage, exit status 2.
struct UsageError: Error {
    /// What was wrong, in one line.
    let message: String
}

/// A failure that is not a usage error: printed as one line, with its own exit status.
struct CommandFailure: Error {
    /// What failed.
    let message: String
    /// The process exit status.
    let status: Int32
}

do {
    try BenchCommand.run(Array(CommandLine.arguments.dropFirst()))
} catch let error as UsageError {
    FileHandle.standardError.write(Data("keel-bench: \(error.message)\n\(BenchCommand.usage)\n".utf8))
    exit(2)
} catch let error as CommandFailure {
    FileHandle.standardError.write(Data("keel-bench: \(error.message)\n".utf8))
    exit(error.status)
} catch {
    FileHandle.standardError.write(Data("keel-bench: \(error)\n".utf8))
    exit(1)
}
