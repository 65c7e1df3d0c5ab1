#if canImport(SwiftUI)
    import KeelApp
    import SwiftUI

    /// Runs an `AppBootstrapper` from a SwiftUI `App`: the launch view while the start-up
    /// tasks run, the content once they succeed, the failure view (given the report text of
    /// `BootstrapPhase`) when a required task fails.
    ///
    /// ```swift
    /// @main struct ShopApp: App {
    ///     let bootstrapper = AppBootstrapper(tasks: [DatabaseTask(), FeedTask()])
    ///     var body: some Scene {
    ///         WindowGroup {
    ///             KeelBootstrapView(bootstrapper) { RootView() } launch: { LaunchView() }
    ///         }
    ///     }
    /// }
    /// ```
    public struct KeelBootstrapView<Content: View, Launch: View, Failure: View>: View {
        private let bootstrapper: AppBootstrapper
        private let content: () -> Content
        private let launch: Launch
        private let failure: (String) -> Failure
        @State private var phase = BootstrapPhase.running

        /// Runs `bootstrapper` while `launch` shows, then shows `content`, or `failure` with
        /// the report text.
        public init(
            _ bootstrapper: AppBootstrapper, @ViewBuilder content: @escaping () -> Content,
            @ViewBuilder launch: () -> Launch, @ViewBuilder failure: @escaping (String) -> Failure
        ) {
            self.bootstrapper = bootstrapper
            self.content = content
            self.launch = launch()
            self.failure = failure
        }

        /// The phase's view.
        public var body: some View {
            phaseView.task { phase = await BootstrapPhase.run(bootstrapper) }
        }

        @ViewBuilder
        private var phaseView: some View {
            switch phase {
            case .running: launch
            case .ready: content()
            case .failed: failure(phase.failureText)
            }
        }
    }

    extension KeelBootstrapView where Failure == KeelBootstrapFailureView {
        /// Runs `bootstrapper` while `launch` shows, then shows `content`, or the standard
        /// failure report.
        public init(
            _ bootstrapper: AppBootstrapper, @ViewBuilder content: @escaping () -> Content,
            @ViewBuilder launch: () -> Launch
        ) {
            self.init(bootstrapper, content: content, launch: launch) { KeelBootstrapFailureView(report: $0) }
        }
    }

    /// The standard start-up failure screen: the report text, scrollable and selectable.
    public struct KeelBootstrapFailureView: View {
        /// The report text (`BootstrapPhase.failureText`).
        package let report: String

        /// A failure screen for `report`.
        public init(report: String) {
            self.report = report
        }

        /// The report.
        public var body: some View {
            ScrollView {
                Text(report)
                    .font(.system(.footnote, design: .monospaced))
                    .textSelection(.enabled)
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .padding()
            }
        }
    }
#endif
