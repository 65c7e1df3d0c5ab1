/// Byte-level mutations in the manner of libFuzzer and AFL: bit flips, interesting bytes,
/// insertions, deletions, repeated chunks (which make deep nesting and long chains), splices
/// with other seeds and dictionary tokens. Every mutation is drawn from the caller's generator.
package enum FuzzMutator {
    /// The largest input a mutation produces, so runs stay quick.
    package static let maximumLength = 256 * 1024

    private static let interestingBytes: [UInt8] = [
        0x00, 0x01, 0x7F, 0x80, 0xFF, 0xC0, 0xED, 0xEF, 0xF4, 0xFE,
        UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"),
        UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"),
        UInt8(ascii: "/"), UInt8(ascii: "%"), UInt8(ascii: "."), UInt8(ascii: "-"),
        UInt8(ascii: "0"), UInt8(ascii: "9"), UInt8(ascii: "e"), UInt8(ascii: " "),
        UInt8(ascii: "\n"), UInt8(ascii: "\r"),
    ]

    private static let builtInTokens: [[UInt8]] = [
        "1e308", "-1e308", "1e400", "-0", "NaN", "Infinity", "99999999999999999999",
        "9223372036854775807", "-9223372036854775808", "4.9e-324", "null", "true", "\u{FEFF}",
        "\u{202E}", "%00", "%2F", "%FF", "..", "{}", "[]", "\"\"",
    ].map { Array($0.utf8) }

    /// `input` changed by one to eight stacked mutations.
    package static func mutate(_ input: [UInt8], family: FuzzFamily, using random: inout FuzzRandom)
        -> [UInt8]
    {
        var bytes = input
        let rounds = 1 + random.below(8)
        for _ in 0..<rounds {
            mutateOnce(&bytes, family: family, using: &random)
        }
        if bytes.count > maximumLength { bytes.removeSubrange(maximumLength...) }
        return bytes
    }

    private static func mutateOnce(_ bytes: inout [UInt8], family: FuzzFamily, using random: inout FuzzRandom)
    {
        let count = bytes.count
        switch random.below(11) {
        case 0 where count > 0:  // flip a bit
            let index = random.below(count)
            bytes[index] ^= UInt8(1) << UInt8(random.below(8))
        case 1 where count > 0:  // an interesting byte
            bytes[random.below(count)] = interestingBytes[random.below(interestingBytes.count)]
        case 2 where count > 0:  // a random byte
            bytes[random.below(count)] = UInt8(truncatingIfNeeded: random.next())
        case 3:  // insert random bytes
            let length = 1 + random.below(8)
            let inserted = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            bytes.insert(contentsOf: inserted, at: random.below(count + 1))
        case 4 where count > 0:  // delete a range
            let start = random.below(count)
            let end = min(count, start + 1 + random.below(max(1, min(64, count - start))))
            bytes.removeSubrange(start..<end)
        case 5 where count > 0:  // repeat a chunk many times (deep nesting, long chains)
            let start = random.below(count)
            let length = 1 + random.below(min(32, count - start))
            let chunk = Array(bytes[start..<(start + length)])
            let times = random.oneIn(4) ? 1 + random.below(4096) : 1 + random.below(16)
            var repeated: [UInt8] = []
            repeated.reserveCapacity(min(maximumLength, chunk.count * times))
            for _ in 0..<times where repeated.count < maximumLength { repeated += chunk }
            bytes.insert(contentsOf: repeated, at: start)
        case 6:  // splice a dictionary or built-in token
            let tokens = family.dictionary.isEmpty || random.oneIn(3) ? builtInTokens : family.dictionary
            let token = tokens[random.below(tokens.count)]
            if count > 0, random.oneIn(2) {
                let start = random.below(count)
                let end = min(count, start + random.below(8))
                bytes.replaceSubrange(start..<end, with: token)
            } else {
                bytes.insert(contentsOf: token, at: random.below(count + 1))
            }
        case 7:  // splice part of another seed
            let other = family.seeds[random.below(family.seeds.count)]
            guard !other.isEmpty else { return }
            let start = random.below(other.count)
            let piece = other[start..<min(other.count, start + 1 + random.below(256))]
            bytes.insert(contentsOf: piece, at: random.below(count + 1))
        case 8 where count > 1:  // truncate
            bytes.removeSubrange(random.below(count)...)
        case 9 where count > 0:  // replace a run of digits with a huge or odd number
            guard let start = bytes.indices.first(where: { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }) else {
                return
            }
            var end = start
            while end < count, bytes[end] >= 0x30, bytes[end] <= 0x39 { end += 1 }
            let numbers = ["1e308", "99999999999999999999", "0", "-1", "1e-400", "4294967296", "NaN"]
            bytes.replaceSubrange(start..<end, with: Array(numbers[random.below(numbers.count)].utf8))
        default:  // swap two bytes
            guard count > 1 else { return }
            bytes.swapAt(random.below(count), random.below(count))
        }
    }
}
