import KeelLists
import Testing

/// Animated updates and snapshots of data sources with repeated identifiers: what a list view
/// is told and what the controller then stores must agree.
@Suite("Data-source updates with duplicates")
struct ListDataSourceDuplicateUpdateTests {
    /// A one-section list view that holds rows as UIKit does during batch updates: each stage
    /// must satisfy UIKit's row-count rule ("the number of rows contained in an existing section
    /// after the update must be equal to …"), and the rows then take the stage's data.
    final class OneSectionView {
        /// The row identifiers the view holds.
        var rows: [String]
        /// Broken count rules (UIKit raises `NSInternalInconsistencyException` for each).
        var violations: [String] = []
        /// What the controller stored last.
        var stored: ListDataSource?

        /// A view showing `dataSource` after a reload.
        init(showing dataSource: ListDataSource) {
            rows = dataSource.listSections.first?.listItems.map(\.id) ?? []
            stored = dataSource
        }

        /// Applies one stage after another, as `UITableView.apply(_:setData:)` does.
        func applyStaged(
            _ staged: StagedChangeset<[ListSection<ListDataSection, ListItem>]>,
            setData: ([ListSection<ListDataSection, ListItem>]) -> Void
        ) {
            for stage in staged {
                let after = stage.data.first?.items.count ?? 0
                let expected =
                    rows.count - stage.itemDeletes.count + stage.itemInserts.count
                    - stage.itemMoves.filter { $0.from.section == 0 }.count
                    + stage.itemMoves.filter { $0.to.section == 0 }.count
                if after != expected {
                    violations.append("\(after) rows in the data, \(expected) after the update")
                }
                setData(stage.data)
                rows = stage.data.first?.items.map(\.id) ?? []
            }
        }

        /// Animates to `newDataSource` from what the controller stored.
        func animate(to newDataSource: ListDataSource) {
            newDataSource.animate(
                from: stored ?? ListDataSource(sections: []),
                applyStaged: { staged, setData in self.applyStaged(staged, setData: setData) },
                store: { self.stored = $0 })
        }
    }

    /// Items `a`, `b`, … in one section, by identifier (the title repeats the identifier).
    static func list(_ ids: String...) -> ListDataSource {
        ListDataSource(items: ids.map { ListItem(id: $0, viewModel: BasicCellViewModel(title: $0)) })
    }

    // Used to store the source as given ([a, a, b]) after an empty animation: the controller
    // then had 3 rows while UIKit held 2, showed the repeated `a` in `b`'s row, and the next
    // animated update ([a, b, c]) deleted a row UIKit never had (UIKit's count exception).
    // Since round 12 the repeated `a` is animated in as a row of its own (it used to be dropped).
    @Test("an animated update stores the list it animated, repeated identifiers included")
    func animatedApplyStoresDeduplicatedSource() {
        let view = OneSectionView(showing: Self.list("a", "b"))
        view.animate(to: Self.list("a", "a", "b"))
        #expect(view.violations.isEmpty)
        #expect(view.stored == Self.list("a", "a", "b"))
        #expect(view.stored?.listSections.first?.listItems.map(\.id) == view.rows)

        view.animate(to: Self.list("a", "b", "c"))
        #expect(view.violations.isEmpty)
        #expect(view.rows == ["a", "b", "c"])
        #expect(view.stored == Self.list("a", "b", "c"))
    }

    // Same rule when the stages are not empty, and for repeated sections (which used to be
    // dropped with their items; since round 12 they are kept).
    @Test("with stages, the stored list is the last stage's list; a repeated section is kept")
    func animatedApplyWithStagesAndSections() throws {
        let view = OneSectionView(showing: Self.list("a"))
        var new = Self.list("b", "a", "b")
        new.listSections.append(ListDataSection(id: "main", items: [ListItem(id: "z")]))
        view.animate(to: new)
        #expect(view.violations.isEmpty)
        #expect(view.stored == new)
        let changes = new.changes(from: Self.list("a"))
        let last = try #require(changes.changeset.last)
        #expect(changes.target == ListDataSource(title: new.title, stage: last.data))
    }
}

extension ListDataSourceDuplicateUpdateTests {
    // Used to read the updated positions (in the list without duplicates) from the source as
    // given: [a "A", a "A dup", b "B changed"] marked `a` for reconfiguring instead of `b`, so a
    // diffable data source kept showing "B".
    @Test("the snapshot reconfigures the changed item, not the one a duplicate shifted into its place")
    func snapshotReconfiguresFromDeduplicatedTarget() {
        func item(_ id: String, _ title: String) -> ListItem {
            ListItem(id: id, viewModel: BasicCellViewModel(title: title))
        }
        let old = ListDataSource(items: [item("a", "A"), item("b", "B")])
        let new = ListDataSource(items: [item("a", "A"), item("a", "A dup"), item("b", "B changed")])
        let changes = new.changes(from: old)
        #expect(changes.snapshot.reconfiguredItemIdentifiers == ["b"])
    }

    // The same shift for sections: a repeated section before a section whose header changed.
    @Test("the snapshot reconfigures the changed section, not the one a duplicate shifted into its place")
    func snapshotReconfiguresSectionsFromDeduplicatedTarget() {
        let old = ListDataSource(sections: [
            ListDataSection(id: "s1", items: [ListItem(id: "1")]),
            ListDataSection(id: "s2", header: "Old", items: [ListItem(id: "2")]),
        ])
        let new = ListDataSource(sections: [
            ListDataSection(id: "s1", items: [ListItem(id: "1")]),
            ListDataSection(id: "s1", items: []),
            ListDataSection(id: "s2", header: "New", items: [ListItem(id: "2")]),
        ])
        let changes = new.changes(from: old)
        #expect(changes.snapshot.reconfiguredSectionIdentifiers == ["s2"])
        #expect(changes.snapshot.reconfiguredItemIdentifiers.isEmpty)
    }
}
