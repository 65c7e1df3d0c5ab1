/// Every fixture that fails, with the reason. A failing fixture missing here fails the
/// conformance test; one listed here that passes fails it too, so the list stays honest.
///
/// Keys are a fixture's base name (all four variants fail) or a full variant name.
enum KnownFailures {
    private static let writingMode = "writing-mode (vertical text) is not implemented"

    /// Reasons by fixture base name or full variant name.
    static let byName: [String: String] = [
        "intrinsic_sizing_main_size_column": writingMode,
        "intrinsic_sizing_main_size_column_nested": writingMode,
        "intrinsic_sizing_main_size_column_wrap": writingMode,
    ]

    static func reason(for fileName: String, subsets: FixtureSubsets) -> String? {
        let stem = fileName.replacingOccurrences(of: ".xml", with: "")
        if let reason = byName[stem] { return reason }
        if let base = stem.components(separatedBy: "__").first, let reason = byName[base] { return reason }
        return nil
    }
}
