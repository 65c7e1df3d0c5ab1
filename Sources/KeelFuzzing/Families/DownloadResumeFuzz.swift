import Foundation
import KeelNetworking

extension FuzzFamily {
    /// What a server answers a download that resumes (`DownloadResume`): `Content-Range`,
    /// `Content-Type`, `Content-Encoding`, `ETag`, `Content-Length`, `Last-Modified` and `Date`
    /// on arbitrary text, to ranged and unranged requests. Never a crash; bytes are appended
    /// only to a `206` whose range starts where the file stops, in one part, not encoded, of
    /// the same version; a file is declared complete only by a `416` naming its length; a
    /// range is never asked for without a strong `If-Range`.
    ///
    /// The first two bytes are the bytes on disk, the third how many more are expected (255:
    /// unknown); the rest is the header values, split at `0x00`.
    package static let downloadResume = FuzzFamily(
        name: "networking.download",
        summary:
            "download resume answers: no crash, appends only where the file stops, no range without a strong If-Range",
        seeds: DownloadResumeFuzz.seeds,
        dictionary: DownloadResumeFuzz.dictionary,
        testCases: 4000,
        generate: DownloadResumeFuzz.generate,
        check: DownloadResumeFuzz.check
    )
}

/// Inputs and the check of ``FuzzFamily/downloadResume``.
enum DownloadResumeFuzz {
    static let fieldNames = [
        "Content-Range", "Content-Type", "Content-Encoding", "ETag", "Content-Length", "Last-Modified",
        "Date",
    ]

    static let seeds: [[UInt8]] = [
        [2, 88, 144] + Array("bytes 600-743/744\0application/octet-stream\0\0\"v1\"\0144".utf8),
        [2, 88, 0] + Array("bytes */600\0\0identity\0\"v1\"\0\0Sat, 05 Dec 2026 10:00:00 GMT".utf8),
        [0, 0, 255] + Array("Bytes  0-99/*\0multipart/byteranges; boundary=x\0gzip\0W/\"w\"\0-1".utf8),
        [255, 255, 255]
            + Array(
                "bytes 65535-99999999999999999999/*\0\0br, identity\0\0\0Sat, 05 Dec 2026 10:00:00 GMT\0Sat, 05 Dec 2026 10:00:01 GMT"
                    .utf8),
    ]

    static let dictionary: [[UInt8]] =
        [
            "bytes", "Bytes", " ", "\t", "-", "/", "*", "0", "9", "600", "99999999999999999999", ",",
            "multipart/byteranges", "gzip", "identity", "W/", "\"", "GMT", "Sat, 05 Dec 2026 10:00:00 GMT",
            "é",
        ].map {
            Array($0.utf8)
        } + [[0], [0xFF]]

    @Sendable static func generate(_ random: inout FuzzRandom) -> [UInt8] {
        var bytes: [UInt8] = (0..<3).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let pieces = [
            "bytes ", "Bytes\t", "BYTES  ", "items ", "*", "/", "-", "0", "1", "600", "743", "744", "65535",
            "999999999999999999", " ", "multipart/byteranges;boundary=b", "text/plain", "gzip", "identity",
            ", ",
            "\"v1\"", "W/\"v1\"", "Sat, 05 Dec 2026 10:00:00 GMT", "Sat, 05 Dec 2026 10:00:01 GMT", "\u{0}",
        ]
        for _ in 0..<(1 + random.below(28)) {
            bytes += Array(pieces[random.below(pieces.count)].utf8)
        }
        return bytes
    }

