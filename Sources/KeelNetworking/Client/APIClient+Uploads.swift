import Foundation
import KeelSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// Uploads `endpoint`'s file body, resumably where the server offers it: the engine behind
    /// `transfer(_:resume:)` for file bodies. Every request is a call of its own (interceptors,
    /// retries, monitors); ``UploadResume`` makes every decision.
    func uploadFile<Response>(
        _ endpoint: Endpoint<Response>, file: URL, contentType: String, resume: UploadResumeData?,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws -> Response {
        guard file.isFileURL, let state = UploadResume.FileState(of: file) else {
            throw APIError.invalidRequest(field: "body.file", reason: "'\(file.path)' is not a readable file")
        }
        // Every request of the upload sends this file: a file renamed over the path since is
        // refused, never sent as the rest of the upload.
        let checked = try CheckedUploadFile(file, field: "body.file")
        guard checked.size == state.length else { throw checked.replaced() }
        let upload = Upload(client: self, endpoint: endpoint, file: checked, state: state)
        let requestURL = try await upload.requestURL()
        try refuseWhenCacheOnly(endpoint, url: requestURL)
        if let resume {
            switch UploadResume.start(resume: resume, file: file, state: state, requestURL: requestURL) {
            case .refused(let url):
                throw UploadFailure.uploadURLRefused(url)
            case .restart(_, let discard):
                if let discard { await upload.discard(discard) }
            case .askOffset(let url):
                let head: APIResponse<Void>
                do {
                    head = try await execute(upload.offsetRetrieval(url), progress: nil)
                } catch  where UploadResume.isInterruption(error) {
                    throw UploadFailure.interrupted(resume: resume, underlying: error)
                }
                switch UploadResume.decide(
                    status: head.response.statusCode, headers: Self.headers(of: head.response),
                    length: state.length)
                {
                case .append(let offset):
                    // The offset retrieval states the limits (the draft says it must); resume
                    // data keeps the last ones for a server that leaves them out.
                    let limits =
                        UploadResume.Limits.parse(head.response.value(forHTTPHeaderField: "Upload-Limit"))
                        ?? resume.limits ?? UploadResume.Limits()
                    if let failure = UploadResume.check(length: state.length, limits: limits) {
                        await upload.discard(url)
                        throw failure
                    }
                    return try await upload.append(to: url, from: offset, limits: limits, progress: progress)
                case .restart:
                    break
                case .failed(let reason):
                    throw UploadFailure.invalidServerState(reason)
                }
            }
        }
        let options = try await execute(upload.discovery(), progress: nil)
        guard
            UploadResume.offersResumableUploads(
                acceptPatch: options.response.value(forHTTPHeaderField: "Accept-Patch"))
        else {
            // No resumable uploads here: one request, which an interruption restarts.
            do {
                return try await execute(endpoint, progress: progress).value
            } catch  where UploadResume.isInterruption(error) {
                throw UploadFailure.interrupted(resume: upload.resumeData(uploadURL: nil), underlying: error)
            }
        }
        // Limits the OPTIONS answer states refuse a file before anything is created; the
        // creation's answer states the upload resource's own, which win.
        let announced = UploadResume.Limits.parse(options.response.value(forHTTPHeaderField: "Upload-Limit"))
        if let announced, let failure = UploadResume.check(length: state.length, limits: announced) {
            throw failure
        }
        let created = try await execute(upload.creation(contentType: contentType), progress: nil)
        let uploadURL = try UploadResume.uploadURL(
            location: created.response.value(forHTTPHeaderField: "Location"), requestURL: requestURL
        ).get()
        let limits =
            UploadResume.Limits.parse(created.response.value(forHTTPHeaderField: "Upload-Limit"))
            ?? announced ?? UploadResume.Limits()
        if let failure = UploadResume.check(length: state.length, limits: limits) {
            await upload.discard(uploadURL)
            throw failure
        }
        return try await upload.append(to: uploadURL, from: 0, limits: limits, progress: progress)
    }

    /// One file upload's requests.
    private struct Upload<Response: Sendable>: Sendable {
        let client: APIClient
        let endpoint: Endpoint<Response>
        /// The file, as checked when the upload began.
        let checked: CheckedUploadFile
        let state: UploadResume.FileState

        init(
            client: APIClient, endpoint: Endpoint<Response>, file: CheckedUploadFile,
            state: UploadResume.FileState
        ) {
            self.client = client
            self.endpoint = endpoint
            self.checked = file
            self.state = state
        }

        /// The file's path.
        var file: URL { checked.url }

        /// The endpoint's URL as the client resolves it.
        func requestURL() async throws -> URL {
            var bare = endpoint
            bare.requestBody = .none
            let prepared = try await RequestBuilder(client: client)
                .build(bare, timeout: .seconds(1))
            guard let url = prepared.request.url else {
                throw APIError.invalidRequest(field: "url", reason: "the endpoint has no URL")
            }
            return url
        }

        func resumeData(uploadURL: URL?, limits: UploadResume.Limits? = nil) -> UploadResumeData {
            UploadResumeData(
                uploadURL: uploadURL, file: file, length: state.length,
                modificationDate: state.modificationDate, limits: limits)
        }

        /// The endpoint's headers without its content's (`Content-*`) and the protocol's own.
        var headers: [String: String] {
            endpoint.headers.filter { name, _ in
                let name = name.lowercased()
                return !name.hasPrefix("content-") && !name.hasPrefix("upload-")
            }
        }

        /// A bodiless protocol request: `method` to `target`, any status accepted.
        private func request(
            _ method: HTTPMethod, _ target: EndpointTarget, query: [URLQueryItem] = [],
            headers extra: [String: String] = [:], acceptable: StatusCodes = StatusCodes([100...599])
        ) -> Endpoint<Void> {
            Endpoint<Void>(
                method, target: target, query: query, headers: headers.merging(extra) { $1 },
                acceptableStatusCodes: acceptable, timeout: endpoint.timeout,
                isIdempotent: method.isIdempotent,
                interceptors: endpoint.interceptors, cachePolicy: .networkOnly, decoding: .ignoringBody)
        }

        /// `OPTIONS` on the target: does it offer resumable uploads?
        func discovery() -> Endpoint<Void> {
            request(HTTPMethod(rawValue: "OPTIONS"), endpoint.target, query: endpoint.query)
        }

        /// The endpoint's request without content, creating the upload resource.
        func creation(contentType: String) -> Endpoint<Void> {
            var headers = endpoint.headers
            if !headers.hasHeader("Content-Type") {
                headers["Content-Type"] = contentType
            }
            headers.merge(UploadResume.creationHeaders(length: state.length)) { $1 }
            return Endpoint<Void>(
                endpoint.method, target: endpoint.target, query: endpoint.query, headers: headers,
                timeout: endpoint.timeout, isIdempotent: false, interceptors: endpoint.interceptors,
                cachePolicy: .networkOnly, decoding: .ignoringBody)
        }

        /// `HEAD` on the upload resource: its offset. A `404`/`410` (gone) is an answer too.
        func offsetRetrieval(_ url: URL) -> Endpoint<Void> {
            request(.head, .url(url), acceptable: StatusCodes([200...299, 404...404, 410...410]))
        }

        /// Cancels the upload resource (`DELETE`), as far as the server lets it.
        func discard(_ url: URL) async {
            _ = try? await client.execute(request(.delete, .url(url)), progress: nil)
        }

        /// Sends the file from `start` to its end with `PATCH`, in appends of at most the
        /// limits' `max-append-size` (``UploadResume/nextAppend(from:length:limits:)``), the last
        /// completing the upload; returns the decoded answer of the processed upload. An
        /// interruption in any append keeps resume data for this resource and limits: resuming
        /// asks the server's offset and goes on from there.
        func append(
            to url: URL, from start: Int64, limits: UploadResume.Limits,
            progress: @escaping @Sendable (TransferProgress) -> Void
        ) async throws -> Response {
            let length = state.length
            var limits = limits
            progress(TransferProgress(direction: .upload, completedBytes: start, totalBytes: length))
            var offset = start
            while true {
                let step = UploadResume.nextAppend(from: offset, length: length, limits: limits)
                let (body, temporary) = try await body(for: step)
                defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }
                let headers = headers.merging(
                    UploadResume.appendHeaders(offset: step.offset, complete: step.isComplete)
                ) { $1 }
                let counted: @Sendable (TransferProgress) -> Void = { sent in
                    guard sent.direction == .upload else { return progress(sent) }
                    progress(
                        TransferProgress(
                            direction: .upload,
                            completedBytes: min(step.offset + step.count, step.offset + sent.completedBytes),
                            totalBytes: length))
                }
                do {
                    if step.isComplete {
                        let patch = Endpoint<Response>(
                            .patch, target: .url(url), headers: headers, body: body,
                            decoder: endpoint.decoder,
                            acceptableStatusCodes: endpoint.acceptableStatusCodes, timeout: endpoint.timeout,
                            isIdempotent: false, interceptors: endpoint.interceptors,
                            cachePolicy: .networkOnly,
                            decoding: endpoint.decoding)
                        return try await client.execute(patch, progress: counted).value
                    }
                    let part = Endpoint<Void>(
                        .patch, target: .url(url), headers: headers, body: body,
                        acceptableStatusCodes: StatusCodes([200...299]), timeout: endpoint.timeout,
                        isIdempotent: false, interceptors: endpoint.interceptors, cachePolicy: .networkOnly,
                        decoding: .ignoringBody)
                    _ = try await client.execute(part, progress: counted)
                } catch {
                    if UploadResume.isInterruption(error, appending: true) {
                        throw UploadFailure.interrupted(
                            resume: resumeData(uploadURL: url, limits: limits), underlying: error)
                    }
                    // Too large for the server after all: again, as small as its answer says.
                    guard case APIError.status(413, let headers, _, _) = error,
                        let smaller = UploadResume.limitsAfterRefusal(
                            headers: headers, count: step.count, length: length)
                    else { throw error }
                    limits = smaller
                    continue
                }
                offset = step.offset + step.count
            }
        }

        /// The content of `step`: the file itself when it is the whole file, nothing when it is
        /// empty, otherwise its bytes copied to a temporary file (returned to be removed).
        private func body(for step: UploadResume.Append) async throws -> (RequestBody, URL?) {
            if step.count == 0 {
                return (.data(Data(), contentType: UploadResume.partialUploadType), nil)
            }
            if step.offset == 0, step.count == state.length {
                // The request builder checks the path again; it must still be this file.
                guard checked.pathStillNamesCheckedFile else { throw checked.replaced() }
                return (.file(file, contentType: UploadResume.partialUploadType), nil)
            }
            let (file, directory) = (checked, client.configuration.temporaryDirectory)
            let copy = try await offCooperativePool { isCancelled in
                try UploadRangeCopy.copy(
                    of: file, from: step.offset, count: step.count, into: directory, isCancelled: isCancelled)
            }
            return (.file(copy, contentType: UploadResume.partialUploadType), copy)
        }
    }
}

