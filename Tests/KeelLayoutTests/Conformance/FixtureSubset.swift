import Foundation

/// The subsets of the flex fixtures the issue reports on (see the fixtures' README).
struct FixtureSubsets: OptionSet, Sendable {
    let rawValue: Int

    /// Contains `<text>` leaves (measured with the Ahem-style measurer).
    static let text = FixtureSubsets(rawValue: 1)
    /// Mixes in grid or block layout (not implemented).
    static let mixed = FixtureSubsets(rawValue: 2)
    /// Uses overflow, scrollbars or writing modes (vertical text leaves).
    static let overflow = FixtureSubsets(rawValue: 4)
    /// Core flexbox: none of the above (2,184 files).
    static let core = FixtureSubsets(rawValue: 8)
    /// Core and also no absolute, aspect ratio, percentages, min/max, wrap or gap (828 files).
    static let basic = FixtureSubsets(rawValue: 16)
    /// Core files with absolute positioning or aspect ratio.
    static let absoluteOrAspectRatio = FixtureSubsets(rawValue: 32)

    static func classify(_ source: String) -> FixtureSubsets {
        let input: Substring
        if let start = source.range(of: "<input>"), let end = source.range(of: "</input>") {
            input = source[start.upperBound..<end.lowerBound]
        } else {
            input = Substring(source)
        }
        func has(_ pattern: String) -> Bool {
            input.range(of: pattern, options: .regularExpression) != nil
        }
        // The README's subsets match the whole file (a test named "…_overflow" counts as overflow).
        func fileHas(_ pattern: String) -> Bool {
            source.range(of: pattern, options: .regularExpression) != nil
        }
        var subsets: FixtureSubsets = []
        if fileHas("<text") { subsets.insert(.text) }
        if fileHas("display=\"(grid|block)\"") { subsets.insert(.mixed) }
        if fileHas("overflow|scrollbar|writing-mode") { subsets.insert(.overflow) }
        if subsets.isEmpty {
            subsets.insert(.core)
            let absolute = has("position=\"absolute\"|aspect-ratio=")
            if absolute { subsets.insert(.absoluteOrAspectRatio) }
            if !absolute, !has("%\"| (min|max)-(width|height)=|flex-wrap=\"wrap|gap=") {
                subsets.insert(.basic)
            }
        }
        return subsets
    }
}
