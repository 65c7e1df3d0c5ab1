/// Every grid fixture that fails, with the reason. A failing fixture missing here fails the
/// grid conformance test; one listed here that passes fails it too, so the list stays honest.
///
/// Keys are a fixture's base name (all four variants) or a full variant name.
enum GridKnownFailures {
    /// Reasons by fixture base name or full variant name.
    static let byName: [String: String] = [:]

    static func reason(for fileName: String) -> String? {
        let stem = fileName.replacingOccurrences(of: ".xml", with: "")
        if let reason = byName[stem] { return reason }
        if let base = stem.components(separatedBy: "__").first, let reason = byName[base] { return reason }
        return nil
    }
}