/// The bytes of a resumable upload's step that is not the whole file, copied to a temporary file.
enum UploadRangeCopy {
    /// Copies `count` bytes of `file` from `offset` into a new `0600` file in `directory`, a
    /// megabyte at a time (never the whole file in memory); the path must still name the
    /// checked file. Stops with `CancellationError` (the copy removed) at the first chunk
    /// after `isCancelled` turns `true`.
    static func copy(
        of file: CheckedUploadFile, from offset: Int64, count: Int64, into directory: URL,
        isCancelled: @Sendable () -> Bool = { false }
    ) throws
        -> URL
    {
        let target = directory.appendingPathComponent("keel-upload-\(UUID().uuidString)")
        let output = try create(target, in: directory)
        defer { try? output.close() }
        do {
            try file.withOpenFile { descriptor in
                let input = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
                try input.seek(toOffset: UInt64(offset))
                var remaining = count
                while remaining > 0 {
                    if isCancelled() { throw CancellationError() }
                    guard let chunk = try input.read(upToCount: Int(min(remaining, 1 << 20))),
                        !chunk.isEmpty
                    else { throw CocoaError(.fileReadCorruptFile) }
                    try output.write(contentsOf: chunk)
                    remaining -= Int64(chunk.count)
                }
            }
        } catch let error as APIError {
            try? FileManager.default.removeItem(at: target)
            throw error
        } catch let cancelled as CancellationError {
            try? FileManager.default.removeItem(at: target)
            throw cancelled
        } catch {
            try? FileManager.default.removeItem(at: target)
            throw APIError.invalidRequest(
                field: "body.file",
                reason:
                    "'\(file.url.path)' could not be read from byte \(offset) for \(count) bytes: \(error)"
            )
        }
        return target
    }

    /// A new `0600` file at `target`, open for writing: created exclusively and never through
    /// a link (`O_EXCL | O_NOFOLLOW`), as every other temporary file of the package, and
    /// written through the descriptor that created it, so nothing swapped in at the path
    /// between the creation and the writes receives the bytes.
    static func create(_ target: URL, in directory: URL) throws -> FileHandle {
        let descriptor = open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw APIError.invalidRequest(
                field: "temporaryDirectory",
                reason: "'\(directory.path)' does not take a temporary file: \(POSIXFiles.errorText())")
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}
