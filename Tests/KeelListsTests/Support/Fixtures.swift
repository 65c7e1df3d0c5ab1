import KeelLists
import KeelTesting

/// A list row: identified by `id`, displayed from `content`.
struct Row: Identifiable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var content: Int

    init(_ id: Int, _ content: Int = 0) {
        self.id = id
        self.content = content
    }

    var description: String { content == 0 ? "\(id)" : "\(id)/\(content)" }
}

/// A section header: identified by `id`, displayed from `title`.
struct Header: Identifiable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var title: Int

    init(_ id: Int, _ title: Int = 0) {
        self.id = id
        self.title = title
    }

    var description: String { "S\(id)/\(title)" }
}

typealias Sections = [ListSection<Header, Row>]

/// Rows with the given identifiers and no content.
func rows(_ ids: [Int]) -> [Row] { ids.map { Row($0) } }

/// SplitMix64, seeded: KeelTesting's generator, so random tests repeat exactly.
typealias SplitMix64 = SeededRandomNumberGenerator

extension SeededRandomNumberGenerator {
    /// `true` with `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }
    /// A value in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}
