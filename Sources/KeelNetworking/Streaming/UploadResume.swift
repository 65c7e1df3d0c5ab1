import Foundation

/// What an interrupted file upload keeps so it can resume: the server's upload resource (when
/// it offers resumable uploads) and the file with its validator — its length and modification
/// date, so a file changed since is sent again from the start. `Codable`, to keep across
/// launches; pass it to ``APIClient/transfer(_:resume:)``.
public struct UploadResumeData: Hashable, Sendable, Codable {
    /// The upload resource that continues the upload (the `Location` the server gave it, on
    /// the request's origin); `nil` when the server offers no resumable uploads: resuming sends
    /// the file again from the start.
    public let uploadURL: URL?
    /// The file being uploaded.
    package let file: URL
    /// Its length when the upload started.
    package let length: Int64
    /// Its modification date when the upload started.
    package let modificationDate: Date?
    /// The server's `Upload-Limit` as the upload last learned it; a resumed upload keeps to it
    /// unless the offset retrieval states others.
    package let limits: UploadResume.Limits?

    /// Resume data.
    package init(
        uploadURL: URL?, file: URL, length: Int64, modificationDate: Date?, limits: UploadResume.Limits? = nil
    ) {
        self.uploadURL = uploadURL
        self.file = file
        self.length = length
        self.modificationDate = modificationDate
        self.limits = limits
    }
}

/// Why a file upload through ``APIClient/transfer(_:resume:)`` stopped, beyond the call's own
/// ``APIError``s.
public enum UploadFailure: Error, CustomStringConvertible {
    /// The transfer broke off (the connection was lost, the server failed with a transient
    /// status such as `503`, the deadline passed); pass `resume` to
    /// ``APIClient/transfer(_:resume:)`` to continue. With no
    /// ``UploadResumeData/uploadURL`` the server offers no resumable uploads, and resuming sends
    /// the file again from the start.
    case interrupted(resume: UploadResumeData, underlying: any Error)
    /// The server named an upload resource on another origin than the request's: refused, so
    /// the request's credentials never go there.
    case uploadURLRefused(URL)
    /// The server's account of the upload cannot be used: an `Upload-Offset` that is missing,
    /// not a non-negative integer or past the end of the file, a creation without `Location`,
    /// or an upload it already completed (whose response was lost).
    case invalidServerState(String)
    /// The file is longer than the server's `Upload-Limit` `max-size`: refused before any byte
    /// of it was sent.
    case fileTooLarge(length: Int64, maximumSize: Int64)
    /// The file is shorter than the server's `Upload-Limit` `min-size`: refused before any byte
    /// of it was sent.
    case fileTooSmall(length: Int64, minimumSize: Int64)
    /// The server's `Upload-Limit` cannot be kept by any upload (a minimum above its maximum,
    /// or no content allowed per append): refused before any byte was sent.
    case inconsistentLimits(String)

    /// What happened, and what resuming will do.
    public var description: String {
        switch self {
        case .interrupted(let resume, let underlying):
            let next =
                resume.uploadURL == nil
                ? "the server offers no resumable upload, so resuming sends the file again from the start"
                : "resuming asks the server how much it has and sends the rest"
            return "the upload of \(resume.file.lastPathComponent) broke off (\(underlying)); \(next)"
        case .uploadURLRefused(let url):
            return "the server's upload resource \(APIError.describe(url: url)) is on another origin; refused"
        case .invalidServerState(let reason):
            return "the server's upload state cannot be used: \(reason)"
        case .fileTooLarge(let length, let maximum):
            return
                "the file is \(length) bytes, more than the server's limit of \(maximum) (Upload-Limit max-size); no byte of the file was sent"
        case .fileTooSmall(let length, let minimum):
            return
                "the file is \(length) bytes, less than the server's minimum of \(minimum) (Upload-Limit min-size); no byte of the file was sent"
        case .inconsistentLimits(let reason):
            return "the server's Upload-Limit cannot be kept: \(reason); no byte of the file was sent"
        }
    }
}

