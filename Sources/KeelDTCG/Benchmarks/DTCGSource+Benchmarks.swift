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
        let importer = DTCGThemeImporter(validatesTheme: true)
        let combinations = try combinations()
        let cache = DTCGParseCache()
        for combination in combinations {
            let inputs = Dictionary(combination.map { ($0.modifier, $0.context) }, uniquingKeysWith: { $1 })
            do {
                _ = try importer.importReport(from: self, combination: inputs, cache: cache)
            } catch is DTCGError {
                // A combination with errors is checked too.
            }
        }
        return combinations.count
    }
}
