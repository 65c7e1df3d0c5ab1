import Foundation

/// What an interrupted download keeps so it can resume where it stopped: the validator of the
/// representation it was receiving, how many bytes are on disk, and the length it expects.
/// Apps treat it as a token: store it (it is `Codable`) and hand it back to resume; Keel
/// makes it.
public struct DownloadResumeData: Hashable, Sendable, Codable {
    /// The response's `ETag`, if it sent one.
    package var entityTag: String?
    /// The response's `Last-Modified`, when it is a strong validator (RFC 9110 §8.8.2.2: the
    /// response's `Date` at least a second later); a weaker date cannot make a range safe.
    package var lastModified: String?
    /// The bytes already written to the partial file: 0 when the response had a content coding
    /// (its byte offsets count encoded bytes, the file holds decoded ones), so it restarts.
    public var bytesReceived: Int64
    /// The complete length, when the server announced it.
    public var expectedLength: Int64?

    /// Resume data.
    package init(entityTag: String?, lastModified: String?, bytesReceived: Int64, expectedLength: Int64?) {
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.bytesReceived = bytesReceived
        self.expectedLength = expectedLength
    }
}

/// The resume decisions of a download (RFC 9110 §14 range requests, §13.1.5 `If-Range`):
/// which headers ask for the rest, and what to do with the answer. Headless; the download
/// driver performs them.
package enum DownloadResume {
    /// What to do with a response to a (possibly ranged) download request.
    package enum Decision: Hashable, Sendable {
        /// `206` for exactly the missing range of the same representation: append the body to
        /// the partial file; the whole file will be `expectedLength` bytes (the range's end when
        /// the complete length is unknown).
        case append(expectedLength: Int64?)
        /// `200` (or a `206` carrying the whole representation to a request without `Range`):
        /// the body is the whole representation; write it from the start (truncating the
        /// partial file), `expectedLength` bytes when known.
        case writeFromStart(expectedLength: Int64?)
        /// The partial file already holds the whole representation (`416` with
        /// `Content-Range: bytes */length`, `length` being the bytes on disk).
        case complete(length: Int64)
        /// The answer cannot be used (a changed validator, a range that does not continue the
        /// file, several ranges, an encoded range): discard the partial file and request the
        /// whole representation again, without `Range`.
        case restart
        /// Any other status, or a `206`/`416` to a request that asked for no range: the
        /// download failed.
        case failed(status: Int)
    }

    /// The validator `If-Range` can carry (RFC 9110 §13.1.5): a strong `ETag`. A weak `ETag`
    /// (`W/"…"`) must not be sent, and neither may a date when the client holds an entity tag:
    /// then there is none. Without an `ETag`, `Last-Modified` (kept only when it is strong).
    package static func ifRangeValidator(_ resume: DownloadResumeData) -> String? {
        if let tag = resume.entityTag, !tag.isEmpty { return tag.hasPrefix("W/") ? nil : tag }
        if let date = resume.lastModified, !date.isEmpty { return date }
        return nil
    }

    /// The headers that ask for the rest of the file: `Range: bytes=N-` and `If-Range` with
    /// the validator, so a changed file comes back whole (`200`) instead of a wrong range.
    /// Empty — ask for everything — when nothing was received or there is no usable
    /// validator (a range without `If-Range` could splice two versions together).
    package static func requestHeaders(for resume: DownloadResumeData?) -> [String: String] {
        guard let resume, resume.bytesReceived > 0, let validator = ifRangeValidator(resume) else {
            return [:]
        }
        return ["Range": "bytes=\(resume.bytesReceived)-", "If-Range": validator]
    }

    /// What to do with a response of `status` and `headers` to a request made with
    /// ``requestHeaders(for:)`` from `resume` (`nil`: a request without `Range`).
    package static func decide(resume: DownloadResumeData?, status: Int, headers: [String: String])
        -> Decision
    {
        // A content coding makes `Content-Length` and byte ranges count encoded bytes, while
        // the transport hands over (and the file holds) decoded ones: no length to check.
        let encoded = isContentEncoded(headers)
        let length =
            encoded
            ? nil
            : header("Content-Length", in: headers).flatMap { Int64($0) }.flatMap { $0 >= 0 ? $0 : nil }
        switch status {
        case 200:
            return .writeFromStart(expectedLength: length)
        case 206:
            let multipart = header("Content-Type", in: headers).map {
                $0.lowercased().hasPrefix("multipart/byteranges")
            }
            let range =
                multipart == true ? nil : header("Content-Range", in: headers).flatMap(ContentRange.init)
            guard let resume else {
                // No range was asked for: only the whole representation in one part will do.
                guard let range, range.first == 0, let total = range.total, range.last == total - 1,
                    length.map({ $0 == total }) ?? true
                else { return .failed(status: status) }
                return .writeFromStart(expectedLength: encoded ? nil : total)
            }
            guard !encoded, resume.bytesReceived > 0, ifRangeValidator(resume) != nil, let range,
                let first = range.first, let last = range.last, first == resume.bytesReceived,
                validatorMatches(resume, headers)
            else { return .restart }
            if let total = range.total, let expected = resume.expectedLength, expected != total {
                return .restart
            }
            let total = range.total ?? resume.expectedLength
            if let total, last != total - 1 { return .restart }  // not "the rest"
            if let length, length != last - first + 1 { return .restart }
            // With no total known (`bytes a-b/*` of a file whose length never came), the range's
            // end is the length to check: a body running past it, or stopping short, is caught.
            return .append(expectedLength: total ?? last + 1)
        case 416:
            guard let resume else { return .failed(status: status) }
            guard resume.bytesReceived > 0,
                let range = header("Content-Range", in: headers).flatMap(ContentRange.init),
                range.first == nil, let total = range.total
            else { return .restart }
            let sameLength = total == resume.bytesReceived && (resume.expectedLength ?? total) == total
            return sameLength && validatorMatches(resume, headers) ? .complete(length: total) : .restart
        default:
            return .failed(status: status)
        }
    }

    /// Whether the body comes with a content coding other than `identity` (RFC 9110 §8.4).
    /// The transport decodes it (URLSession and libcurl both do, whatever the request's
    /// `Accept-Encoding`), so the bytes written are not the ones `Content-Length` and
    /// `Content-Range` count.
    package static func isContentEncoded(_ headers: [String: String]) -> Bool {
        guard let value = header("Content-Encoding", in: headers) else { return false }
        return value.split(separator: ",").contains {
            let coding = $0.trimmingCharacters(in: .whitespaces)
            return !coding.isEmpty && coding.caseInsensitiveCompare("identity") != .orderedSame
        }
    }

    /// Whether a finished file of `written` bytes is the whole representation.
    package static func lengthIsComplete(written: Int64, expected: Int64?) -> Bool {
        expected.map { $0 == written } ?? true
    }

    /// The resume data to keep after `written` bytes of a response with `headers` (whose
    /// complete length is `expectedLength`): its validators — `Last-Modified` only when strong
    /// — and the count.
    package static func resumeData(headers: [String: String], written: Int64, expectedLength: Int64?)
        -> DownloadResumeData
    {
        DownloadResumeData(
            entityTag: header("ETag", in: headers), lastModified: strongLastModified(headers),
            bytesReceived: written, expectedLength: expectedLength)
    }

    /// `Last-Modified` when it can serve as a strong validator (RFC 9110 §8.8.2.2): the
    /// response's `Date` is at least one second later, so the file did not change again within
    /// the second the date names. Only an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, the
    /// form servers send) is kept: it goes back verbatim in `If-Range`.
    private static func strongLastModified(_ headers: [String: String]) -> String? {
        guard let text = header("Last-Modified", in: headers),
            dayNames.contains(String(decoding: text.utf8.prefix(3), as: UTF8.self)),
            let modified = RetryAfter.imfFixdate(text),
            let date = header("Date", in: headers).flatMap({
                RetryAfter.httpDate($0) ?? RetryAfter.lenientHTTPDate($0)
            }),
            date.timeIntervalSince(modified) >= 1
        else { return nil }
        return text
    }

    private static let dayNames: Set<String> = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// Whether the response's validators (when it sent them) are the resume data's.
    private static func validatorMatches(_ resume: DownloadResumeData, _ headers: [String: String]) -> Bool {
        if let tag = header("ETag", in: headers), let kept = resume.entityTag, tag != kept { return false }
        if let date = header("Last-Modified", in: headers), let kept = resume.lastModified, date != kept {
            return false
        }
        return true
    }

    private static func header(_ name: String, in headers: [String: String]) -> String? {
        headers.header(name)?.trimmingCharacters(in: .whitespaces)
    }

    /// A `Content-Range` value (RFC 9110 §14.4): `bytes first-last/total`, `bytes first-last/*`
    /// or `bytes */total`. The unit is compared without case (§14.1) and may be followed by more
    /// than the one space the grammar asks for; anything else is refused (the caller restarts).
    struct ContentRange: Hashable {
        var first: Int64?
        var last: Int64?
        var total: Int64?

        init?(_ text: String) {
            guard text.count <= 128,
                let gap = text.firstIndex(where: { $0 == " " || $0 == "\t" }),
                text[..<gap].lowercased() == "bytes"
            else { return nil }
            let spec = text[gap...].drop { $0 == " " || $0 == "\t" }
            let parts = spec.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            if parts[1] != "*" {
                guard let total = Self.number(parts[1]) else { return nil }
                self.total = total
            }
            if parts[0] == "*" {
                guard total != nil else { return nil }
                return
            }
            let bounds = parts[0].split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count == 2, let first = Self.number(bounds[0]), let last = Self.number(bounds[1]),
                first <= last, total.map({ last < $0 }) ?? true
            else { return nil }
            self.first = first
            self.last = last
        }

        /// ASCII digits as a non-negative number (at most 18 digits: no overflow).
        private static func number(_ text: Substring) -> Int64? {
            guard !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return nil
            }
            return Int64(text)
        }
    }
}
