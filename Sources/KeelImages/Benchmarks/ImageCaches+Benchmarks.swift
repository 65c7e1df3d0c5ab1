import Foundation

// The `images` benchmark suite's entry points (`Benchmarks/`, `keel-bench images`): the caches'
// raw lookups and stores are `package`, so the suite reaches them through these.

@_spi(Benchmarks) extension ImageMemoryCache {
    /// `iterations` lookups of `dataKeys` in turn, each the key of a request without
    /// processors; returns how many hit.
    public func benchmarkLookups(_ dataKeys: [String], iterations: Int) -> Int {
        let keys = dataKeys.map { ImageCacheKey(dataKey: $0) }
        guard !keys.isEmpty else { return 0 }
        var hits = 0
        for index in 0..<iterations where image(for: keys[index % keys.count]) != nil {
            hits += 1
        }
        return hits
    }
}

@_spi(Benchmarks) extension ImageDiskCache {
    /// Storing data for a key (with the configuration's expiry), and reading a key's data back
    /// (header and checksum validated; `nil` when absent or invalid).
    public var benchmarkEntryPoints: (store: (Data, String) throws -> Void, data: (String) -> Data?) {
        (store: { try self.store($0, for: $1) }, data: { self.data(for: $0) })
    }
}
