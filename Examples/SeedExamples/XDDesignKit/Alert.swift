// swift-format-ignore-file
// XDDesignKit README › Alert, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelUIKit
    import UIKit

    enum SeedXDAlert {
        /// The screen that shows the first alert once it is on screen (the example app's
        /// "Seeds" tab).
        @MainActor static func makeScreen() -> UIViewController { CategoryViewController() }

        /// The app's screen that shows the alerts.
        fileprivate final class CategoryViewController: UIViewController {
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                view.backgroundColor = .systemBackground
                deleteCategory()
            }

            func deleteCategory() {
                // seed begin: xd-alert
                XDAlert.show(
                    on: self,
                    title: "确定删除分类吗？",
                    message: "删除分类后，该分类下的背书文档将变成无分类",
                    accessory: .checkbox(title: "同时删除分类下的背书文档"),
                    actions: [
                        .cancel("取消"),
                        .primary("删除") { context in
                            print(context.checkboxIsSelected == true)
                        }
                    ]
                )
                // seed end
            }

            func feedback() {
                KeelAlert.show(
                    on: self,
                    title: "意见反馈",
                    message: nil,
                    // seed begin: xd-alert-text-input
                    accessory: .textInput(
                        placeholder: "请输入反馈内容",
                        maximumLength: 200,
                        layout: .multiline(maximum: .lines(4)),
                        onLimitReached: { limit in
                            print("输入限制：\(limit)")
                        }
                    )

                    // 也可使用 .height(160) 或 .unlimited
                    // seed end
                    , actions: [.cancel("取消"), .primary("提交")]
                )
            }

            func alignment() {
                // seed begin: xd-alert-alignment
                XDAlert.show(
                    on: self,
                    configuration: .init(
                        title: "提示",
                        message: "这是一段需要固定对齐方式的说明文字。",
                        actions: [.primary("知道了")],
                        titleAlignment: .center,
                        messageAlignment: .leading
                    )
                )
                // seed end
            }

            func rename() {
                KeelAlert.show(
                    on: self,
                    title: "重命名试卷",
                    message: nil,
                    // seed begin: xd-alert-character-count
                    accessory: .textInput(
                        placeholder: "请输入试卷名称",
                        maximumLength: 15,
                        showsCharacterCount: true
                    )
                    // seed end
                    , actions: [.cancel("取消"), .primary("确定")]
                )
            }
        }
    }
#endif
