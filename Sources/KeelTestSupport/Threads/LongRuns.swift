import Foundation

/// Whether this test run includes the long runs: `KEEL_LONG_TESTS=1` in the environment
/// (`.ci/run` sets it). The default `swift test` replays every regression corpus and runs a
/// short seeded run of each fuzz family and randomized sweep; the long run tries every case a
/// family names and every seed a sweep lists, loads the whole gallery in a headless browser
/// and hunts planted crashes with `keel-fuzz`, which takes minutes on a 2-core machine.
package enum LongRuns {
    /// The environment variable that turns the long runs on.
    package static let variable = "KEEL_LONG_TESTS"

    /// `true` when `KEEL_LONG_TESTS` is `1`, `true` or `yes`.
    package static var enabled: Bool {
        ["1", "true", "yes"].contains(ProcessInfo.processInfo.environment[variable]?.lowercased() ?? "")
    }

    /// `long` in a long run, else `short`.
    package static func cases(short: Int, long: Int) -> Int {
        enabled ? long : short
    }
}
