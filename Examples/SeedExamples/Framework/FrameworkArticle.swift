// swift-format-ignore-file
// The framework article ("How to build a Swift framework (2)",
// Tests/SeedDocuments/swift-framework-article.md): its code as it reads with Keel's imports
// plus `import KeelCompat`: its three usage examples are its text as written (its untyped
// `Dictionary?` overrides resolve to KeelCompat's `Plugin.Dictionary`, since Swift has no
// `Dictionary` without generic arguments), its top-level test statements inside functions. Its permission functions (`hasAccessTo…`, `requestAccessTo…`) were
// dropped by the article itself for PermissionScope; their status type is shown. Each use is
// a deprecation warning naming Keel's API (KeelApp's Migration article maps every name).
#if canImport(UIKit)
    import KeelApp
    import KeelCompat
    import KeelLogging
    import KeelPermissions
    import UIKit

    /// On the main actor, as the article's `ViewController.viewDidLoad()` ran this code.
    @MainActor
    enum SeedFrameworkArticle {
        static func modeAndLogger() {
            // The article's lines 94–102, as written:
            // seed begin: fw-mode-logger
            ModeSwitcher.currentMode = .develope
            print(ModeSwitcher.currentMode)

            Logger.level = .warning

            ILog(.all, "Hello world! Current Mode is \(Logger.level)")
            ILog(.debug, "Hello world! Current Mode is \(Logger.level)")
            ILog(.warning, "Hello world! Current Mode is \(Logger.level)")
            ILog(.information, "Hello world! Current Mode is \(Logger.level)")
            // seed end
        }

        // The article's status cases (its `hasAccessTo…()` functions returned them).
        static func describe(_ access: kPermissionAccess) -> String {
            switch access {
            case .granted: return "用户同意"
            case .denied: return "用户拒绝"
            case .restricted: return "系统设置拉黑等错误"
            case .unsupported: return "设备不支持"
            case .missingFramework: return "开发者没有导入相应的库"
            case .notDetermined: return "用户没选"
            default: return "未知错误"
            }
        }

        // The article's lines 508–549, as written.
        // seed begin: fw-plugin
        class NetworkPlugin: Plugin {
          override func serviceStarted() {
            ILog(.debug, "Network service started")
          }

          override func serviceStopped() {
            ILog(.debug, "Network service stopped")
          }

          override func pluginScheme() -> String! {
            return "Network"
          }

          override func dataflowMapping() ->Dictionary? {
            let mapping: [String: INSDataFlowHandler] = [
              "getData": {
                ILog(.warning, "receive call \($0)")
                return "Custom data"
              },
              "supportMethod": {
                ILog(.warning, "receive call \($0)")
                return [
                  "GET",
                  "POST",
                  "PUT",
                  "DELETE"
                  ]
              }
            ]
            return mapping
          }

          override func classMapping() -> Dictionary? {
            let mapping: [String: AnyClass] = [
              "vc1": UIViewController.self,
              "vc2": NSObject.self
            ]
            return mapping
          }

          static let `default` = NetworkPlugin()
          }
        // seed end

        static func moduleCenter() {
            // The article's lines 553–564, as written:
            // seed begin: fw-module-center
            ModeSwitcher.currentMode = .develope
            Logger.level = .all

            let sharedNetwork = NetworkPlugin.default
            sharedNetwork.registePlugin()

            ILog(.information, ModuleCenter.send(to: "Network://getData", and: "Hello World"))
            ILog(.information, ModuleCenter.send(to: "Network://supportMethod", and: "Hello World", "Hello real world!", ["a": "b"]))
            ILog(.information, ModuleCenter.class(for: "Network://vc1"))
            ILog(.information, ModuleCenter.class(for: "Network://vc2"))

            sharedNetwork.deRegistePlugin()
            // seed end
        }
    }
#endif
