import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// Downloads `endpoint`'s body to the file at `destination`: streamed to a `0600` partial
    /// file beside it (`.<name>.download`), its length checked against the response's, then
    /// moved into place with one atomic rename (replacing what was there). Returns the file's
    /// length.
    ///
    /// When the transfer breaks off, the partial file is kept and the call throws
    /// ``DownloadFailure/interrupted(resume:underlying:)`` with ``DownloadResumeData``; pass it
    /// as `resume` to continue: the request then carries `Range: bytes=N-` and `If-Range` with
    /// the validator (`ETag`, else `Last-Modified`), a `206` is appended, and a `200` — the file
    /// changed, or the server ignores ranges — writes the file again from the start. Each
    /// request is a ``bytes(for:)`` call (interceptors, retries up to the head, monitors).
    ///
    /// The request asks for `Accept-Encoding: identity` unless the endpoint or the client's
    /// default headers name one. A response that comes with a content coding anyway is written
    /// decoded, its length not checked against the encoded `Content-Length`, and an interruption
    /// of it keeps no byte offset (resuming starts again). A `416` whose `Content-Range` names
    /// the length already on disk finishes the file; a `206` that does not continue the file
    /// (another start, several ranges, an unreadable `Content-Range`) restarts it without
    /// `Range`; a body running past the announced length fails with
    /// ``DownloadFailure/file(_:)``, the destination untouched.
    ///
    /// ```swift
    /// do {
    ///     try await client.download(Endpoint<Data>(.get, target: .path("files/42"), decoding: .data), to: file)
    /// } catch DownloadFailure.interrupted(let resume, _) {
    ///     try await client.download(Endpoint<Data>(.get, target: .path("files/42"), decoding: .data), to: file, resume: resume)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - endpoint: the file's request.
    ///   - destination: where the file goes.
    ///   - resume: what an interrupted download of the same file kept.
    ///   - maximumBytes: the largest file accepted, a resumed download's bytes included; by
    ///     default (`nil`) the client's
    ///     response body cap (`Configuration(maximumResponseBodyBytes:)`, 128 MiB unless set),
    ///     so a server streaming without end cannot fill the disk. Pass a larger number for
    ///     larger files. A `Content-Length` past it (a resumed `206`'s whole length counted)
    ///     fails the request with ``APIError/responseTooLarge(limit:)`` before anything is
    ///     written (a resumed download's partial file removed: resuming could not succeed); a
    ///     body that runs
    ///     past it fails as ``APIError/responseTooLarge(limit:)`` inside
    ///     ``DownloadFailure/interrupted(resume:underlying:)`` (the destination untouched).
    ///   - progress: the bytes on disk and the expected total after each chunk (monotonic).
    /// - Throws: ``DownloadFailure``; ``APIError`` for a first request that fails;
    ///   `CancellationError` when the calling task is cancelled before anything was received.
    @discardableResult
    public func download(
        _ endpoint: some APIEndpoint, to destination: URL, resume: DownloadResumeData? = nil,
        maximumBytes: Int? = nil, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> Int64 {
        var base = Endpoint<Data>(endpoint, decoding: .data)
        // Ask for the bytes as stored: a content coding makes Content-Length and byte ranges
        // count encoded bytes while the transport writes decoded ones (URLSession and libcurl
        // decode whatever was asked). The caller's own Accept-Encoding stands.
        if !base.headers.hasHeader("Accept-Encoding"),
            !configuration.defaultHeaders.hasHeader("Accept-Encoding")
        {
            base.headers["Accept-Encoding"] = "identity"
        }
        var report: (@Sendable (Int64, Int64?) -> Void)?
        if let progress {
            let reporter = MonotonicProgress(progress)
            report = { written, expected in
                reporter.report(
                    TransferProgress(direction: .download, completedBytes: written, totalBytes: expected))
            }
        }
        // The cap is the whole file's. Whether a resume's answer continues the file (a `206`,
        // held by the runner to what is left) or replaces it (a `200`, held here to the whole
        // cap) is known only from the answer, so the transport gets the whole cap.
        let limit = max(0, maximumBytes ?? configuration.maximumResponseBodyBytes)
        let send: @Sendable ([String: String]) async throws -> DownloadRunner.Response = { [base] extra in
            var request = base
            for (name, value) in extra {
                if let key = request.headers.headerKey(name) { request.headers[key] = nil }
                request.headers[name] = value
            }
            do {
                let streamed = try await self.stream(request, progress: nil, maximumBodyBytes: limit)
                return DownloadRunner.Response(
                    status: streamed.response.statusCode, headers: Self.headers(of: streamed.response),
                    body: streamed.body)
            } catch APIError.status(416, let headers, _, _) where extra.hasHeader("Range") {
                // "Range not satisfiable" to a resume may mean the file is already whole: the
                // runner decides. To a request without a range it is the call's failure.
                return DownloadRunner.Response(status: 416, headers: headers, body: ResponseBody(Data()))
            }
        }
        return try await DownloadRunner.download(
            to: destination, resume: resume, maximumBytes: Int64(limit), progress: report, send: send)
    }
}