    /// A strict reading of `Content-Range`'s satisfied form, `<unit> first-last/(total|*)`,
    /// written apart from the one under test: what an append must agree with.
    static func satisfiedRange(_ text: String) -> (first: Int64, last: Int64, total: Int64?)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let gap = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }),
            trimmed[..<gap].lowercased() == "bytes"
        else { return nil }
        let spec = trimmed[gap...].trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "/", omittingEmptySubsequences: false)
        let bounds = parts.first?.split(separator: "-", omittingEmptySubsequences: false) ?? []
        guard parts.count == 2, bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]),
            bounds.allSatisfy({ $0.allSatisfy(\.isASCII) && !$0.hasPrefix("+") })
        else { return nil }
        return (first, last, parts[1] == "*" ? nil : Int64(parts[1]))
    }

    @Sendable static func check(_ input: [UInt8]) async throws {
        guard input.count >= 3 else { return }
        let received = Int64(input[0]) << 8 | Int64(input[1])
        let expected: Int64? = input[2] == 255 ? nil : received + Int64(input[2])
        let fields = input.dropFirst(3).split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        var headers: [String: String] = [:]
        for (name, value) in zip(fieldNames, fields) { headers[name] = value }
        let encoded =
            headers["Content-Encoding"].map { value in
                value.split(separator: ",").contains {
                    let coding = $0.trimmingCharacters(in: .whitespaces).lowercased()
                    return !coding.isEmpty && coding != "identity"
                }
            } ?? false
        let multipart =
            headers["Content-Type"]?.trimmingCharacters(in: .whitespaces).lowercased()
            .hasPrefix("multipart/byteranges") == true

        // The resume data a response with these headers leaves, resumed from.
        let kept = DownloadResume.resumeData(headers: headers, written: received, expectedLength: expected)
        if let date = kept.lastModified,
            date != headers["Last-Modified"]?.trimmingCharacters(in: .whitespaces)
        {
            throw FuzzViolation("kept Last-Modified \(date) from \(headers)")
        }
        let request = DownloadResume.requestHeaders(for: kept)
        if !request.isEmpty {
            guard let validator = request["If-Range"], request["Range"] == "bytes=\(received)-", received > 0,
                !validator.hasPrefix("W/")
            else { throw FuzzViolation("range request \(request) from \(kept)") }
            if let tag = kept.entityTag, !tag.isEmpty, validator != tag {
                throw FuzzViolation("If-Range \(validator) while holding the entity tag \(tag)")
            }
        } else if received > 0, let tag = kept.entityTag, !tag.isEmpty, !tag.hasPrefix("W/") {
            throw FuzzViolation("no range asked for with the strong entity tag \(tag)")
        }

        let resumed = request.isEmpty ? nil : kept
        for resume in [resumed, nil] {
            for status in [200, 206, 416, 500] {
                let decision = DownloadResume.decide(resume: resume, status: status, headers: headers)
                switch decision {
                case .append(let total):
                    guard status == 206, let resume, !encoded, !multipart,
                        let range = headers["Content-Range"].flatMap(satisfiedRange),
                        range.first == resume.bytesReceived, range.last >= range.first
                    else {
                        throw FuzzViolation(
                            "\(decision) on \(status) \(headers) from \(String(describing: resume))")
                    }
                    if let total, total != range.last + 1 || (range.total.map { $0 != total } ?? false) {
                        throw FuzzViolation("append to \(total) bytes for \(range) on \(headers)")
                    }
                case .writeFromStart(let total):
                    guard status == 200 || (status == 206 && resume == nil) else {
                        throw FuzzViolation("\(decision) on \(status) \(headers)")
                    }
                    if let total, total < 0 || encoded { throw FuzzViolation("\(decision) on \(headers)") }
                case .complete(let length):
                    guard status == 416, let resume, length == resume.bytesReceived else {
                        throw FuzzViolation(
                            "\(decision) on \(status) \(headers) from \(String(describing: resume))")
                    }
                case .restart:
                    guard status == 206 || status == 416, resume != nil else {
                        throw FuzzViolation("restart on \(status) to a request without Range")
                    }
                case .failed(let code):
                    guard code == status, status != 200, resume == nil || (status != 206 && status != 416)
                    else {
                        throw FuzzViolation("\(decision) on \(status) from \(String(describing: resume))")
                    }
                }
            }
        }
    }
}
