import Foundation
import KeelNetworking

extension FuzzFamily {
    /// The line splitter of streamed bodies (`ResponseBody.lines`) and the newline-delimited
    /// JSON decoder over it, on arbitrary bytes: they never crash or take long; every chunking of
    /// the body (two seeded random cuts, and one byte at a time) gives the same lines, values and
    /// error as the whole body in one chunk; no line is longer than the bound; every failure is a
    /// typed `APIError`.
    ///
    /// The first byte picks the line bound; the second seeds the cuts; the rest is the body.
    package static let responseLines = FuzzFamily(
        name: "networking.lines",
        summary:
            "streamed lines and JSON lines: no crash, linear time, the same result for every chunking, bounded lines",
        seeds: ResponseLinesFuzz.seeds,
        dictionary: ResponseLinesFuzz.dictionary,
        testCases: 2000,
        generate: ResponseLinesFuzz.generate,
        check: ResponseLinesFuzz.check
    )
}

/// Inputs and the check of ``FuzzFamily/responseLines``.
enum ResponseLinesFuzz {
    /// The line bounds the first byte picks from.
    static let bounds = [4, 16, 100, ResponseBody.defaultMaximumLineBytes]

    static let seeds: [[UInt8]] = [
        [3, 0] + Array("{\"a\":1}\n{\"a\":2}\r\n\n{\"a\":3}".utf8),
        [1, 1] + Array("short\nthis line is longer than sixteen bytes\nend".utf8),
        [2, 2] + Array("é😀\r\r\n\n{\"a\":\"x\"}\n[1,2]\n".utf8) + [0xFF, 0xC3, 10],
        [0, 3] + Array("\r\n\r\n\r".utf8),
    ]

    static let dictionary: [[UInt8]] =
        ["\n", "\r", "\r\n", "{\"a\":1}", "{\"a\":", "}", "[", "]", "null", "\"", "é", "😀", " ", "\t"].map {
            Array($0.utf8)
        } + [[0xF0, 0x9F], [0xC3], [0xFF]]

    @Sendable static func generate(_ random: inout FuzzRandom) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(random.below(bounds.count)), UInt8(truncatingIfNeeded: random.next())]
        let pieces = [
            "{\"a\":1}", "{\"a\":\"é\"}", "{\"a\":", "[1]", "x", " ", "😀", String(repeating: "y", count: 40),
        ]
        let ends: [[UInt8]] = [[10], [13, 10], [13], []]
        for _ in 0..<(1 + random.below(30)) {
            bytes += Array(pieces[random.below(pieces.count)].utf8)
            bytes += ends[random.below(ends.count)]
        }
        return bytes
    }

    /// The lines, the JSON values and the first failure of one read.
    struct Outcome: Equatable {
        var lines: [String] = []
        var values: [[String: Int]] = []
        var failure: String?
    }

    @Sendable static func check(_ input: [UInt8]) async throws {
        guard input.count >= 2 else { return }
        let bound = bounds[Int(input[0]) % bounds.count]
        let body = Array(input.dropFirst(2))
        let start = FuzzCPUTime.now()

        let whole = try await read(body, cuts: [], bound: bound)
        var random = FuzzRandom(seed: UInt64(input[1]) &+ UInt64(body.count))
        let cuts = [random.below(body.count + 1), random.below(body.count + 1)].sorted()
        let split = try await read(body, cuts: cuts, bound: bound)
        guard split == whole else {
            throw FuzzViolation("cutting at \(cuts) gave \(split), whole gave \(whole)")
        }
        if body.count <= 4096 {
            let bytewise = try await read(body, cuts: Array(0...body.count), bound: bound)
            guard bytewise == whole else {
                throw FuzzViolation("one byte at a time gave \(bytewise), whole gave \(whole)")
            }
        }
        let elapsed = FuzzCPUTime.now() - start
        let budget = Duration.seconds(1) + .microseconds(40 * input.count)
        if elapsed > budget {
            throw FuzzViolation("took \(elapsed) on \(input.count) bytes (budget \(budget))")
        }
    }

    /// A body that delivers `bytes` in the pieces `cuts` (ascending offsets) make.
    static func body(_ bytes: [UInt8], cuts: [Int]) -> ResponseBody {
        let buffer = BodyBuffer(backPressure: .pause(high: Int.max, low: Int.max))
        var start = 0
        for end in cuts + [bytes.count] where end > start {
            buffer.push(Data(bytes[start..<end]))
            start = end
        }
        buffer.finish(nil)
        return ResponseBody(buffer: buffer)
    }

    static func read(_ bytes: [UInt8], cuts: [Int], bound: Int) async throws -> Outcome {
        var outcome = Outcome()
        do {
            for try await line in body(bytes, cuts: cuts).lines(maximumLineBytes: bound) {
                guard line.utf8.count <= 3 * bound else {
                    throw FuzzViolation("a line of \(line.utf8.count) bytes passed the bound \(bound)")
                }
                outcome.lines.append(line)
            }
        } catch let error as APIError {
            outcome.failure = "lines: \(error)"
        }
        do {
            for try await value in body(bytes, cuts: cuts).jsonLines(of: [String: Int].self) {
                outcome.values.append(value)
            }
        } catch let error as APIError {
            outcome.failure = (outcome.failure ?? "") + " json lines: \(error)"
        }
        return outcome
    }
}
