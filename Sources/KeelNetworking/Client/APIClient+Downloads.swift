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
    /// ```swift
    /// do {
    ///     try await client.download(Endpoint<Data>(.get, "files/42", decoding: .data), to: file)
    /// } catch DownloadFailure.interrupted(let resume, _) {
    ///     try await client.download(Endpoint<Data>(.get, "files/42", decoding: .data), to: file, resume: resume)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - endpoint: the file's request.
    ///   - destination: where the file goes.
    ///   - resume: what an interrupted download of the same file kept.
    ///   - maximumBytes: the largest file accepted (the response body cap does not apply to a
    ///     file on disk); a larger one fails as ``APIError/responseTooLarge(limit:)`` inside
    ///     ``DownloadFailure/interrupted(resume:underlying:)``.
    ///   - progress: the bytes on disk and the expected total after each chunk (monotonic).
    /// - Throws: ``DownloadFailure``; ``APIError`` for a first request that fails;
    ///   `CancellationError` when the calling task is cancelled before anything was received.
    @discardableResult
    public func download(
        _ endpoint: some APIEndpoint, to destination: URL, resume: DownloadResumeData? = nil,
        maximumBytes: Int = .max, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> Int64 {
        let base = Endpoint<Data>(endpoint, decoding: .data)
        var report: (@Sendable (Int64, Int64?) -> Void)?
        if let progress {
            let reporter = MonotonicProgress(progress)
            report = { written, expected in
                reporter.report(
                    TransferProgress(direction: .download, completedBytes: written, totalBytes: expected))
            }
        }
        let send: @Sendable ([String: String]) async throws -> DownloadRunner.Response = { headers in
            var request = base
            for (name, value) in headers { request.headers[name] = value }
            do {
                let streamed = try await self.stream(request, progress: nil, maximumBodyBytes: maximumBytes)
                return DownloadRunner.Response(
                    status: streamed.response.statusCode, headers: Self.headers(of: streamed.response),
                    body: streamed.body)
            } catch APIError.status(416, let headers, _, _) {
                // "Range not satisfiable" may mean the file is already whole: the runner decides.
                return DownloadRunner.Response(status: 416, headers: headers, body: ResponseBody(Data()))
            }
        }
        return try await DownloadRunner.download(
            to: destination, resume: resume, progress: report, send: send)
    }
}
