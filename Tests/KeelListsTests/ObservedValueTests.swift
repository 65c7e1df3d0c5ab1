#if canImport(Observation)
    import KeelLists
    import KeelSupport
    import Observation
    import KeelTesting
    import Testing

    /// The `@Observable` models of pagination and list-loading state.
    @Suite("Observable state models")
    @MainActor
    struct ObservedValueTests {
        /// Waits on the main actor until `condition` holds (bounded by time, see `eventually`).
        func until(_ condition: () -> Bool) async -> Bool {
            await eventually { condition() }
        }

        @Test("a PagingController's observable state follows its updates and notifies observers")
        func pagingModel() async throws {
            let source = ScriptedPagingSource<Int>()
            let controller = try await loadedController(source, ids: [1, 2], next: 3)
            let model = await controller.observableState()
            #expect(model.value.items == rows([1, 2]))
            let changed = Locked(false)
            withObservationTracking {
                _ = model.value
            } onChange: {
                changed.set(true)
            }
            await controller.update(id: 1) { $0.content = 5 }
            #expect(await until { model.value.items.first == Row(1, 5) })
            #expect(changed.current)
            model.stop()
        }

        @Test("a ListLoader's observable state follows its phases")
        func listModel() async throws {
            let loader = ListLoader(
                refresh: { ListRefreshOutcome(isEmpty: true, hasMore: false) }, loadMore: { false })
            let model = await loader.observableState()
            #expect(model.value.phase == .idle)
            await loader.refresh()
            #expect(await until { model.value.phase == .empty })
        }
    }
#endif
