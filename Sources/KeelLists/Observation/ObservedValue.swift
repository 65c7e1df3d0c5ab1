#if canImport(Observation)
    import Observation

    /// An `@Observable` holder of the latest value of a state stream — a
    /// ``PagingController``'s ``PagingState`` or a ``ListLoader``'s ``ListLoadingState`` —
    /// for UI that binds through Observation (iOS 17 and later).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    @Observable
    package final class ObservedValue<Value: Sendable> {
        /// The latest value.
        package private(set) var value: Value
        @ObservationIgnored private var task: Task<Void, Never>?

        /// Starts with `initial` and follows `updates` on the main actor until they end or
        /// ``stop()`` is called.
        package init(_ initial: Value, updates: AsyncStream<Value>) {
            value = initial
            task = Task { [weak self] in
                for await next in updates {
                    guard let self else { return }
                    self.value = next
                }
            }
        }

        /// Stops following the stream.
        package func stop() {
            task?.cancel()
            task = nil
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension PagingController {
        /// An observable model of this controller's state, following ``updates()``.
        @MainActor
        package func observableState() async -> ObservedValue<PagingState<Key, Item>> {
            let updates = updates()
            return ObservedValue(
                await state,
                updates: AsyncStream { continuation in
                    let task = Task {
                        for await update in updates { continuation.yield(update.state) }
                        continuation.finish()
                    }
                    continuation.onTermination = { _ in task.cancel() }
                })
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension ListLoader {
        /// An observable model of this loader's state, following ``updates()``.
        @MainActor
        package func observableState() async -> ObservedValue<ListLoadingState> {
            let updates = updates()
            return ObservedValue(await state, updates: updates)
        }
    }
#endif
