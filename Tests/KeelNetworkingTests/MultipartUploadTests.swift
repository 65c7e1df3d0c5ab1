import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import KeelTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SerialLoopbackTests {
    @Suite("Multipart uploads")
    struct MultipartUploadTests {
        /// One period of the test pattern, repeated: byte `i` is `i % 251`.
        static let patternBlock = Data((0..<251 * 4000).map { UInt8($0 % 251) })

        /// Writes `size` bytes of the pattern.
        static func makePatternFile(size: Int) throws -> URL {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "keel-pattern-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            var written = 0
            while written < size {
                let count = min(patternBlock.count, size - written)
                try handle.write(contentsOf: patternBlock.prefix(count))
                written += count
            }
            return url
        }

        /// Whether `content` is exactly the pattern.
        static func isPattern(_ content: Data) -> Bool {
            var offset = 0
            while offset < content.count {
                let count = min(patternBlock.count, content.count - offset)
                let start = content.index(content.startIndex, offsetBy: offset)
                guard content[start..<start + count] == patternBlock.prefix(count) else { return false }
                offset += count
            }
            return true
        }

        /// Splits a multipart body into (headers, content) pairs.
        static func parts(of body: Data, boundary: String) -> [(headers: String, content: Data)] {
            let delimiter = Data("--\(boundary)".utf8)
            var result: [(String, Data)] = []
            var cursor = body.startIndex
            guard let first = body.range(of: delimiter, in: cursor..<body.endIndex) else { return [] }
            cursor = first.upperBound
            while let next = body.range(of: delimiter, in: cursor..<body.endIndex) {
                let part = body[cursor..<next.lowerBound]  // "\r\n" headers "\r\n\r\n" content "\r\n"
                if let split = part.range(of: Data("\r\n\r\n".utf8)) {
                    let headers = String(decoding: part[part.startIndex..<split.lowerBound], as: UTF8.self)
                    let content = part[split.upperBound..<part.index(part.endIndex, offsetBy: -2)]
                    result.append((headers, Data(content)))
                }
                cursor = next.upperBound
            }
            return result
        }

        @Test("Small forms are encoded in memory; large ones go to a temporary file")
        func thresholds() throws {
            var form = MultipartFormData(boundary: "b")
            form.append("1", name: "a")
            form.append(
                Data([0, 1, 2]), name: "bin", fileName: "x.bin", mimeType: "application/octet-stream")
            let expected =
                "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n"
                + "--b\r\nContent-Disposition: form-data; name=\"bin\"; filename=\"x.bin\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n\u{0}\u{1}\u{2}\r\n--b--\r\n"
            let directory = FileManager.default.temporaryDirectory
            #expect(
                try form.encode(memoryThreshold: 1000, temporaryDirectory: directory)
                    == .data(Data(expected.utf8)))
            guard case .file(let url) = try form.encode(memoryThreshold: 10, temporaryDirectory: directory)
            else {
                Issue.record("expected a file")
                return
            }
            defer { try? FileManager.default.removeItem(at: url) }
            #expect(try Data(contentsOf: url) == Data(expected.utf8))
            #expect(try form.contentLength() == Int64(expected.utf8.count))
            let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "the temporary body is the owner's only")
        }

        @Test("A temporary body never writes through a file or link already at its path")
        func refusesAnExistingPath() throws {
            var form = MultipartFormData(boundary: "b")
            form.append("1", name: "a")
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "keel-mp-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let target = directory.appendingPathComponent("victim")
            try Data("keep".utf8).write(to: target)
            let link = directory.appendingPathComponent("body")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            #expect(throws: APIError.self) { try form.write(to: link) }
            #expect(try Data(contentsOf: target) == Data("keep".utf8))
        }

        @Test("A missing file part fails with invalidRequest naming the part")
        func missingFile() async throws {
            var form = MultipartFormData()
            form.append(fileAt: URL(fileURLWithPath: "/nonexistent/keel.bin"), name: "doc")
            let client = APIClient(
                baseURL: URL(string: "https://api.test")!, transport: StubTransport(),
                allowsInsecureHTTP: true)
            let error = try await #require(throws: APIError.self) {
                try await client.send(Endpoint<Void>(.post, "upload", body: .multipart(form)))
            }
            guard case .invalidRequest(let field, _) = error else {
                Issue.record("expected .invalidRequest, got \(error)")
                return
            }
            #expect(field == "body.multipart[doc]")
        }
    }
}

