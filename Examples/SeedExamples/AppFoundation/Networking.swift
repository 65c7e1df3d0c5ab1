// swift-format-ignore-file
// AppFoundation README › 网络请求示例, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import Foundation
    import KeelNetworking

    enum SeedNetworking {
        /// The app's model the example decodes.
        fileprivate struct Profile: Decodable, Sendable {
            let name: String
        }

        // seed begin: af-endpoint
        struct ProfileEndpoint: APIEndpoint {
            let path = "/user/profile"
            let method: HTTPMethod = .get
        }
        // seed end

        fileprivate static func example() async throws {
            // seed begin: af-endpoint
            let client = APIClient(baseURL: URL(string: "https://api.example.com")!)
            let profile: Profile = try await client.request(ProfileEndpoint())
            // seed end
            _ = profile
        }

        // seed begin: af-endpoint-post
        struct LoginEndpoint: APIEndpoint {
            let path = "/user/login"
            let method: HTTPMethod = .post
            let body: Data?
        }
        // seed end
    }
#endif
