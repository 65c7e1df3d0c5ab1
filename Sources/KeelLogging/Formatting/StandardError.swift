#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes diagnostics of the logging system itself to the process's standard error.
enum StandardError {
    /// Writes `text` with one `write(2)` call.
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            _ = POSIXIO.writeAll(STDERR_FILENO, bytes)
        }
    }
}

/// Thin wrappers over POSIX file calls shared by the sinks.
enum POSIXIO {
    /// Writes every byte, retrying after short writes and `EINTR`; returns `errno` on failure.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard var pointer = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            #if canImport(Darwin)
                let written = Darwin.write(fd, pointer, remaining)
            #elseif canImport(Glibc)
                let written = Glibc.write(fd, pointer, remaining)
            #else
                let written = Musl.write(fd, pointer, remaining)
            #endif
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            pointer += written
            remaining -= written
        }
        return nil
    }

    /// A readable message for an `errno` value.
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
