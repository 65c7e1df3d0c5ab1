// README.md's haptics block is the lines between `// README snippet begin` and
// `// README snippet end`, concatenated, without the markers' indentation (ReadmeSnippetTests
// in KeelArchitectureTests compares them).
#if canImport(UIKit)
    // README snippet begin
    import KeelUIKit

    // README snippet end

    /// The README's haptics lines: the palette components play their feedback from.
    @MainActor
    enum HapticsTour {
        static func tour() {
            // README snippet begin
            HapticPalette.current.feedback[.detentChanged] = .selection  // change one event
            HapticPalette.current = .silent  // or switch haptics off
            // README snippet end
        }
    }
#endif
