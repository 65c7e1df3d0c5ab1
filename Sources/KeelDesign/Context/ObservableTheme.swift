#if canImport(Observation)
    import KeelSupport
    import Observation

    /// The current theme of a ``KeelThemeContext`` as an `@Observable` value for UI bindings.
    ///
    /// It follows the context's ``KeelThemeContext/changes()`` stream on the main actor until it is
    /// deallocated.
    @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
    @MainActor
    @Observable
    public final class ObservableTheme {
        /// The current theme.
        public private(set) var theme: KeelTheme
        /// How many changes were observed.
        public private(set) var changeCount = 0

        // Cancelled from the (nonisolated) deinit, hence a lock box instead of a main-actor var.
        @ObservationIgnored private let task = Locked<Task<Void, Never>?>(nil)

        /// Starts observing `context`.
        public init(context: KeelThemeContext) {
            theme = context.theme
            let stream = context.changes()
            task.set(
                Task { [weak self] in
                    for await change in stream {
                        guard let self else { return }
                        self.theme = change.current
                        self.changeCount += 1
                    }
                })
        }

        deinit {
            task.current?.cancel()
        }
    }
#endif
