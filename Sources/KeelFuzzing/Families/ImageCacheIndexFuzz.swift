import Foundation
import KeelImages

extension FuzzFamily {
    /// Image disk-cache index and entry files (`ImageDiskCache.init(directory:configuration:now:logger:)`):
    /// the input is written as the index file and as one entry's file of a cache holding two
    /// entries; opening the cache must not trap or throw anything but an I/O error, a bad index
    /// is reported as `ImageDiskCacheError.corruptIndex(file:line:reason:)`, the total size
    /// stays within what the files hold, and the untouched entry still reads back.
    package static let imageCacheIndex = FuzzFamily(
        name: "images.cacheindex",
        summary: "disk-cache index and entry files: open never traps; bad files are rebuilt or missed",
        seeds: ImageCacheIndexFuzzSeeds.seeds,
        dictionary: ImageCacheIndexFuzzSeeds.dictionary,
        testCases: 400,
        generate: ImageCacheIndexFuzzSeeds.generate
    ) { input in
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-fuzz-index-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keep = Data(repeating: 0x4B, count: 40)
        let entries = directory.appendingPathComponent("entries")
        func entryNames() -> Set<String> {
            Set((try? FileManager.default.contentsOfDirectory(atPath: entries.path)) ?? [])
        }
        let fuzzedName: String
        let keptName: String
        do {
            let cache = try ImageDiskCache(directory: directory)
            try cache.store(Data([1, 2, 3]), for: ImageCacheIndexFuzzSeeds.fuzzedKey)
            fuzzedName = entryNames().first ?? ""
            try cache.store(keep, for: ImageCacheIndexFuzzSeeds.keptKey)
            keptName = entryNames().subtracting([fuzzedName]).first ?? ""
            try cache.flush()
        } catch {
            throw FuzzViolation("setting up the cache failed: \(error)")
        }
        // `@F`, `@K` stand for the two entry names and `@D` for the fuzzed entry's key digest,
        // so seeds can name real entries.
        let bytes = Data(
            ImageCacheIndexFuzzSeeds.substitute(
                input,
                [
                    "@F": Array(fuzzedName.utf8), "@K": Array(keptName.utf8),
                    "@D": ImageCacheIndexFuzzSeeds.bytes(fromHex: fuzzedName),
                ]))
        try? bytes.write(to: directory.appendingPathComponent("index"))
        try? bytes.write(to: entries.appendingPathComponent(fuzzedName))
        let cache: ImageDiskCache
        do {
            cache = try ImageDiskCache(directory: directory)
        } catch let error as ImageDiskCacheError {
            guard case .ioFailed = error else { throw FuzzViolation("open threw \(error)") }
            return
        } catch {
            throw FuzzViolation("open threw \(type(of: error)): \(error)")
        }
        if let error = cache.recoveredIndexError {
            guard case .corruptIndex(_, let line, _) = error, line >= 1 else {
                throw FuzzViolation("unexpected recovered error \(error)")
            }
        }
        // Index sizes are advisory but bounded (1 TiB per entry); no sum may wrap.
        guard cache.count <= 2, cache.totalSize >= 0, cache.totalSize <= 2 << 40 else {
            throw FuzzViolation("count \(cache.count), total size \(cache.totalSize) after opening")
        }
        // A version-1 index empties the cache (its entries held plaintext URLs); otherwise the
        // untouched entry must survive whatever the index says.
        let firstLine = String(data: bytes, encoding: .utf8)?.split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .first
        if firstLine == "keel-image-index 1" {
            guard cache.count == 0 else {
                throw FuzzViolation("a version-1 cache kept \(cache.count) entries")
            }
        } else if cache.data(for: ImageCacheIndexFuzzSeeds.keptKey) != keep {
            throw FuzzViolation("the untouched entry was lost")
        }
        if let data = cache.data(for: ImageCacheIndexFuzzSeeds.fuzzedKey), data != Data([1, 2, 3]) {
            // Only a byte-exact valid entry for this key could decode; anything else is a miss.
            guard data.count <= bytes.count else {
                throw FuzzViolation("a fuzzed entry returned \(data.count) bytes")
            }
        }
        do {
            try cache.store(Data([9]), for: "after")
            try cache.sweep()
            try cache.flush()
        } catch {
            throw FuzzViolation("the cache is unusable after recovery: \(error)")
        }
    }
}

/// Seeds for ``FuzzFamily/imageCacheIndex``.
enum ImageCacheIndexFuzzSeeds {
    static let keptKey = "https://cdn.example.com/kept.png?token=k"
    static let fuzzedKey = "https://cdn.example.com/fuzzed.png"

    /// `input` with every two-byte token in `table` replaced by its bytes.
    static func substitute(_ input: [UInt8], _ table: [String: [UInt8]]) -> [UInt8] {
        let tokens = table.map { (Array($0.key.utf8), $0.value) }
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        outer: while index < input.count {
            for (token, replacement) in tokens where input[index...].starts(with: token) {
                output += replacement
                index += token.count
                continue outer
            }
            output.append(input[index])
            index += 1
        }
        return output
    }

    /// The bytes of a hex string (pairs of lowercase hex digits).
    static func bytes(fromHex hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap {
            UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)
        }
    }

    static let dictionary: [[UInt8]] = [
        "keel-image-index 2\n", "keel-image-index 1\n", " ", "\n", "9223372036854775807",
        "-9223372036854775808",
        "1099511627776", "1099511627777", "-1", "KIMG", "\u{01}\u{00}\u{00}\u{00}",
        "\u{02}\u{00}\u{00}\u{00}",
        String(repeating: "a", count: 64), "@F ", "@K ", "@D",
    ].map { Array($0.utf8) }

    static let seeds: [[UInt8]] = {
        let valid =
            "keel-image-index 2\n@K 100 1800000000000 9223372036854775807\n@F 3 0 9223372036854775807\n"
        let hostile = "keel-image-index 2\n@K 9223372036854775806 0 0\n@F 9223372036854775806 0 0\n"
        let legacy = "keel-image-index 1\n@F 3 0 0\n"
        var entry = Array("KIMG".utf8) + [2, 0, 0, 0] + [0, 0, 0, 32] + [0, 0, 0, 0, 0, 0, 0, 3]
        entry += [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + [0, 0, 0, 0]
        entry += Array("@D".utf8) + [1, 2, 3]
        return [Array(valid.utf8), Array(hostile.utf8), Array(legacy.utf8), entry]
    }()

    static func generate(_ random: inout FuzzRandom) -> [UInt8] {
        let sizes = ["0", "1", "100", "1099511627776", "1099511627777", "9223372036854775807", "-1", "x", ""]
        var text = random.oneIn(4) ? "keel-image-index 1\n" : "keel-image-index 2\n"
        for _ in 0..<random.below(6) {
            let name = random.oneIn(3) ? String(repeating: "f", count: 64) : (random.oneIn(2) ? "@K" : "@F")
            text += "\(name) \(sizes[random.below(sizes.count)]) \(sizes[random.below(sizes.count)]) "
            text += "\(sizes[random.below(sizes.count)])\n"
        }
        return Array(text.utf8)
    }
}
