// A second process for KeelImages' cross-process disk-cache test: writes to a cache
// directory the test process writes to at the same time. Not part of the library.
import Foundation
import KeelImages

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("KeelImagesTestHelper: \(message)\n".utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 5, arguments[0] == "disk-write", let byte = UInt8(arguments[3]),
    let rounds = Int(arguments[4])
else {
    fail("usage: disk-write <dir> <shared-key> <byte> <rounds>")
}
do {
    // disk-write: alternately rewrites the shared key (payload filled with `byte`) and
    // writes a key of its own, reading the shared key back each round; then flushes.
    let cache = try ImageDiskCache(
        directory: URL(fileURLWithPath: arguments[1]),
        configuration: .init(sizeLimit: 1 << 30, indexWriteInterval: 7))
    let payload = Data(repeating: byte, count: 50_000)
    var badReads = 0
    for round in 0..<rounds {
        try cache.store(payload, for: arguments[2])
        try cache.store(Data("helper \(round)".utf8), for: "helper-\(round)")
        if let read = cache.data(for: arguments[2]) {
            if read.count != 50_000 || Set(read).count != 1 { badReads += 1 }
        }
    }
    try cache.flush()
    print("bad-reads \(badReads)")
} catch {
    fail("\(error)")
}
