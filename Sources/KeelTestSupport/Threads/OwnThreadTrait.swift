#if canImport(Testing) && (os(macOS) || os(Linux))
    import Testing

    /// A test trait that runs each test case on a thread of its own (`OwnThreadExecutor`),
    /// off the cooperative pool: for tests that compute for a long time without suspending,
    /// or wait on child processes, so that the rest of the suite keeps its threads. A suite
    /// with this trait starts its tests only when `HeavySuiteGate.shared` admits it, so such
    /// suites run a few at a time rather than all sharing the cores for the whole run.
    ///
    /// ```swift
    /// @Suite("Fuzzing every boundary", .onOwnThread)
    /// ```
    package struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
        /// Applies to every test of a suite it is given to.
        package var isRecursive: Bool { true }

        /// Scopes the suite itself (admission) and each test case (its thread).
        package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
            test.isSuite || testCase != nil ? self : nil
        }

        /// Admits a suite through the gate; runs a test case under a new `OwnThreadExecutor`.
        package func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            if test.isSuite {
                try await HeavySuiteGate.shared.admit { try await function() }
                return
            }
            guard testCase != nil, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
            else {
                try await function()
                return
            }
            // `run` awaits the task it starts, so `function` does not outlive this call. The
            // cases of the admitted suites share one slot per core too: a parameterized test
            // with thirteen cases would otherwise start thirteen threads beside the pool's two.
            try await HeavySuiteGate.cases.admit {
                try await withoutActuallyEscaping(function) { function in
                    try await OwnThreadExecutor.run(name: "keel.test", function)
                }
            }
        }
    }

    extension Trait where Self == OwnThreadTrait {
        /// Runs each test case on a thread of its own, off the cooperative pool.
        package static var onOwnThread: Self { OwnThreadTrait() }
    }
#endif
