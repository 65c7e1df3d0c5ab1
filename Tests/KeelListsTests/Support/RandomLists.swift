import KeelLists

/// Random old/new list pairs: duplicates, moves, updates, inserts, deletes and section changes.
struct RandomLists {
    var generator: SplitMix64
    private var nextID = 0

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func freshID() -> Int {
        nextID += 1
        return nextID
    }

    /// Sizes 0–500, mostly small so that many shapes are tried quickly.
    mutating func size(max: Int = 500) -> Int {
        generator.chance(0.15) ? generator.int(0...max) : generator.int(0...24)
    }

    /// A flat list, with a few duplicate identifiers when `duplicates`.
    mutating func list(count: Int, duplicates: Bool) -> [Row] {
        var result: [Row] = []
        for _ in 0..<count {
            if duplicates, !result.isEmpty, generator.chance(0.05) {
                result.append(Row(result.randomElement(using: &generator)!.id, generator.int(0...2)))
            } else {
                result.append(Row(freshID(), generator.int(0...2)))
            }
        }
        return result
    }

    /// A new list derived from `old` by a random mix of edits.
    mutating func edit(_ old: [Row], duplicates: Bool) -> [Row] {
        switch generator.int(0...4) {
        case 0: return list(count: size(), duplicates: duplicates)  // unrelated
        case 1:  // pure append, prepend or end removal
            let extra = list(count: generator.int(0...10), duplicates: false)
            switch generator.int(0...3) {
            case 0: return old + extra
            case 1: return extra + old
            case 2: return Array(old.dropFirst(generator.int(0...old.count)))
            default: return Array(old.dropLast(generator.int(0...old.count)))
            }
        default:
            var new = old.filter { _ in !generator.chance(0.15) }
            for index in new.indices where generator.chance(0.1) { new[index].content += 1 }
            for _ in 0..<generator.int(0...4) where !new.isEmpty {
                let row = new.remove(at: generator.int(0...(new.count - 1)))
                new.insert(row, at: generator.int(0...new.count))
            }
            for _ in 0..<generator.int(0...5) {
                new.insert(Row(freshID()), at: generator.int(0...new.count))
            }
            if new.count > 2, generator.chance(0.2) {
                let start = generator.int(0...(new.count - 2))
                let end = generator.int((start + 1)...(new.count - 1))
                new[start...end].shuffle(using: &generator)
            }
            if duplicates, !old.isEmpty, generator.chance(0.3) {
                new.insert(old.randomElement(using: &generator)!, at: generator.int(0...new.count))
            }
            return new
        }
    }

    /// A sectioned list of at most `maximumItems` items.
    mutating func sections(maximumItems: Int, duplicates: Bool) -> Sections {
        var result: Sections = []
        var budget = maximumItems
        for _ in 0..<generator.int(0...6) {
            let header =
                duplicates && !result.isEmpty && generator.chance(0.05)
                ? result.randomElement(using: &generator)!.model : Header(freshID(), generator.int(0...1))
            let count = min(budget, generator.chance(0.1) ? generator.int(0...budget) : generator.int(0...8))
            budget -= count
            result.append(ListSection(header, items: list(count: count, duplicates: duplicates)))
        }
        return result
    }

    /// A new sectioned list derived from `old`.
    mutating func edit(_ old: Sections, duplicates: Bool) -> Sections {
        if generator.chance(0.1) { return sections(maximumItems: size(), duplicates: duplicates) }
        var new = old.filter { _ in !generator.chance(0.15) }
        for index in new.indices where generator.chance(0.15) { new[index].model.title += 1 }
        for index in new.indices { new[index].items = edit(new[index].items, duplicates: duplicates) }
        // Items moving across sections.
        for _ in 0..<generator.int(0...3) where new.count > 1 {
            let from = generator.int(0...(new.count - 1))
            guard !new[from].items.isEmpty else { continue }
            let row = new[from].items.remove(at: generator.int(0...(new[from].items.count - 1)))
            let to = generator.int(0...(new.count - 1))
            new[to].items.insert(row, at: generator.int(0...new[to].items.count))
        }
        // New sections, sometimes taking items from old ones.
        for _ in 0..<generator.int(0...2) {
            var items = list(count: generator.int(0...4), duplicates: false)
            if let donor = old.randomElement(using: &generator)?.items.randomElement(using: &generator),
                generator.chance(0.5)
            {
                items.append(donor)
            }
            new.insert(ListSection(Header(freshID()), items: items), at: generator.int(0...new.count))
        }
        if new.count > 1, generator.chance(0.3) {
            new.swapAt(generator.int(0...(new.count - 1)), generator.int(0...(new.count - 1)))
        }
        if duplicates, let section = old.randomElement(using: &generator), generator.chance(0.1) {
            new.insert(section, at: generator.int(0...new.count))
        }
        return new
    }
}

/// `sections` without duplicates: repeated sections dropped with their items, then repeated items
/// dropped across the whole list.
func deduplicated(_ sections: Sections, keeping policy: DuplicatePolicy = .keepFirst) -> Sections {
    let kept = sections.deduplicated(by: \.model.id, keeping: policy)
    let items = kept.enumerated().flatMap { section, element in element.items.map { (section, $0) } }
        .deduplicated(by: \.1.id, keeping: policy)
    var result = kept.map { ListSection($0.model, items: [Row]()) }
    for (section, row) in items { result[section].items.append(row) }
    return result
}
