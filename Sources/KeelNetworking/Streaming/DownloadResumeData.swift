import Foundation

/// What an interrupted download keeps so it can resume where it stopped: the validator of the
/// representation it was receiving, how many bytes are on disk, and the length it expects.
public struct DownloadResumeData: Hashable, Sendable, Codable {
    /// The response's `ETag`, if it sent one.
    public var entityTag: String?
    /// The response's `Last-Modified`, if it sent one.
    public var lastModified: String?
    /// The bytes already written to the partial file.
    public var bytesReceived: Int64
    /// The complete length, when the server announced it.
    public var expectedLength: Int64?

    /// Resume data.
    public init(entityTag: String?, lastModified: String?, bytesReceived: Int64, expectedLength: Int64?) {
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.bytesReceived = bytesReceived
        self.expectedLength = expectedLength
    }
}

/// The resume decisions of a download (RFC 9110 §14 range requests): which headers ask for the
/// rest, and what to do with the answer. Headless; the download driver performs them.
package enum DownloadResume {
    /// What to do with a response to a (possibly ranged) download request.
    package enum Decision: Hashable, Sendable {
        /// `206` for exactly the missing range of the same representation: append the body to
        /// the partial file; the whole file will be `expectedLength` bytes when known.
        case append(expectedLength: Int64?)
        /// `200`: the body is the whole representation; write it from the start (truncating
        /// the partial file), `expectedLength` bytes when known.
        case writeFromStart(expectedLength: Int64?)
        /// The partial file already holds the whole representation (`416` naming its length).
        case complete
        /// The answer cannot be used (a changed validator, a range that does not continue the
        /// file): discard the partial file and request the whole representation again.
        case restart
        /// Any other status: the download failed.
        case failed(status: Int)
    }

    /// The validator `If-Range` can carry: a strong `ETag` first, else `Last-Modified`. A weak
    /// `ETag` (`W/"…"`) cannot be used with `If-Range`.
    package static func ifRangeValidator(_ resume: DownloadResumeData) -> String? {
        if let tag = resume.entityTag, !tag.hasPrefix("W/"), !tag.isEmpty { return tag }
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
    /// ``requestHeaders(for:)`` from `resume` (`nil`: a first request).
    package static func decide(resume: DownloadResumeData?, status: Int, headers: [String: String])
        -> Decision
    {
        let length = header("Content-Length", in: headers).flatMap { Int64($0) }.flatMap {
            $0 >= 0 ? $0 : nil
        }
        switch status {
        case 200:
            return .writeFromStart(expectedLength: length)
        case 206:
            guard let resume, resume.bytesReceived > 0, ifRangeValidator(resume) != nil,
                let range = header("Content-Range", in: headers).flatMap(ContentRange.init),
                let first = range.first, first == resume.bytesReceived,
                validatorMatches(resume, headers)
            else { return .restart }
            if let total = range.total {
                if let expected = resume.expectedLength, expected != total { return .restart }
                if let last = range.last, last != total - 1 { return .restart }  // not "the rest"
            }
            if let last = range.last, let length, length != last - first + 1 { return .restart }
            return .append(expectedLength: range.total ?? resume.expectedLength)
        case 416:
            guard let resume, resume.bytesReceived > 0,
                let range = header("Content-Range", in: headers).flatMap(ContentRange.init),
                let total = range.total
            else { return .restart }
            let sameLength = total == resume.bytesReceived && (resume.expectedLength ?? total) == total
            return sameLength && validatorMatches(resume, headers) ? .complete : .restart
        default:
            return .failed(status: status)
        }
    }

    /// Whether a finished file of `written` bytes is the whole representation.
    package static func lengthIsComplete(written: Int64, expected: Int64?) -> Bool {
        expected.map { $0 == written } ?? true
    }

    /// The resume data to keep after `written` bytes of a response with `headers` (whose
    /// complete length is `expectedLength`): its validators and the count.
    package static func resumeData(headers: [String: String], written: Int64, expectedLength: Int64?)
        -> DownloadResumeData
    {
        DownloadResumeData(
            entityTag: header("ETag", in: headers), lastModified: header("Last-Modified", in: headers),
            bytesReceived: written, expectedLength: expectedLength)
    }

    /// Whether the response's validators (when it sent them) are the resume data's.
    private static func validatorMatches(_ resume: DownloadResumeData, _ headers: [String: String]) -> Bool {
        if let tag = header("ETag", in: headers), let kept = resume.entityTag, tag != kept { return false }
        if let date = header("Last-Modified", in: headers), let kept = resume.lastModified, date != kept {
            return false
        }
        return true
    }

    private static func header(_ name: String, in headers: [String: String]) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
            .trimmingCharacters(in: .whitespaces)
    }

    /// A `Content-Range` value: `bytes first-last/total`, `bytes first-last/*` or `bytes */total`.
    struct ContentRange: Hashable {
        var first: Int64?
        var last: Int64?
        var total: Int64?

        init?(_ text: String) {
            guard text.hasPrefix("bytes ") else { return nil }
            let parts = text.dropFirst(6).split(separator: "/", omittingEmptySubsequences: false)
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
