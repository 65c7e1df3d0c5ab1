#if canImport(Testing) && (os(macOS) || os(Linux))
    import Testing

    /// A test trait that runs each test case on a thread of its own (`OwnThreadExecutor`),
    /// off the cooperative pool: for tests that compute for a long time without suspending,
    /// or wait on child processes, so that the rest of the suite keeps its threads.
    ///
    /// ```swift
    /// @Suite("Fuzzing every boundary", .onOwnThread)
    /// ```
    package struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
        /// Applies to every test of a suite it is given to.
        package var isRecursive: Bool { true }

        /// Runs the test case under a new `OwnThreadExecutor`.
        package func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            guard testCase != nil, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
            else {
                try await function()
                return
            }
            // `run` awaits the task it starts, so `function` does not outlive this call.
            try await withoutActuallyEscaping(function) { function in
                try await OwnThreadExecutor.run(name: "keel.test", function)
            }
        }
    }

    extension Trait where Self == OwnThreadTrait {
        /// Runs each test case on a thread of its own, off the cooperative pool.
        package static var onOwnThread: Self { OwnThreadTrait() }
    }
#endif
