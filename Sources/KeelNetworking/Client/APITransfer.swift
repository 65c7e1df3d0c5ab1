import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A call in flight: its progress as an `AsyncStream`, its result, and a way to cancel it. Every
/// transfer has this shape — an upload or any call (``APIClient/transfer(_:resume:)``) and a
/// download to a file (``APIClient/transfer(_:to:resume:maximumBytes:)``). The call runs once
/// started, whether or not anyone awaits it; dropping the handle does not cancel it.
///
/// ```swift
/// let upload = client.transfer(Endpoint<Receipt>(.post, "videos", body: .file(movie, contentType: "video/mp4")))
/// Task { for await step in upload.progress { bar.progress = step.fractionCompleted ?? 0 } }
/// let receipt = try await upload.value
/// ```
public struct APITransfer<Value: Sendable>: Sendable {
    /// Upload and download progress, monotonic per direction; it ends when the call ends. A
    /// reader that falls behind gets the latest values (at most 256 wait).
    public let progress: AsyncStream<TransferProgress>
    let task: Task<Value, any Error>

    /// Starts `run`, which reports progress through the function it is given.
    init(
        _ run:
            @escaping @Sendable (_ report: @escaping @Sendable (TransferProgress) -> Void) async throws
            -> Value
    ) {
        var captured: AsyncStream<TransferProgress>.Continuation?
        progress = AsyncStream(bufferingPolicy: .bufferingNewest(256)) { captured = $0 }
        let continuation = captured
        let reporter = MonotonicProgress { continuation?.yield($0) }
        task = Task {
            defer { continuation?.finish() }
            return try await run(reporter.report)
        }
    }

    /// The result; cancelling the awaiting task cancels the call.
    public var value: Value {
        get async throws {
            try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        }
    }

    /// Cancels the call: its connection is closed and ``value`` throws `CancellationError` (a
    /// download that had received bytes throws ``DownloadFailure/interrupted(resume:underlying:)``
    /// with it, keeping what it has).
    public func cancel() {
        task.cancel()
    }
}

extension APIClient {
    /// Starts `endpoint` and returns it as an ``APITransfer``: progress as a stream, the decoded
    /// value, cancellation.
    ///
    /// A file body (``RequestBody/file(_:contentType:)``) is a resumable upload where the
    /// server offers one (draft-ietf-httpbis-resumable-upload): the target is asked with
    /// `OPTIONS`; when its `Accept-Patch` lists `application/partial-upload`, the upload
    /// resource is created first and the file sent to it with `PATCH`. When the transfer breaks
    /// off, ``APITransfer/value`` throws ``UploadFailure/interrupted(resume:underlying:)``; pass its
    /// ``UploadResumeData`` as `resume` to continue: the resource is asked for its offset
    /// (`HEAD`) and only the rest of the file is sent (streamed from disk). A server without the
    /// protocol, a file changed since (its length or modification date) or an expired
    /// resource means the file is sent again from the start. The upload resource must be on the
    /// request's origin (``UploadFailure/uploadURLRefused(_:)`` otherwise), so credentials go
    /// nowhere else. The server's `Upload-Limit` is kept: a file over its `max-size` or under its
    /// `min-size` fails with ``UploadFailure/fileTooLarge(length:maximumSize:)`` or
    /// ``UploadFailure/fileTooSmall(length:minimumSize:)`` before any byte of it is sent, and a
    /// `max-append-size` sends the file in several appends. Other bodies are sent as
    /// ``response(_:progress:)`` sends them.
    ///
    /// ```swift
    /// do {
    ///     receipt = try await client.transfer(upload).value
    /// } catch UploadFailure.interrupted(let resume, _) {
    ///     receipt = try await client.transfer(upload, resume: resume).value
    /// }
    /// ```
    public func transfer<Response>(_ endpoint: Endpoint<Response>, resume: UploadResumeData? = nil)
        -> APITransfer<Response>
    {
        APITransfer { report in
            if case .file(let file, let contentType) = endpoint.requestBody {
                return try await self.uploadFile(
                    endpoint, file: file, contentType: contentType, resume: resume, progress: report)
            }
            if resume != nil {
                throw APIError.invalidRequest(
                    field: "body", reason: "resume data continues a file upload only")
            }
            return try await self.execute(endpoint, progress: report).value
        }
    }

    /// ``download(_:to:resume:maximumBytes:progress:)`` as an ``APITransfer``: the same
    /// download, its progress as a stream; ``APITransfer/value`` is the file's length.
    /// `maximumBytes` is by default the client's response body cap, as there.
    public func transfer(
        _ endpoint: some APIEndpoint, to destination: URL, resume: DownloadResumeData? = nil,
        maximumBytes: Int? = nil
    ) -> APITransfer<Int64> {
        APITransfer { report in
            try await self.download(
                endpoint, to: destination, resume: resume, maximumBytes: maximumBytes, progress: report)
        }
    }
}
