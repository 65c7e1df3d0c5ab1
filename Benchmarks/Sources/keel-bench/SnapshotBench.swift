import KeelLists

/// `ListSnapshot` build and query workloads for `keel-bench diff`.
struct SnapshotBench {
    let reporter: BenchReporter

    func run() throws {
        for count in [10_000, 50_000] {
            try measure(count: count)
        }
    }

    /// Builds a snapshot of `count` items in 10 sections, then looks every item up both ways.
    private func measure(count: Int) throws {
        let name = "snapshot.\(count / 1_000)k"
        let sections = (0..<10).map { "section \($0)" }
        let perSection = count / sections.count
        func build() throws -> ListSnapshot<String, Int> {
            var snapshot = ListSnapshot<String, Int>()
            try snapshot.appendSections(sections)
            for (offset, section) in sections.enumerated() {
                try snapshot.appendItems(
                    Array((offset * perSection)..<((offset + 1) * perSection)), toSection: section)
            }
            return snapshot
        }
        let snapshot = try build()
        let build = try Measure.best(repetitions: 10) { blackHole(try build()) }
        reporter.report("\(name).build", build * 1_000, "ms")

        var checksum = 0
        let byIdentifier = Measure.best(repetitions: 5) {
            for item in 0..<count { checksum &+= snapshot.index(ofItem: item)?.item ?? 0 }
        }
        reporter.report("\(name).indexOfItem", byIdentifier / Double(count) * 1e9, "ns/query")
        let byIndex = Measure.best(repetitions: 5) {
            for section in 0..<sections.count {
                for item in 0..<perSection {
                    checksum &+= snapshot.itemIdentifier(at: ItemIndex(section: section, item: item)) ?? 0
                }
            }
        }
        reporter.report("\(name).itemIdentifierAt", byIndex / Double(count) * 1e9, "ns/query")
        let allIdentifiers = Measure.best(repetitions: 5) {
            for _ in 0..<100 { checksum &+= snapshot.itemIdentifiers.count }
        }
        reporter.report("\(name).itemIdentifiers.x100", allIdentifiers * 1_000, "ms")
        blackHole(checksum)
    }
}
