/// A small open-addressing table from token names to precomputed values, used by
/// ``KeelThemeResolver`` so a lookup is a fingerprint, one or two probes and a string comparison
/// (identical literal names compare by pointer) instead of a full `Hasher` round.
struct TokenTable<Value: Sendable>: Sendable {
    private var names: [String?]
    private var values: [Value?]
    private let mask: Int

    init(_ pairs: some Sequence<(String, Value)>) {
        let pairs = Array(pairs)
        var capacity = 8
        while capacity < pairs.count * 2 { capacity *= 2 }
        names = Array(repeating: nil, count: capacity)
        values = Array(repeating: nil, count: capacity)
        mask = capacity - 1
        for (name, value) in pairs {
            var slot = Int(truncatingIfNeeded: TokenName.fingerprint(name)) & mask
            while let existing = names[slot], existing != name { slot = (slot + 1) & mask }
            names[slot] = name
            values[slot] = value
        }
    }

    @inline(__always)
    func value(for name: String) -> Value? {
        var slot = Int(truncatingIfNeeded: TokenName.fingerprint(name)) & mask
        while let existing = names[slot] {
            if existing == name { return values[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
