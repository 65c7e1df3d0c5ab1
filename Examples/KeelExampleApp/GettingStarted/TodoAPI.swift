// The README's "Getting started in an iOS app" shows the code between `#if` and `#endif`
// verbatim, one level less indented (ReadmeSnippetTests in KeelArchitectureTests compares them).
#if canImport(UIKit)
    import Foundation
    import KeelNetworking

    /// One to-do, as the API sends it.
    struct Todo: Codable, Sendable {
        let id: Int
        let title: String
    }

    /// The app's API: one client, one endpoint per request.
    enum TodoAPI {
        static let client = APIClient(baseURL: URL(string: "https://api.example.com/v1"))
        static let todos = Endpoint<[Todo]>(
            .get, "todos", sampleResponse: .json(#"[{"id": 1, "title": "Add Keel"}]"#))
    }
#endif
