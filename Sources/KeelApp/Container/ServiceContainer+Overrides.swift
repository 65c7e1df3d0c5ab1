import KeelSupport

/// A container that stands in for another within one task tree.
final class OverrideLayer: Sendable {
    let original: ServiceContainer
    let replacement: ServiceContainer
    let outer: OverrideLayer?

    /// How many layers exist in the process. A task can only see a layer that is alive (its
    /// task-local value holds it), so while this is zero a resolve skips the task-local read.
    static let live = AtomicInt(0)

    init(original: ServiceContainer, replacement: ServiceContainer, outer: OverrideLayer?) {
        self.original = original
        self.replacement = replacement
        self.outer = outer
        Self.live.add(1)
    }

    deinit {
        Self.live.add(-1)
    }
}

extension ServiceContainer {
    static let overrides = TaskLocal<OverrideLayer?>(wrappedValue: nil)

    /// The container resolves go to: this one, or its stand-in in the current task.
    @usableFromInline
    func overrideTarget() -> ServiceContainer {
        // A relaxed load suffices: a layer bound in a task-local was created (and counted)
        // before any task that can see it started, so that task observes a non-zero count.
        guard OverrideLayer.live.relaxed != 0 else { return self }
        var layer = Self.overrides.get()
        while let current = layer {
            if current.original === self { return current.replacement }
            layer = current.outer
        }
        return self
    }

    /// Runs `operation` with a private copy of this container (same registrations, no
    /// instances) in which `configure` registered its overrides. Every resolve, registration,
    /// unregistration, ``reset(_:)`` and ``validate()`` on this container from the operation's
    /// task tree goes to the copy, so parallel tests that override the same key stay isolated,
    /// and nothing changes here.
    ///
    /// ```swift
    /// try await services.withOverrides(
    ///     { try $0.register(ServiceKeys.analytics, replace: true) { _ in Spy() } },
    ///     operation: { try await runScenario() })
    /// ```
    nonisolated(nonsending) public func withOverrides<Result>(
        _ configure: (ServiceContainer) throws -> Void,
        operation: nonisolated(nonsending) () async throws -> Result
    ) async throws -> Result {
        let replacement = freshCopy()
        try configure(replacement)
        let layer = OverrideLayer(original: self, replacement: replacement, outer: Self.overrides.get())
        return try await Self.overrides.withValue(layer) { try await operation() }
    }
}
