import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// This process's memory figures from `/proc/self/status` (Linux; `nil` or `false` elsewhere).
/// Tests and their helper processes use it to check memory budgets.
package enum ProcessMemory {
    /// Resets the peak-RSS mark (`VmHWM`) to the current RSS; `false` when not permitted.
    package static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    /// A `kB` field of `/proc/self/status` in bytes (`VmRSS`, `VmHWM`).
    package static func field(_ name: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.split(separator: " ").compactMap { Int($0) }.first
            return digits.map { $0 * 1024 }
        }
        return nil
    }

    /// Whether this process runs under the thread sanitizer, whose shadow memory multiplies
    /// every allocation's footprint: memory budgets mean nothing then.
    package static var isThreadSanitized: Bool {
        #if os(Linux)
            return dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
        #elseif canImport(Darwin)
            return dlsym(UnsafeMutableRawPointer(bitPattern: -2), "__tsan_init") != nil
        #else
            return false
        #endif
    }
}
