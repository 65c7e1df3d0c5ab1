import KeelLists
import KeelTesting
import Testing

/// P19 (local mutation without refetch), P20 (change output for the UI).
@Suite("Pagination local edits and change output")
struct PaginationChangeTests {
    @Test("P19: update, remove and insert need no source call and publish the right change")
    func localEdits() async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try await loadedController(source, ids: [1, 2, 3], next: 2)
        let recorder = UpdateRecorder(controller.updates())

        #expect(await controller.update(id: 2) { $0.content = 7 })
        #expect(await eventually { recorder.updates.count == 1 })
        #expect(recorder.updates[0].diff.updates == [OffsetMove(from: 1, to: 1)])
        #expect(recorder.updates[0].diff.inserts.isEmpty && recorder.updates[0].diff.deletes.isEmpty)

        #expect(await controller.remove(id: 1) == Row(1))
        #expect(await eventually { recorder.updates.count == 2 })
        #expect(recorder.updates[1].diff.deletes == [0])

        #expect(await controller.insert(Row(9), at: 1))
        #expect(await eventually { recorder.updates.count == 3 })
        #expect(recorder.updates[2].diff.inserts == [1])

        // Refused edits change nothing.
        #expect(await controller.insert(Row(9), at: 0) == false)
        #expect(await controller.insert(Row(10), at: 99) == false)
        #expect(await controller.update(id: 42) { $0.content = 1 } == false)
        #expect(await controller.update(id: 2) { $0.id = 3 } == false)
        #expect(await controller.remove(id: 42) == nil)
        #expect(source.callCount == 1)
        #expect(await controller.items == [Row(2, 7), Row(9), Row(3)])

        // Edits survive an append; a refresh replaces them.
        let more = Task { try await controller.loadMore() }
        await source.waitForCalls(2)
        source.respond(1, with: page([4], next: nil))
        try await more.value
        #expect(await controller.items == [Row(2, 7), Row(9), Row(3), Row(4)])
        let refresh = Task { try await controller.refresh() }
        await source.waitForCalls(3)
        source.respond(2, with: page([1, 2, 3], next: nil))
        try await refresh.value
        #expect(await controller.items == rows([1, 2, 3]))
    }

    @Test("P20: an append publishes only tail inserts; a prepend only head inserts")
    func appendAndPrependShapes() async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try await loadedController(source, ids: [10, 11, 12], previous: 1, next: 3)
        let recorder = UpdateRecorder(controller.updates())
        let more = Task { try await controller.loadMore() }
        await source.waitForCalls(2)
        source.respond(1, with: page([12, 13, 14, 14], next: nil))
        try await more.value
        let previous = Task { try await controller.loadPrevious() }
        await source.waitForCalls(3)
        source.respond(2, with: page([8, 9, 10], previous: nil))
        try await previous.value
        #expect(await eventually { recorder.updates.filter(\.itemsChanged).count == 2 })
        let changes = recorder.updates.filter(\.itemsChanged)
        let append = changes[0].diff
        #expect(append.inserts == [3, 4])
        #expect(append.deletes.isEmpty && append.moves.isEmpty && append.updates.isEmpty)
        let prepend = changes[1].diff
        #expect(prepend.inserts == [0, 1])
        #expect(prepend.deletes.isEmpty && prepend.moves.isEmpty && prepend.updates.isEmpty)
        for change in changes {
            let insertedIDs = change.diff.insertedValues.map(\.id)
            #expect(Set(insertedIDs).count == insertedIDs.count)
            #expect(Set(insertedIDs).isDisjoint(with: change.oldItems.map(\.id)))
        }
    }

    @Test("P20: every published change replays through batch updates and CollectionDifference")
    func changesApply() async throws {
        var random = SplitMix64(seed: 20)
        let source = ClosurePagingSource<Int, Row> { request in
            let number = request.key ?? 0
            // Seeded by page number: the same pages whatever order they are asked for in.
            var pageRandom = SplitMix64(seed: 1_000 + UInt64(number))
            return Page(
                items: rows((0..<8).map { _ in number * 5 + pageRandom.int(0...11) }), nextKey: number + 1)
        }
        let controller = try PagingController(
            source: source, configuration: PagingConfiguration(pageSize: 8))
        let recorder = UpdateRecorder(controller.updates())
        try await controller.refresh()
        for step in 0..<40 {
            switch random.int(0...3) {
            case 0: try await controller.loadMore()
            case 1:
                let item = try #require(await controller.items.randomElement(using: &random))
                await controller.update(id: item.id) { $0.content = step + 1 }
            case 2:
                let item = try #require(await controller.items.randomElement(using: &random))
                await controller.remove(id: item.id)
            default:
                await controller.insert(
                    Row(10_000 + step), at: random.int(0...(await controller.items.count)))
            }
        }
        let finalItems = await controller.items
        #expect(await eventually { recorder.updates.last?.newItems == finalItems })
        for update in recorder.updates where update.itemsChanged {
            #expect(try BatchUpdateModel.replay(update.changeset, from: update.oldItems) == update.newItems)
            #expect(update.oldItems.applying(update.diff.collectionDifference) == update.newItems)
        }
    }

    @Test(
        "P20: appends and prepends publish exactly the diff a full comparison finds",
        arguments: DuplicatePolicy.allCases, [nil, 30] as [Int?])
    func knownInsertionsMatchTheComputedDiff(policy: DuplicatePolicy, maximumItems: Int?)
        async throws
    {
        var random = SplitMix64(seed: 21)
        let source = ClosurePagingSource<Int, Row> { request in
            let number = request.key ?? 0
            // Overlapping ids within and across pages; contents differ so replacements show.
            var pageRandom = SplitMix64(seed: 2_000 &+ UInt64(bitPattern: Int64(number)))
            let items = (0..<8).map { _ in Row(number * 5 + pageRandom.int(0...11), pageRandom.int(0...3)) }
            return Page(items: items, previousKey: number - 1, nextKey: number + 1)
        }
        let controller = try PagingController(
            source: source,
            configuration: PagingConfiguration(
                pageSize: 8, prefetchDistance: 4, maximumItems: maximumItems, duplicatePolicy: policy))
        let recorder = UpdateRecorder(controller.updates())
        try await controller.refresh()
        for _ in 0..<30 {
            if random.chance(0.6) {
                try await controller.loadMore()
            } else {
                try await controller.loadPrevious()
            }
        }
        let finalItems = await controller.items
        #expect(await eventually { recorder.updates.last?.newItems == finalItems })
        let changes = recorder.updates.filter(\.itemsChanged)
        #expect(changes.count > 20)
        for update in changes {
            let computed = ListDiff(from: update.oldItems, to: update.newItems)
            #expect(update.diff.deletes == computed.deletes)
            #expect(update.diff.inserts == computed.inserts)
            #expect(update.diff.moves == computed.moves)
            if policy == .keepFirst {
                #expect(update.diff.updates == computed.updates)
            } else {
                // A replaced item is announced as updated even when its content compares equal.
                #expect(computed.updates.allSatisfy(update.diff.updates.contains))
            }
            #expect(update.diff.insertedValues == computed.insertedValues)
            #expect(update.diff.oldCount == computed.oldCount && update.diff.newCount == computed.newCount)
            #expect(update.diff.applied(to: update.oldItems) == update.newItems)
        }
    }
}
