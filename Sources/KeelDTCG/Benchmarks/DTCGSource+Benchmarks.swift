@_spi(Benchmarks) extension DTCGSource {
    /// The `design` benchmark's import (`Benchmarks/`, `keel-bench design`): reads this file as
    /// a `DTCGDocument` does (parse, aliases, validation) and returns how many tokens it holds.
    public func benchmarkImport() -> Int {
        let document = DTCGDocument(source: self)
        return withExtendedLifetime(document) { document.tokens.count }
    }
}

@_spi(Benchmarks) extension DTCGResolverDocument {
    /// The `design` benchmark's resolver matrix (`keel-bench design`): validates every
    /// combination of modifier contexts as `keel tokens validate --resolver` does and returns
    /// how many combinations were checked.
    public func benchmarkValidateMatrix() throws -> Int {
        let combinations = try combinations().map { combination in
            Dictionary(combination.map { ($0.modifier, $0.context) }, uniquingKeysWith: { $1 })
        }
        let reports = DTCGThemeImporter(validatesTheme: true).importReports(
            from: self, combinations: combinations)
        for case .failure(let error) in reports where !(error is DTCGError) {
            // A combination with token errors is checked too; anything else is a failure.
            throw error
        }
        return reports.count
    }
}
