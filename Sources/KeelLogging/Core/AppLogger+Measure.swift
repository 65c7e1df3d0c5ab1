import KeelSupport

#if canImport(os)
    import os
#endif

extension AppLogger {
    /// Runs `body` and logs how long it took (`"<name> took 12.345 ms"`, with a `duration_ms`
    /// metadata value) at `level`. On Apple platforms the run is also an `OSSignposter`
    /// interval, visible in Instruments.
    @discardableResult
    public func measure<Result>(
        _ name: String,
        level: LogLevel = .info,
        fileID: String = #fileID,
        function: String = #function,
        line: UInt = #line,
        _ body: () throws -> Result
    ) rethrows -> Result {
        let interval = beginSignpost()
        let start = ContinuousClock.now
        defer {
            let duration = start.duration(to: ContinuousClock.now)
            endSignpost(interval)
            logDuration(
                name, duration, level, LogSourceLocation(fileID: fileID, function: function, line: line))
        }
        return try body()
    }

    /// Runs the asynchronous `body` and logs how long it took, like the synchronous version.
    @discardableResult
    nonisolated(nonsending) public func measure<Result>(
        _ name: String,
        level: LogLevel = .info,
        fileID: String = #fileID,
        function: String = #function,
        line: UInt = #line,
        _ body: nonisolated(nonsending) () async throws -> Result
    ) async rethrows -> Result {
        let interval = beginSignpost()
        let start = ContinuousClock.now
        defer {
            let duration = start.duration(to: ContinuousClock.now)
            endSignpost(interval)
            logDuration(
                name, duration, level, LogSourceLocation(fileID: fileID, function: function, line: line))
        }
        return try await body()
    }

    private func logDuration(
        _ name: String, _ duration: Duration, _ level: LogLevel, _ source: LogSourceLocation
    ) {
        guard isEnabled(level) else { return }
        let milliseconds = duration.seconds * 1000
        let text = String((milliseconds * 1000).rounded() / 1000)
        emit(
            level, "\(name, privacy: .public) took \(text, privacy: .public) ms", ["duration_ms": text], nil,
            source)
    }

    #if canImport(os)
        private func beginSignpost() -> SignpostInterval {
            let signposter = OSSignposter(subsystem: label.subsystem, category: label.category)
            return SignpostInterval(
                signposter: signposter,
                state: signposter.beginInterval("measure", id: signposter.makeSignpostID()))
        }

        private func endSignpost(_ interval: SignpostInterval) {
            interval.signposter.endInterval("measure", interval.state)
        }
    #else
        private func beginSignpost() -> SignpostInterval { SignpostInterval() }
        private func endSignpost(_ interval: SignpostInterval) {}
    #endif
}

/// An open signpost interval (empty where there is no `os`).
private struct SignpostInterval {
    #if canImport(os)
        let signposter: OSSignposter
        let state: OSSignpostIntervalState
    #endif
}
