import Foundation

extension FuzzFamily {
    /// Crashes the process on any input that starts with 0xFF: proves that `keel-fuzz` finds,
    /// narrows and saves a crashing case.
    package static let selfTestCrash = FuzzFamily(
        name: "selftest.crash",
        summary: "a planted crash (input starting 0xFF) that keel-fuzz must find and save",
        seeds: [[0x00, 0x01]]
    ) { input in
        if input.first == 0xFF { fatalError("selftest.crash: planted crash") }
    }

    /// Never returns for any input that starts with 0xFE: proves that `keel-fuzz` treats a case
    /// that runs past its time limit as a hang.
    package static let selfTestHang = FuzzFamily(
        name: "selftest.hang",
        summary: "a planted hang (input starting 0xFE) that keel-fuzz must find and save",
        seeds: [[0x00, 0x01]]
    ) { input in
        if input.first == 0xFE {
            while true { usleep(1000) }
        }
    }
}
