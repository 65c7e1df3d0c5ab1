// swift-format-ignore-file
// AppFoundation README › 常用能力示例 › 存储, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelStorage

    enum SeedStorage {
        static func example() throws {
            // seed begin: af-storage
            let defaults = UserDefaultsStore()
            try defaults.set(true, forKey: "hasShownGuide")

            let hasShownGuide: Bool? = try defaults.value(
                forKey: "hasShownGuide"
            )

            let keychain = KeychainStore(service: "com.example.app.auth")
            try keychain.save("token-value", forKey: "accessToken")

            let token: String? = try keychain.value(forKey: "accessToken")
            // seed end
            _ = (hasShownGuide, token)
        }
    }
#endif
