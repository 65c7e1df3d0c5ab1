import Foundation

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
}
