@_spi(Benchmarks) extension DTCGSource {
    /// The `design` benchmark's import (`Benchmarks/`, `keel-bench design`): reads this file as
    /// a `DTCGDocument` does (parse, aliases, validation) and returns how many tokens it holds.
    public func benchmarkImport() -> Int {
        let document = DTCGDocument(source: self)
        return withExtendedLifetime(document) { document.tokens.count }
    }
}
