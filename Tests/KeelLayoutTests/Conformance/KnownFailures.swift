/// Every fixture that fails, with the reason. A failing fixture missing here fails the
/// conformance test; one listed here that passes fails it too, so the list stays honest.
///
/// Keys are a fixture's base name (all four variants fail) or a full variant name.
enum KnownFailures {
    /// Reasons by fixture base name or full variant name.
    /// Empty: every fixture passes. Vertical text (`writing-mode: vertical-lr`, on text leaves
    /// only) is measured by the fixture's measure function along the height.
    static let byName: [String: String] = [:]

    static func reason(for fileName: String, subsets: FixtureSubsets) -> String? {
        let stem = fileName.replacingOccurrences(of: ".xml", with: "")
        if let reason = byName[stem] { return reason }
        if let base = stem.components(separatedBy: "__").first, let reason = byName[base] { return reason }
        return nil
    }
}
