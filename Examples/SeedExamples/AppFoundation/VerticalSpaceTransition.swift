// swift-format-ignore-file
// AppFoundation README › 纵向空间切换组件 (最小接入, Scene 启动, Feed 关闭按钮, 物理参数), as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelComponents
    import KeelUIKit
    import UIKit

    enum SeedVerticalSpaceTransition {
        // The host app's Home page (the document: "业务页面名称示例，不属于 AppFoundation").
        fileprivate final class SentenceHomeViewController: UIViewController {}

        // seed begin: af-transition-root
        @MainActor
        final class SentenceRootViewController: VerticalSpaceTransitionContainerViewController {

            init() {
                let feedViewController = SentenceFeedViewController()

                super.init(
                    homeViewController: SentenceHomeViewController(),
                    feedViewController: feedViewController,
                    physics: VerticalSpaceTransitionPhysics(
                        resistance: 0.52,
                        threshold: 0.22,
                        velocityThreshold: 900,
                        minimumFlickProgress: 0.08,
                        dampingRatio: 0.88,
                        response: 0.46
                    )
                )

                feedViewController.onClose = { [weak self] in
                    self?.closeFeed(animated: true)
                }
            }

            @available(*, unavailable)
            required init?(coder: NSCoder) {
                fatalError("init(coder:) has not been implemented")
            }
        }
        // seed end

        // The Feed page: the document's close-button example is its declaration.
        // seed begin: af-transition-close
        final class SentenceFeedViewController: UIViewController {
            var onClose: (() -> Void)?

            @objc private func closeButtonTapped() {
                onClose?()
            }
        }
        // seed end

        // The host app's scene delegate, where the document starts the container.
        @MainActor
        fileprivate final class SceneHost {
            var window: UIWindow?

            func scene(_ windowScene: UIWindowScene) {
                // seed begin: af-transition-scene
                let window = UIWindow(windowScene: windowScene)
                window.rootViewController = SentenceRootViewController()
                self.window = window
                window.makeKeyAndVisible()
                // seed end
            }
        }

        @MainActor static func physicsExample() -> VerticalSpaceTransitionPhysics {
            // seed begin: af-transition-physics
            var physics = VerticalSpaceTransitionPhysics()
            physics.resistance = 0.52
            physics.threshold = 0.22
            physics.velocityThreshold = 900
            physics.dampingRatio = 0.88
            physics.response = 0.46
            // seed end
            return physics
        }
    }
#endif
