import Foundation
import KeelNetworking

extension FuzzFamily {
    /// What a resumable-upload server says (`UploadResume`): an offset retrieval's
    /// `Upload-Offset`, `Upload-Length` and `Upload-Complete`, a creation's `Location`, an
    /// `OPTIONS` answer's `Accept-Patch` and `Upload-Limit`, on arbitrary text. Never a crash; an
    /// offset to append from is always a plain non-negative number within the file; an upload
    /// resource is always on the request's origin; `Upload-Limit` parses the same every time,
    /// into non-negative limits only, and the appends it plans keep to them and cover the file.
    ///
    /// The first two bytes pick the file's length; the rest is the header values, split at
    /// `0x00` (every value is also read as an `Upload-Limit`).
    package static let uploadState = FuzzFamily(
        name: "networking.upload",
        summary:
            "resumable-upload headers: no crash, offsets within the file, upload resources on the request's origin, appends within Upload-Limit",
        seeds: UploadStateFuzz.seeds,
        dictionary: UploadStateFuzz.dictionary,
        testCases: 4000,
        generate: UploadStateFuzz.generate,
        check: UploadStateFuzz.check
    )
}

/// Inputs and the check of ``FuzzFamily/uploadState``.
enum UploadStateFuzz {
    static let request = URL(string: "https://api.example.com/v1/files")!

    static let seeds: [[UInt8]] = [
        [3, 232] + Array("600\0?0\01000\0/uploads/abc\0application/partial-upload".utf8),
        [0, 10] + Array("-1\0?1\0\0https://evil.example.net/u\0*/*".utf8),
        [255, 255]
            + Array(
                "99999999999999999999\0?2\012a\0//cdn.example.com/x\0application/partial-upload;q=1, text/plain"
                    .utf8),
        [0, 0] + Array(" 0 ;a=1\0 ?0\00\0http://api.example.com/u\0".utf8),
        [39, 16]
            + Array(
                "0\0?0\010000\0/u/1\0application/partial-upload\0max-size=20000, min-size=1, max-append-size=4096;a, min-append-size=100, max-age=60"
                    .utf8),
        [0, 200]
            + Array("\0\0\0\0\0max-append-size=3, x=(1 \"a\" tok);p=?0, y=:AA==:, z=1.5, expires=9".utf8),
        [1, 0] + Array("\0\0\0\0\0max-size=-1, max-append-size=\"3\", min-append-size=5,".utf8),
    ]

    static let dictionary: [[UInt8]] =
        [
            "0", "1", "9", "-", "+", ";", "=", "?1", "?0", " ", "\t", "/uploads/", "https://", "http://",
            "//",
            "api.example.com", ":443", ":8443", "application/partial-upload", "*/*", ",", "é",
            "max-size=", "min-size=", "max-append-size=", "min-append-size=", "max-age=", "expires=", "(",
            ")",
            "\"", ":", "*", ".", "@", "%",
        ].map {
            Array($0.utf8)
        } + [[0], [0xFF]]

