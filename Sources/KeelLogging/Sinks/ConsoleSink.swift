import KeelSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes human-readable lines to standard error (or another file descriptor), coloured by
/// level only when the output is a terminal.
public final class ConsoleSink: LogSink, Sendable {
    /// When to colour the level names.
    public enum Colour: Sendable {
        /// Colour when the output is a terminal.
        case automatic
        /// Always colour.
        case always
        /// Never colour.
        case never
    }

    private struct State {
        var encoder = LineEncoder()
        var buffer: [UInt8] = []
    }

    private let fileDescriptor: Int32
    private let colour: Bool
    private let format: LogFormat
    private let state = Locked(State())

    /// Writes to standard error.
    public convenience init(colour: Colour = .automatic, format: LogFormat = .text) {
        self.init(fileDescriptor: STDERR_FILENO, colour: colour, format: format)
    }

    /// Writes to `fileDescriptor`, which the caller keeps open for the sink's lifetime.
    package init(fileDescriptor: Int32, colour: Colour = .automatic, format: LogFormat = .text) {
        self.fileDescriptor = fileDescriptor
        self.format = format
        switch colour {
        case .automatic: self.colour = isatty(fileDescriptor) == 1
        case .always: self.colour = true
        case .never: self.colour = false
        }
    }

    /// Writes the record as one line with a single `write(2)`, so lines from many threads never
    /// interleave.
    public func receive(_ record: LogRecord) {
        state.withLock { state in
            state.buffer.removeAll(keepingCapacity: true)
            state.encoder.append(record, format: format, colour: colour, to: &state.buffer)
            _ = state.buffer.withUnsafeBufferPointer { POSIXIO.writeAll(fileDescriptor, $0) }
        }
    }
}
