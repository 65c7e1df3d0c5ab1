// swift-format-ignore-file
// AppFoundation README › 常用能力示例 › 网络状态, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelNetworking

    enum SeedNetworkStatus {
        static func example() -> NetworkMonitor {
            // seed begin: af-network-monitor
            let networkMonitor = NetworkMonitor()

            networkMonitor.onStatusChange = { status in
                print("网络状态：\(status)")
            }

            networkMonitor.start()
            // 不再需要时调用 networkMonitor.stop()
            // seed end
            return networkMonitor
        }
    }
#endif
