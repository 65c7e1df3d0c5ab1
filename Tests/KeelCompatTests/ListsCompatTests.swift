import Foundation
import KeelCompat
import KeelLists
import KeelSupport
import Testing

// AEViewModel's data-source spellings and AppFoundation's PaginationController are
// KeelCompat's (deprecated); these tests use them as the documents' code does.

/// AEViewModel README's `ExampleDataSource` (its `Section` is `KeelSection`: SwiftUI has one).
private struct ExampleDataSource: DataSource {
    enum Id {
        static let cells = "cells"
        static let form = "form"
        static let settings = "settings"
        static let github = "github"
    }

    var title: String? = "Example"
    var sections: [KeelSection] = [
        BasicSection(
            footer: "Default cells which are provided out of the box.",
            items: [
                BasicItem(identifier: Id.cells, title: "Cells")
            ]),
        BasicSection(
            header: "Demo",
            items: [
                BasicItem(identifier: Id.form, title: "Form", detail: "Static Data Source"),
                BasicItem(identifier: Id.settings, title: "Settings", detail: "JSON Data Source"),
                BasicItem(identifier: Id.github, title: "Github", detail: "Remote Data Source"),
            ]),
    ]
}

@Suite("AEViewModel's data source over KeelLists")
struct AEViewModelDataSourceTests {
    @Test("identifier(at:) names the item at a section and row; out of range is nil")
    func identifierAtIndexPath() {
        let source = ExampleDataSource()
        #expect(source.identifier(at: [0, 0]) == "cells")
        #expect(source.identifier(at: [1, 0]) == "form")
        #expect(source.identifier(at: [1, 2]) == "github")
        #expect(source.identifier(at: [1, 3]) == nil)
        #expect(source.identifier(at: [2, 0]) == nil)
        #expect(source.identifier(at: [-1, 0]) == nil)
        #expect(source.item(at: [1, 1])?.identifier == "settings")
    }

    @Test("the sections keep their order, headers and footers, and get distinct identifiers")
    func sectionsAsWritten() {
        let list = ListDataSource(title: ExampleDataSource().title, sections: ExampleDataSource().sections)
        #expect(list.title == "Example")
        #expect(list.listSections.map(\.footer) == ["Default cells which are provided out of the box.", nil])
        #expect(list.listSections.map(\.header) == [nil, "Demo"])
        #expect(Set(list.listSections.map(\.id)).count == 2)
        #expect(list.listSections[1].listItems.map(\.id) == ["form", "settings", "github"])
    }
}

@Suite("AppFoundation's PaginationController over PagingController")
@MainActor
struct PaginationControllerCompatTests {
    @Test("refresh loads page 1, loadMore appends the next pages until hasMore is false")
    func refreshThenLoadMore() async throws {
        let calls = Locked<[[Int]]>([])
        let loader = PaginationController<Int>(pageSize: 2) { page, pageSize in
            calls.withLock { $0.append([page, pageSize]) }
            let first = (page - 1) * pageSize + 1
            return PageResult(page: page, items: Array(first..<first + pageSize), hasMore: page < 3)
        }
        #expect(loader.items.isEmpty)

        try await loader.refresh()
        #expect(loader.items == [1, 2])
        #expect(loader.hasMore)

        try await loader.loadMore()
        try await loader.loadMore()
        #expect(loader.items == [1, 2, 3, 4, 5, 6])
        #expect(!loader.hasMore)

        // Nothing more to load: no call, nothing changes.
        try await loader.loadMore()
        #expect(loader.items == [1, 2, 3, 4, 5, 6])
        #expect(calls.current == [[1, 2], [2, 2], [3, 2]])

        // A refresh starts over from the first page.
        try await loader.refresh()
        #expect(loader.items == [1, 2])
        #expect(loader.hasMore)
        #expect(calls.current.last == [1, 2])
    }

    @Test("equal items on different pages are all kept (items need not be Identifiable)")
    func equalItemsAreKept() async throws {
        let loader = PaginationController<String>(pageSize: 1) { page, _ in
            PageResult(page: page, items: ["same"], hasMore: page < 2)
        }
        try await loader.refresh()
        try await loader.loadMore()
        #expect(loader.items == ["same", "same"])
    }
}
