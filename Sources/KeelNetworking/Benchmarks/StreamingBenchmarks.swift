import Foundation

/// The entry point `keel-bench networking` times the Server-Sent Events parser through (the
/// parser is `package`).
@_spi(Benchmarks) public enum StreamingBenchmarks {
    /// Parses `stream` fed in chunks of `chunkSize` bytes; returns the number of events.
    @_spi(Benchmarks) public static func parseEvents(_ stream: [UInt8], chunkSize: Int) -> Int {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        var count = 0
        var start = 0
        while start < stream.count {
            let end = min(stream.count, start + max(1, chunkSize))
            events.removeAll(keepingCapacity: true)
            try? parser.feed(stream[start..<end], into: &events)
            count += events.count
            start = end
        }
        return count
    }
}
