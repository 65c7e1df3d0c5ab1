/// Every benchmark suite `keel-bench` knows, in the order `--list` prints them.
/// Each suite lives in its own file as `extension BenchSuite { static let <name> = … }`.
enum BenchSuites {
    /// The registered suites.
    static let all: [BenchSuite] = [
        .logging,
        .app,
        .diff,
        .storage,
        .design,
        .layout,
        .routing,
        .container,
        .images,
        .components,
        .lists,
        .networking,
    ]
}