    @Sendable static func generate(_ random: inout FuzzRandom) -> [UInt8] {
        var bytes: [UInt8] = [
            UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next()),
        ]
        let pieces = [
            "0", "7", "123", "999999999999999", "1000000000000000", "-", "+", ";x", " ", "?1", "?0", "/u/1",
            "https://api.example.com", "https://other.example.org", ":443", "application/partial-upload",
            "*/*",
            ",", "é", "\u{0}", "max-size=", "min-size=", "max-append-size=", "min-append-size=", "max-age=",
            "(1 2)", "\"s\"", "?1", "1.5", "=", ", ",
        ]
        for _ in 0..<(1 + random.below(24)) {
            bytes += Array(pieces[random.below(pieces.count)].utf8)
        }
        return bytes
    }

    @Sendable static func check(_ input: [UInt8]) async throws {
        guard input.count >= 2 else { return }
        let length = Int64(input[0]) << 8 | Int64(input[1])
        let fields = input.dropFirst(2).split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        func field(_ index: Int) -> String? { index < fields.count ? fields[index] : nil }
        var headers: [String: String] = [:]
        headers["Upload-Offset"] = field(0)
        headers["Upload-Complete"] = field(1)
        headers["Upload-Length"] = field(2)

        for status in [200, 204, 404, 500] {
            switch UploadResume.decide(status: status, headers: headers, length: length) {
            case .append(let offset):
                guard (200...299).contains(status), offset >= 0, offset <= length,
                    let text = field(0),
                    let bare = text.split(separator: ";", omittingEmptySubsequences: false).first,
                    Int64(bare.trimmingCharacters(in: .whitespaces)) == offset
                else {
                    throw FuzzViolation("appending from \(offset) on \(status) \(headers), length \(length)")
                }
                if UploadResume.complete(field(1)) == true {
                    throw FuzzViolation("appending to a complete upload: \(headers)")
                }
            case .restart:
                guard status == 404 else { throw FuzzViolation("restart on \(status)") }
            case .failed(let reason):
                guard !reason.isEmpty else { throw FuzzViolation("a failure without a reason") }
            }
        }
        switch UploadResume.uploadURL(location: field(3), requestURL: request) {
        case .success(let url):
            guard UploadResume.isSameOrigin(url, request), url.scheme?.lowercased() == "https" else {
                throw FuzzViolation("upload resource \(url) accepted for \(request)")
            }
        case .failure(.uploadURLRefused(let url)):
            guard !UploadResume.isSameOrigin(url, request) else { throw FuzzViolation("\(url) refused") }
        case .failure:
            break
        }
        let offers = UploadResume.offersResumableUploads(acceptPatch: field(4))
        if offers, field(4)?.lowercased().contains("application/partial-upload") != true {
            throw FuzzViolation("\(field(4) ?? "nil") taken as an offer")
        }
        for text in fields { try checkLimits(text, length: length) }
    }

    /// An `Upload-Limit` value: the same limits on every parse, none negative, none from a value
    /// over the bound; a file they accept is planned in appends that keep to them and end at its
    /// length, and one they refuse breaks one of them.
    static func checkLimits(_ text: String, length: Int64) throws {
        let limits = UploadResume.Limits.parse(text)
        guard limits == UploadResume.Limits.parse(text) else {
            throw FuzzViolation("'\(text)' parsed two ways")
        }
        guard let limits else { return }
        if text.utf8.count > UploadResume.Limits.maximumFieldLength {
            throw FuzzViolation("a \(text.utf8.count)-byte Upload-Limit was read")
        }
        for value in [
            limits.maxSize, limits.minSize, limits.maxAppendSize, limits.minAppendSize, limits.maxAge,
        ] {
            if let value, value < 0 { throw FuzzViolation("'\(text)' gave the negative limit \(value)") }
        }
        let refused = Int64(text.utf8.count) * 1000
        if let smaller = UploadResume.limitsAfterRefusal(
            headers: ["Upload-Limit": text], count: refused, length: length)
        {
            guard let maximum = smaller.maxAppendSize, maximum > 0, maximum < refused,
                UploadResume.check(length: length, limits: smaller) == nil
            else { throw FuzzViolation("'\(text)' after a 413 of \(refused) bytes gave \(smaller)") }
        }
        if let failure = UploadResume.check(length: length, limits: limits) {
            switch failure {
            case .fileTooLarge(let refused, let maximum):
                guard refused == length, length > maximum, limits.maxSize == maximum else {
                    throw FuzzViolation("\(length) bytes refused as over \(maximum) for '\(text)'")
                }
            case .fileTooSmall(let refused, let minimum):
                guard refused == length, length < minimum, limits.minSize == minimum else {
                    throw FuzzViolation("\(length) bytes refused as under \(minimum) for '\(text)'")
                }
            case .inconsistentLimits(let reason):
                guard !reason.isEmpty else { throw FuzzViolation("an inconsistency without a reason") }
            default:
                throw FuzzViolation("check gave \(failure)")
            }
            return
        }
        // Walk the first appends and the last ones (a tiny max-append-size makes many).
        var starts: [Int64] = [0]
        if let maximum = limits.maxAppendSize, maximum > 0, length / maximum > 32 {
            starts.append((length / maximum - 8) * maximum)
        }
        for start in starts {
            var offset = start
            for _ in 0..<(start == 0 && starts.count > 1 ? 16 : 64) {
                let step = UploadResume.nextAppend(from: offset, length: length, limits: limits)
                guard step.offset == offset, step.count >= 0, step.count <= (limits.maxAppendSize ?? .max)
                else {
                    throw FuzzViolation("append \(step) from \(offset) breaks '\(text)' for \(length) bytes")
                }
                if !step.isComplete, step.count == 0 || step.count < (limits.minAppendSize ?? 0) {
                    throw FuzzViolation("an append of \(step.count) below min-append-size in '\(text)'")
                }
                offset += step.count
                if step.isComplete { break }
            }
            if starts.count == 1 || start != 0, offset != length {
                throw FuzzViolation("the appends for '\(text)' ended at \(offset) of \(length)")
            }
        }
    }
}
