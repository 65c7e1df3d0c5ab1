import Testing

@testable import KeelDesign

/// Which families a resolved font tries.
@Suite struct FontDescriptorFamilyTests {
    /// A family without PostScript faces (every family a DTCG file names) is a candidate by
    /// family name; one that lists faces but not this weight is skipped; families after the
    /// system font are never reached. Before: `["Inter", "System"]` resolved to `["System"]`,
    /// so an imported brand font drew SF.
    @Test func familyWithoutFacesIsACandidateByName() {
        let style = FontStyle(
            families: [
                FontFamily(name: "Inter"),
                FontFamily(name: "Mona Sans", faces: [FontWeight(rawValue: 600): "MonaSans-Semibold"]),
                .system, FontFamily(name: "Segoe UI"),
            ], size: 16)
        let font = FontDescriptor(style: style, category: .large, boldText: false)
        #expect(font.familyFallbackList == ["Inter", "System"])
        #expect(font.faces.map(\.postScriptName) == [nil, nil])
        let bold = FontDescriptor(style: style, category: .large, boldText: true)
        #expect(bold.familyFallbackList == ["Inter", "Mona Sans", "System"])
        #expect(bold.faces.map(\.postScriptName) == [nil, "MonaSans-Semibold", nil])
    }
}
