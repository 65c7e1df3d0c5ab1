/// Every fixture that fails, with the reason. A failing fixture missing here fails the
/// conformance test; one listed here that passes is reported so the list stays honest.
enum KnownFailures {
    /// Reasons by fixture base name (all four variants) or full file name.
    static let byName: [String: String] = [:]

    static func reason(for fileName: String, subsets: FixtureSubsets) -> String? {
        let stem = fileName.replacingOccurrences(of: ".xml", with: "")
        if let reason = byName[stem] { return reason }
        if let base = stem.components(separatedBy: "__").first, let reason = byName[base] { return reason }
        return nil
    }
}
