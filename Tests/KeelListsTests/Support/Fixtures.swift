import KeelLists

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

/// A small seeded generator (SplitMix64), so random tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}