extension SerialLoopbackTests {
    /// Large uploads: peak memory and progress (run serially with the timing tests).
    @Suite("Large uploads")
    struct LargeUploads {
        @Test("10. Two fields and a 50 MB file arrive intact; peak memory grows by less than 20 MB")
        func fiftyMegabytes() async throws {
            let size = 50 * 1_000_000
            // Blocking file work runs off the cooperative pool so parallel timing tests stay honest.
            let file = try await offPool { try MultipartUploadTests.makePatternFile(size: size) }
            defer { try? FileManager.default.removeItem(at: file) }
            // The upload runs in a helper process with its own loopback server, so its peak
            // memory is the upload's alone, not that of the tests running beside this one.
            let helper = try #require(
                ChildProcess.builtExecutable(named: "KeelNetworkingTestHelper"),
                "KeelNetworkingTestHelper is built beside the tests")
            let bodyFile = FileManager.default.temporaryDirectory.appendingPathComponent(
                "keel-multipart-body-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: bodyFile) }
            let run = try await ChildProcess.run(
                helper, arguments: ["multipart-upload", file.path, "keel-test-boundary", bodyFile.path])
            #expect(run.status == 0, "\(run.standardError)")
            var report: [String: String] = [:]
            for field in run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
                .split(separator: " ", maxSplits: 5)
            {
                let pair = field.split(separator: "=", maxSplits: 1).map(String.init)
                if pair.count == 2 { report[pair[0]] = pair[1] }
            }
            let growth = try #require(report["growth"].flatMap { Int($0) }, "\(run.standardOutput)")
            print("multipart-50MB peak RSS growth: \(growth) bytes")
            #expect(report["reset"] == "true", "could not reset VmHWM; the growth figure is an upper bound")
            // The thread sanitizer's shadow memory inflates every allocation; the budget is
            // checked in the uninstrumented runs.
            if report["tsan"] != "true" {
                #expect(growth < 20 * 1_000_000, "peak RSS grew by \(growth / 1_000_000) MB")
            }

            #expect(report["type"] == "multipart/form-data; boundary=keel-test-boundary")
            #expect(report["length"] != nil && report["length"] == report["expected"])
            let parts = try await offPool {
                MultipartUploadTests.parts(of: try Data(contentsOf: bodyFile), boundary: "keel-test-boundary")
            }
            #expect(parts.count == 3)
            #expect(parts[0].headers.contains(#"name="author""#))
            #expect(parts[0].content == Data("Ada Lovelace".utf8))
            #expect(parts[1].headers.contains(#"name="caption""#))
            #expect(parts[1].content == Data("notes \"quoted\"".utf8))
            #expect(parts[2].headers.contains(#"filename="clip.bin""#))
            let content = parts[2].content
            #expect(content.count == size)
            #expect(try await offPool { MultipartUploadTests.isPattern(content) })
        }

        @Test("11. A 3 MB upload reports monotonically increasing progress ending at 1.0")
        func uploadProgress() async throws {
            let fixture = try LoopbackFixture()
            fixture.server.route("POST", "/api/blob") { request in
                .json(#"{"id":\#(request.bodyLength),"name":"blob"}"#)
            }
            let payload = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0) })
            let transfer = fixture.client.transfer(
                Endpoint<User>(
                    .post, "blob", body: .data(payload, contentType: "application/octet-stream")))
            var fractions: [Double] = []
            for await step in transfer.progress where step.direction == .upload {
                fractions.append(step.fractionCompleted ?? -1)
            }
            let reply = try await transfer.value
            #expect(reply.id == 3_000_000)
            #expect(fractions.count >= 2, "\(fractions)")
            #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $0 < $1 }, "\(fractions)")
            #expect(fractions.last == 1.0)
        }
    }
}
