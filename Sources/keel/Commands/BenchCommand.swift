/// `keel bench <suite>` and `keel bench --list`.
enum BenchCommand {
    static let usage = """
        usage: keel bench <suite>
               keel bench --list
        Runs a benchmark suite (build with -c release). Each result line is
        `<name>: <value> <unit>`; `<name>.ratio: <x> x` compares with an in-process baseline.
        """

    static func run(_ arguments: [String]) throws {
        guard let first = arguments.first else {
            throw UsageError(message: "missing suite name", usage: usage)
        }
        if first == "--help" || first == "-h" {
            print(usage)
            return
        }
        if first == "--list" {
            guard arguments.count == 1 else {
                throw UsageError(message: "unexpected argument '\(arguments[1])'", usage: usage)
            }
            for suite in BenchSuites.all {
                print("\(suite.name)\t\(suite.summary)")
            }
            return
        }
        if first.hasPrefix("-") {
            throw UsageError(message: "unknown option '\(first)'", usage: usage)
        }
        guard arguments.count == 1 else {
            throw UsageError(message: "unexpected argument '\(arguments[1])'", usage: usage)
        }
        guard let suite = BenchSuites.all.first(where: { $0.name == first }) else {
            let names = BenchSuites.all.map(\.name).joined(separator: ", ")
            throw UsageError(message: "unknown suite '\(first)' (suites: \(names))", usage: usage)
        }
        #if DEBUG
            print("# warning: debug build; budgets apply to `swift run -c release keel bench \(suite.name)`")
        #endif
        try suite.run(BenchReporter())
    }
}
