@_spi(Benchmarks) extension Router {
    /// The `routing` benchmark's loop (`Benchmarks/`, `keel-bench routing`): matches each of
    /// `urls` as `open(_:context:)` would first try it (matching is `package`); returns the
    /// ones no route matched.
    public func benchmarkMatches(_ urls: [String]) throws -> [String] {
        var unmatched: [String] = []
        for url in urls where try match(url) == nil {
            unmatched.append(url)
        }
        return unmatched
    }
}
