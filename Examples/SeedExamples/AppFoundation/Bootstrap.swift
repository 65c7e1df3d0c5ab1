// swift-format-ignore-file
// AppFoundation README › 纵向空间切换组件 › 启动任务示例, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelApp

    enum SeedBootstrap {
        // seed begin: af-bootstrap
        struct AppearanceTask: AppBootstrapTask {
            let identifier = "appearance"

            func run() async throws {
                // 配置 UIKit appearance 或业务主题
            }
        }
        // seed end

        static func example() async throws {
            // seed begin: af-bootstrap
            let bootstrapper = AppBootstrapper(tasks: [AppearanceTask()])
            try await bootstrapper.start()
            // seed end
        }
    }
#endif
