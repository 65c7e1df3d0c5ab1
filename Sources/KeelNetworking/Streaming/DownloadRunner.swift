import Foundation

/// Why a download stopped. An interrupted download keeps its partial file and the
/// ``DownloadResumeData`` to continue it.
public enum DownloadFailure: Error {
    /// The transfer broke off (the connection was lost, the server failed, the task was
    /// cancelled …); pass `resume` to `APIClient.download(_:to:resume:maximumBytes:progress:)` to continue.
    case interrupted(resume: DownloadResumeData, underlying: any Error)
    /// The server answered with `status`, which neither continues nor starts the file: an
    /// error status to a resumed request, or a `206`/`416` to a request that asked for no range
    /// (a partial file is kept).
    case status(Int)
    /// The server kept sending answers that could not continue the file.
    case restartedTooOften(attempts: Int)
    /// The file could not be written, or its length was wrong — shorter at the end, or a body
    /// running past the length announced (the destination is untouched) — or another download
    /// to the same destination is running ("a download to … is already running").
    case file(DownloadFileError)
}

/// Downloads to a file with ``DownloadResume``'s decisions and a `DownloadFile`: the engine
/// behind `client.download(_:to:)`. The client supplies `send`, which sends the request with
/// the extra headers given (`Range`, `If-Range`) through its interceptors and transport and
/// returns the streamed response.
package enum DownloadRunner {
    /// Whether `error` is the body passing the download's size cap.
    static func isTooLarge(_ error: any Error) -> Bool {
        if case .responseTooLarge? = error as? APIError { return true }
        return false
    }

    /// A streamed response: the head, then the body in chunks.
    package struct Response: Sendable {
        /// The status code.
        package var status: Int
        /// The response headers.
        package var headers: [String: String]
        /// The body, chunk by chunk; throws when the connection fails. Dropping it cancels
        /// the transfer.
        package var body: ResponseBody

        /// A response.
        package init(status: Int, headers: [String: String], body: ResponseBody) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// A response whose body is read from `body`.
        package init(status: Int, headers: [String: String], body: AsyncThrowingStream<Data, any Error>) {
            self.init(status: status, headers: headers, body: ResponseBody(body))
        }
    }

    /// Why a download stopped.
    package typealias Failure = DownloadFailure

    /// Downloads to `destination`, resuming from `resume` when its partial file is still there;
    /// `progress` gets the bytes on disk and the expected total after each chunk. Returns the
    /// file's length once it is in place.
    ///
    /// `maximumBytes` caps the whole file, the bytes already on disk included: a `206` whose
    /// whole length is past it fails with ``APIError/responseTooLarge(limit:)`` before anything
    /// is written, as does a `send` failing that way (a `200` past it), the partial file
    /// removed either way; a body running past it fails as that error inside
    /// ``DownloadFailure/interrupted(resume:underlying:)`` with nothing to resume.
    package static func download(
        to destination: URL, resume: DownloadResumeData? = nil, maximumBytes: Int64? = nil,
        progress: (@Sendable (_ written: Int64, _ expected: Int64?) -> Void)? = nil,
        send: @Sendable (_ headers: [String: String]) async throws -> Response
    ) async throws -> Int64 {
        var resume = resume
        let attempts = 3
        for _ in 0..<attempts {
            let file: DownloadFile
            do {
                file = try DownloadFile(destination: destination, resumingAt: resume?.bytesReceived)
            } catch let error as DownloadFileError {
                throw Failure.file(error)
            }
            if file.bytesWritten == 0 { resume = nil }  // nothing usable on disk
            let headers = DownloadResume.requestHeaders(for: resume)
            let response: Response
            do {
                response = try await send(headers)
            } catch {
                // Discarded while still held: once closed, the path may be another download's.
                // A file past the cap cannot be resumed either: the same resume would fail alike.
                guard let resume, !Self.isTooLarge(error) else {
                    file.discard()
                    throw error
                }
                file.suspend()
                throw Failure.interrupted(resume: resume, underlying: error)
            }
            let expected: Int64?
            switch DownloadResume.decide(
                resume: headers.isEmpty ? nil : resume, status: response.status, headers: response.headers)
            {
            case .append(let length):
                if let length, let maximumBytes, length > maximumBytes {
                    file.discard()
                    throw APIError.responseTooLarge(limit: Int(clamping: maximumBytes))
                }
                expected = length
            case .writeFromStart(let length):
                do { try file.truncate() } catch let error as DownloadFileError { throw Failure.file(error) }
                expected = length
                resume = nil
            case .complete(let length):
                return try finish(file, expected: length)
            case .restart:
                file.discard()
                resume = nil
                continue
            case .failed(let status):
                if file.bytesWritten == 0 { file.discard() } else { file.suspend() }
                throw Failure.status(status)
            }
            // A decoded body's bytes match no offset of the encoded representation: never resumed.
            let encoded = DownloadResume.isContentEncoded(response.headers)
            var kept = DownloadResume.resumeData(
                headers: response.headers, written: file.bytesWritten, expectedLength: expected)
            kept.entityTag = kept.entityTag ?? resume?.entityTag
            kept.lastModified = kept.lastModified ?? resume?.lastModified
            do {
                for try await chunk in response.body {
                    if let expected, file.bytesWritten + Int64(chunk.count) > expected {
                        // A server bug or a file that changed: stop reading, keep nothing of it.
                        throw DownloadFileError(
                            path: file.partialURL.path,
                            reason: "the body runs past the \(expected) bytes announced")
                    }
                    if let maximumBytes, file.bytesWritten + Int64(chunk.count) > maximumBytes {
                        throw APIError.responseTooLarge(limit: Int(clamping: maximumBytes))
                    }
                    try file.append(chunk)
                    progress?(file.bytesWritten, expected)
                }
            } catch let error as DownloadFileError {
                file.discard()
                throw Failure.file(error)
            } catch {
                // Past the size cap, resuming could only add another cap's worth: keep nothing.
                if encoded || Self.isTooLarge(error) {
                    file.discard()
                    kept.bytesReceived = 0
                    kept.expectedLength = nil
                } else {
                    file.suspend()
                    kept.bytesReceived = file.bytesWritten
                }
                throw Failure.interrupted(resume: kept, underlying: error)
            }
            if let expected, file.bytesWritten < expected {
                // The body ended early without an error: resumable like a broken connection.
                file.suspend()
                kept.bytesReceived = file.bytesWritten
                throw Failure.interrupted(resume: kept, underlying: URLError(.networkConnectionLost))
            }
            return try finish(file, expected: expected)
        }
        throw Failure.restartedTooOften(attempts: attempts)
    }

    private static func finish(_ file: DownloadFile, expected: Int64?) throws -> Int64 {
        do {
            try file.finish(expectedLength: expected)
        } catch let error as DownloadFileError {
            file.discard()
            throw Failure.file(error)
        }
        return file.bytesWritten
    }
}
