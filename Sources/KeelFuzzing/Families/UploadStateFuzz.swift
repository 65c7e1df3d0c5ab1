import Foundation
import KeelNetworking

extension FuzzFamily {
    /// What a resumable-upload server says (`UploadResume`): an offset retrieval's
    /// `Upload-Offset`, `Upload-Length` and `Upload-Complete`, a creation's `Location` and an
    /// `OPTIONS` answer's `Accept-Patch`, on arbitrary text. Never a crash; an offset to append
    /// from is always a plain non-negative number within the file; an upload resource is always
    /// on the request's origin.
    ///
    /// The first two bytes pick the file's length; the rest is the header values, split at
    /// `0x00`.
    package static let uploadState = FuzzFamily(
        name: "networking.upload",
        summary:
            "resumable-upload headers: no crash, offsets within the file, upload resources on the request's origin",
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
    ]

    static let dictionary: [[UInt8]] =
        [
            "0", "1", "9", "-", "+", ";", "=", "?1", "?0", " ", "\t", "/uploads/", "https://", "http://",
            "//",
            "api.example.com", ":443", ":8443", "application/partial-upload", "*/*", ",", "é",
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
            ",", "é", "\u{0}",
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
    }
}
