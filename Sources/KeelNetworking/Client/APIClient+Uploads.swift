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
        let upload = Upload(client: self, endpoint: endpoint, file: file, state: state)
        let requestURL = try await upload.requestURL()
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
                    return try await upload.append(to: url, from: offset, progress: progress)
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
        let created = try await execute(upload.creation(contentType: contentType), progress: nil)
        let uploadURL = try UploadResume.uploadURL(
            location: created.response.value(forHTTPHeaderField: "Location"), requestURL: requestURL
        ).get()
        return try await upload.append(to: uploadURL, from: 0, progress: progress)
    }

    /// One file upload's requests.
    private struct Upload<Response: Sendable>: Sendable {
        let client: APIClient
        let endpoint: Endpoint<Response>
        let file: URL
        let state: UploadResume.FileState

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

        func resumeData(uploadURL: URL?) -> UploadResumeData {
            UploadResumeData(
                uploadURL: uploadURL, file: file, length: state.length,
                modificationDate: state.modificationDate)
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
            if !headers.keys.contains(where: { $0.caseInsensitiveCompare("Content-Type") == .orderedSame }) {
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

        /// Sends the file from `offset` to its end with `PATCH`, completing the upload; returns
        /// the decoded answer of the processed upload.
        func append(
            to url: URL, from offset: Int64, progress: @escaping @Sendable (TransferProgress) -> Void
        ) async throws -> Response {
            let length = state.length
            progress(TransferProgress(direction: .upload, completedBytes: offset, totalBytes: length))
            var tail: URL?
            defer { if let tail { try? FileManager.default.removeItem(at: tail) } }
            let body: RequestBody
            if offset == 0 {
                body = .file(file, contentType: UploadResume.partialUploadType)
            } else if offset == length {
                body = .data(Data(), contentType: UploadResume.partialUploadType)
            } else {
                let (file, directory) = (self.file, client.configuration.temporaryDirectory)
                let copy = try await offCooperativePool {
                    try Self.copyTail(of: file, from: offset, into: directory)
                }
                tail = copy
                body = .file(copy, contentType: UploadResume.partialUploadType)
            }
            let patch = Endpoint<Response>(
                .patch, target: .url(url),
                headers: headers.merging(UploadResume.appendHeaders(offset: offset)) { $1 },
                body: body, decoder: endpoint.decoder, acceptableStatusCodes: endpoint.acceptableStatusCodes,
                timeout: endpoint.timeout, isIdempotent: false, interceptors: endpoint.interceptors,
                cachePolicy: .networkOnly, decoding: endpoint.decoding)
            let counted: @Sendable (TransferProgress) -> Void = { step in
                guard step.direction == .upload else { return progress(step) }
                progress(
                    TransferProgress(
                        direction: .upload, completedBytes: min(length, offset + step.completedBytes),
                        totalBytes: length))
            }
            do {
                return try await client.execute(patch, progress: counted).value
            } catch  where UploadResume.isInterruption(error, appending: true) {
                throw UploadFailure.interrupted(resume: resumeData(uploadURL: url), underlying: error)
            }
        }

        /// Copies `file` from `offset` to its end into a new `0600` file in `directory`, a
        /// megabyte at a time (never the whole file in memory).
        static func copyTail(of file: URL, from offset: Int64, into directory: URL) throws -> URL {
            let target = directory.appendingPathComponent("keel-upload-\(UUID().uuidString)")
            guard
                FileManager.default.createFile(
                    atPath: target.path, contents: nil, attributes: [.posixPermissions: 0o600])
            else {
                throw APIError.invalidRequest(
                    field: "temporaryDirectory", reason: "'\(directory.path)' does not take a temporary file")
            }
            do {
                let input = try FileHandle(forReadingFrom: file)
                defer { try? input.close() }
                let output = try FileHandle(forWritingTo: target)
                defer { try? output.close() }
                try input.seek(toOffset: UInt64(offset))
                while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                    try output.write(contentsOf: chunk)
                }
            } catch {
                try? FileManager.default.removeItem(at: target)
                throw APIError.invalidRequest(
                    field: "body.file",
                    reason: "'\(file.path)' could not be read from byte \(offset): \(error)")
            }
            return target
        }
    }
}
