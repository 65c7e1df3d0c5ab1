// Live and large transfers as an app writes them: a streamed answer, a stream of events, a
// WebSocket, a download that resumes and one that goes on in the background. Type-checked for
// iOS as app code (public API only).
#if canImport(UIKit)
    import Foundation
    import KeelNetworking

    /// One token of a streamed answer (newline-delimited JSON).
    struct AnswerToken: Decodable, Sendable {
        let text: String
    }

    /// The live features of an app: each call goes through the client's interceptors.
    struct LiveData {
        let client: APIClient

        /// A long answer, shown as its tokens arrive.
        func answer(_ show: @Sendable (String) -> Void) async throws {
            let streamed = try await client.bytes(
                for: Endpoint<Data>(.post, target: .path("answers"), decoding: .data))
            guard streamed.response.statusCode == 200 else { return }
            for try await token in streamed.body.jsonLines(of: AnswerToken.self) { show(token.text) }
        }

        /// Live scores until the server says there are no more (204).
        func scores(_ show: @Sendable (ServerSentEvent) -> Void) async {
            do {
                for try await event in client.events(
                    for: Endpoint<Data>(.get, target: .path("scores"), decoding: .data))
                {
                    show(event)
                }
            } catch EventStreamEnd.reconnectBudgetExhausted(let attempts) {
                print("scores offline after \(attempts) attempts")
            } catch {
                print("scores ended: \(error)")
            }
        }

        /// A chat socket: say hello, then print what arrives until the server closes.
        func chat() async throws {
            let socket = client.webSocket(for: Endpoint<Data>(.get, target: .path("chat"), decoding: .data))
            try await socket.send(.text("hello"))
            do {
                for try await message in socket.messages {
                    if case .text(let text) = message { print(text) }
                }
            } catch WebSocketEnd.closedByServer(let code, let reason) {
                print("closed by the server: \(code) \(reason)")
            }
        }

        /// A document downloaded to `file`, resumed from what an earlier attempt kept.
        func document(to file: URL, resume: DownloadResumeData?) async throws -> DownloadResumeData? {
            let endpoint = Endpoint<Data>(.get, target: .path("documents/42"), decoding: .data)
            do {
                try await client.download(endpoint, to: file, resume: resume) { step in
                    print("downloaded \(Int((step.fractionCompleted ?? 0) * 100)) %")
                }
                return nil
            } catch DownloadFailure.interrupted(let kept, _) {
                return kept  // Codable: store it and resume later
            }
        }

        /// A video that keeps downloading while the app is in the background.
        func video(with downloads: BackgroundDownloads) async throws {
            try await client.backgroundDownload(
                Endpoint<Data>(.get, target: .path("videos/7"), decoding: .data), with: downloads)
        }
    }
#endif