/// The decisions of a resumable file upload (draft-ietf-httpbis-resumable-upload): whether the
/// server offers it, where the upload resource is, and what an offset retrieval means.
/// Headless; `APIClient` performs them.
///
/// The protocol as the client uses it: `OPTIONS` on the target — a server that supports it lists
/// `application/partial-upload` in `Accept-Patch`; the upload is then created with the
/// endpoint's method and no content (`Upload-Complete: ?0`, `Upload-Length`), the `Location`
/// of the answer is the upload resource, and the file goes there with `PATCH`
/// (`Content-Type: application/partial-upload`, `Upload-Offset`, `Upload-Complete: ?1`).
/// After an interruption, `HEAD` on the resource reports `Upload-Offset`, and the rest is sent
/// from there. (The draft's `104` interim response, which could name the resource during a
/// single request, never reaches a `URLSession` delegate; the empty creation is the draft's
/// other way to learn it.)
package enum UploadResume {
    /// The media type of appended content.
    package static let partialUploadType = "application/partial-upload"

    /// A file's validator: its length and modification date.
    package struct FileState: Hashable, Sendable {
        /// The length in bytes.
        package var length: Int64
        /// The modification date.
        package var modificationDate: Date?

        /// A validator.
        package init(length: Int64, modificationDate: Date?) {
            self.length = length
            self.modificationDate = modificationDate
        }

        /// The validator of the regular file at `url`; `nil` when it cannot be read.
        package init?(of url: URL) {
            guard
                let values = try? url.resourceValues(forKeys: [
                    .fileSizeKey, .contentModificationDateKey, .isRegularFileKey,
                ]),
                values.isRegularFile == true, let size = values.fileSize
            else { return nil }
            self.init(length: Int64(size), modificationDate: values.contentModificationDate)
        }
    }

    /// Why an upload starts again from zero.
    package enum RestartReason: Hashable, Sendable {
        /// The server named no upload resource: it does not offer resumable uploads.
        case noUploadResource
        /// The file is not the one the upload started with (another file, length or date).
        case fileChanged
        /// The upload resource is gone (`404`, `410`): it expired or was removed.
        case uploadGone
    }

    /// How to continue from resume data.
    package enum Start: Hashable, Sendable {
        /// Ask the upload resource for its offset (`HEAD`).
        case askOffset(URL)
        /// Send the file again from the start; `discard` is an upload resource to cancel
        /// (`DELETE`) first.
        case restart(RestartReason, discard: URL?)
        /// The resume data names an upload resource on another origin than the request's.
        case refused(URL)
    }

    /// What an offset retrieval's answer means.
    package enum Decision: Hashable, Sendable {
        /// Send the file from `offset`.
        case append(from: Int64)
        /// Send the file again from the start.
        case restart(RestartReason)
        /// The upload cannot go on: the reason for ``UploadFailure/invalidServerState(_:)``.
        case failed(String)
    }

    /// How to continue an upload of `file` (whose validator is now `state`) to `requestURL`
    /// from `resume`.
    package static func start(resume: UploadResumeData, file: URL, state: FileState, requestURL: URL)
        -> Start
    {
        let sameFile =
            resume.file.standardizedFileURL.path == file.standardizedFileURL.path
            && resume.length == state.length && sameDate(resume.modificationDate, state.modificationDate)
        guard let uploadURL = resume.uploadURL else { return .restart(.noUploadResource, discard: nil) }
        guard isSameOrigin(uploadURL, requestURL) else { return .refused(uploadURL) }
        guard sameFile else { return .restart(.fileChanged, discard: uploadURL) }
        return .askOffset(uploadURL)
    }

    /// Whether an `OPTIONS` answer's `Accept-Patch` offers resumable uploads: it must list
    /// `application/partial-upload` itself (`*/*` or `application/*` do not promise the
    /// protocol).
    package static func offersResumableUploads(acceptPatch: String?) -> Bool {
        guard let acceptPatch else { return false }
        return acceptPatch.split(separator: ",").contains { item in
            let type = item.split(separator: ";", maxSplits: 1).first ?? ""
            return type.trimmingCharacters(in: .whitespaces).lowercased() == partialUploadType
        }
    }

    /// The upload resource a creation's answer names: its `Location`, resolved against the
    /// request's URL, which must be on the request's origin (credentials go nowhere else).
    package static func uploadURL(location: String?, requestURL: URL) -> Result<URL, UploadFailure> {
        guard let location = location?.trimmingCharacters(in: .whitespaces), !location.isEmpty else {
            return .failure(.invalidServerState("the upload was created without a Location"))
        }
        guard location.utf8.count <= 8192, !location.contains(where: { $0.isNewline || $0 == "\0" }),
            let url = URL(string: location, relativeTo: requestURL)?.absoluteURL
        else {
            return .failure(.invalidServerState("Location '\(shown(location))' is not a URL"))
        }
        guard isSameOrigin(url, requestURL) else { return .failure(.uploadURLRefused(url)) }
        return .success(url)
    }

    /// What an offset retrieval (`HEAD`) answered with `status` and `headers` means for a file
    /// of `length` bytes.
    package static func decide(status: Int, headers: [String: String], length: Int64) -> Decision {
        if status == 404 || status == 410 { return .restart(.uploadGone) }
        guard (200...299).contains(status) else { return .failed("the upload resource answered \(status)") }
        if complete(headers.header("Upload-Complete")) == true {
            return .failed("the server has the whole upload already (its response was lost)")
        }
        guard let text = headers.header("Upload-Offset") else {
            return .failed("the upload resource sent no Upload-Offset")
        }
        let offset: Int64
        switch self.offset(text) {
        case .success(let value): offset = value
        case .failure(let failure):
            guard case .invalidServerState(let reason) = failure else { return .failed("\(failure)") }
            return .failed(reason)
        }
        guard offset <= length else {
            return .failed("Upload-Offset \(offset) is past the end of the \(length)-byte file")
        }
        if let declared = headers.header("Upload-Length"),
            case .success(let total) = self.offset(declared),
            total != length
        {
            return .failed("the upload resource is for \(total) bytes, the file has \(length)")
        }
        return .append(from: offset)
    }

    /// An `Upload-Offset` (or `Upload-Length`) value: a Structured Field Integer (RFC 9651
    /// §3.3.1: an optional `-` and 1 to 15 digits, parameters after `;` ignored) that is not
    /// negative; otherwise ``UploadFailure/invalidServerState(_:)`` saying why not.
    package static func offset(_ text: String) -> Result<Int64, UploadFailure> {
        let item = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let value = item.trimmingCharacters(in: .whitespaces)
        let digits = value.hasPrefix("-") ? value.dropFirst() : Substring(value)
        guard !digits.isEmpty, digits.utf8.count <= 15, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let number = Int64(digits)
        else { return .failure(.invalidServerState("Upload-Offset '\(shown(text))' is not an integer")) }
        guard !value.hasPrefix("-") else {
            return .failure(.invalidServerState("Upload-Offset '\(shown(text))' is negative"))
        }
        return .success(number)
    }

    /// An `Upload-Complete` value: a Structured Field Boolean (`?1`, `?0`); `nil` otherwise,
    /// which the draft says to ignore.
    package static func complete(_ text: String?) -> Bool? {
        guard let text else { return nil }
        let item = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        switch item.trimmingCharacters(in: .whitespaces) {
        case "?1": return true
        case "?0": return false
        default: return nil
        }
    }

    /// The headers of the request that creates the upload resource without content.
    package static func creationHeaders(length: Int64) -> [String: String] {
        ["Upload-Complete": "?0", "Upload-Length": String(length)]
    }

    /// The headers of the request that sends the file from `offset` to its end.
    package static func appendHeaders(offset: Int64) -> [String: String] {
        appendHeaders(offset: offset, complete: true)
    }

    /// Whether a failed request of the upload can be resumed: the transfer was cancelled, or
    /// the failure is transient by the retry rules (``TransientFailures``: a lost connection,
    /// the deadline, a `408`, `429`, `500`, `502`, `503` or `504`) before the upload was
    /// complete; when `appending` to an upload resource, also a `409` (the resource's offset is
    /// another one). A status that carries `Upload-Complete: ?1` is the processed upload's own
    /// answer. A failure that would be the same on resuming (a `501`, a bad URL, an untrusted
    /// certificate) is not an interruption.
    package static func isInterruption(_ error: any Error, appending: Bool = false) -> Bool {
        guard let error = error as? APIError else { return false }
        switch error {
        case .cancelled:
            return true
        case .status(let code, let headers, _, _):
            let resumable = TransientFailures.standard.isTransient(status: code) || (appending && code == 409)
            return resumable && complete(headers.header("Upload-Complete")) != true
        default:
            return TransientFailures.standard.isTransient(error)
        }
    }

    /// Whether two URLs share an origin (scheme, host, port).
    package static func isSameOrigin(_ url: URL, _ other: URL) -> Bool {
        guard let first = Origin(url), let second = Origin(other) else { return false }
        return first == second
    }

    private static func sameDate(_ first: Date?, _ second: Date?) -> Bool {
        switch (first, second) {
        case (nil, nil): return true
        case (let first?, let second?):
            // Within a microsecond: the date went through an encoder in between.
            return abs(first.timeIntervalSinceReferenceDate - second.timeIntervalSinceReferenceDate) < 1e-6
        default: return false
        }
    }

    private static func shown(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
