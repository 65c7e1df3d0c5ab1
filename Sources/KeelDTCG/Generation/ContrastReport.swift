import Foundation
import KeelDesign

/// The declared contrast pairs of a theme with their ratios under every appearance: the
/// table `keel tokens contrast` prints.
package struct ContrastReport: Hashable, Sendable {
    /// One pair under one appearance.
    package struct Row: Hashable, Sendable {
        /// The pair.
        package var pair: ContrastPair
        /// The appearance.
        package var variant: ColorVariant
        /// The foreground colour under that appearance.
        package var foreground: ColorValue
        /// The background colour under that appearance.
        package var background: ColorValue
        /// The WCAG ratio (not rounded).
        package var ratio: Double
        /// Whether the ratio meets the pair's requirement.
        package var passes: Bool { pair.requirement.isSatisfied(by: ratio) }
    }

    /// The rows: pairs in declaration order, each under light, dark and any high-contrast
    /// variants the colours define.
    package var rows: [Row]

    /// The report for `theme`; pairs naming missing colours are skipped (validation reports them).
    package init(theme: KeelTheme) {
        var rows: [Row] = []
        for pair in theme.contrastPairs {
            guard let foreground = theme.colors[pair.foreground],
                let background = theme.colors[pair.background]
            else {
                continue
            }
            let backdrop = pair.background == .backgroundPrimary ? nil : theme.colors[.backgroundPrimary]
            for checked in KeelThemeColor.contrastVariants(
                foreground: foreground, background: background, backdrop: backdrop)
            {
                rows.append(
                    Row(
                        pair: pair, variant: checked.variant, foreground: checked.foreground,
                        background: checked.background,
                        ratio: checked.foreground.contrastRatio(on: checked.background)))
            }
        }
        self.rows = rows
    }

    /// Whether every row passes.
    package var allPass: Bool { rows.allSatisfy(\.passes) }

    /// Shortest text that reads back as the same number, without a trailing `.0` (`4.5`, `3`).
    private static func shortest(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    /// A plain-text table with a header, one row per line.
    package var table: String {
        let header = ["foreground", "background", "appearance", "colours", "ratio", "required", "result"]
        let body = rows.map { row -> [String] in
            let ratio = (row.ratio * 100).rounded(.down) / 100
            return [
                row.pair.foreground.rawValue, row.pair.background.rawValue, row.variant.rawValue,
                "\(row.foreground.hexString) on \(row.background.hexString)", String(format2: ratio) + ":1",
                "\(row.pair.requirement.rawValue) \(Self.shortest(row.pair.requirement.minimumRatio)):1",
                row.passes ? "pass" : "FAIL",
            ]
        }
        let all = [header] + body
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { cells in
            cells.enumerated().map { index, cell in
                index == cells.count - 1
                    ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}

extension String {
    /// A number with exactly two decimals.
    fileprivate init(format2 value: Double) {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        self = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
