#if canImport(SwiftUI)
    import KeelComponents
    import KeelDesign
    import SwiftUI
    #if canImport(UIKit)
        // The iOS 16.4 SDK declares the notification constants as mutable globals, which Swift 6
        // rejects by reference; only the announcement reads one.
        @preconcurrency import UIKit
    #endif

    /// The design system's progress indicator, the same `ProgressAppearance` and
    /// `ProgressLayout` as KeelUIKit's `KeelProgressView`: a bar or a ring, determinate or
    /// indeterminate (a sweep or a spinner, a pulse under Reduce Motion), drawn at the
    /// display's time.
    ///
    /// ```swift
    /// KeelProgress(value: .determinate(upload.fraction), label: "Uploading photo")
    /// KeelProgress(style: .circular)  // a spinner
    /// ```
    ///
    /// VoiceOver reads "Uploading photo, 42%" (or "In progress") and hears each quarter and the
    /// completion announced.
    public struct KeelProgress: View {
        @KeelThemed private var theme
        @Environment(\.keelAccessibilityStrings) private var strings
        @State private var announcer: ProgressAnnouncement?
        /// The value.
        let value: ProgressValue
        /// A bar or a ring.
        let style: ProgressStyle
        /// What VoiceOver calls it.
        let label: String?

        /// An indicator (indeterminate unless given a value).
        public init(
            style: ProgressStyle = .linear, value: ProgressValue = .indeterminate, label: String? = nil
        ) {
            self.style = style
            self.value = value
            self.label = label
        }

        /// The indicator.
        public var body: some View {
            let progressTheme = ProgressTheme(resolver: theme)
            let appearance = ProgressAppearance(theme: progressTheme, style: style, value: value)
            let description = appearance.accessibility(label: label, strings: strings)
            TimelineView(.animation(minimumInterval: nil, paused: appearance.isStatic)) { context in
                let time = context.date.timeIntervalSinceReferenceDate
                KeelProgressShape(appearance: appearance, time: time, part: .track)
                    .fill(Color(keel: appearance.trackFillColor))
                    .overlay(
                        KeelProgressShape(appearance: appearance, time: time, part: .track)
                            .stroke(
                                Color(keel: appearance.trackStrokeColor),
                                lineWidth: CGFloat(appearance.strokeWidth))
                    )
                    .overlay(
                        KeelProgressShape(appearance: appearance, time: time, part: .indicator)
                            .fill(Color(keel: appearance.indicatorFillColor))
                            .overlay(
                                KeelProgressShape(appearance: appearance, time: time, part: .indicator)
                                    .stroke(
                                        Color(keel: appearance.indicatorStrokeColor),
                                        style: StrokeStyle(
                                            lineWidth: CGFloat(appearance.strokeWidth), lineCap: .round))
                            )
                            .opacity(
                                ProgressLayout(appearance: appearance, width: 0, time: time).indicatorOpacity)
                    )
            }
            .frame(
                minWidth: CGFloat(appearance.minimumWidth), maxWidth: CGFloat(appearance.maximumWidth),
                minHeight: CGFloat(appearance.height), maxHeight: CGFloat(appearance.height)
            )
            .accessibilityElement()
            .accessibilityLabel(Text(description.label ?? ""))
            .accessibilityValue(Text(description.value ?? ""))
            .accessibilityAddTraits(.updatesFrequently)
            .onAppear {
                // Seeded with the shown value, as UIKit's view is: the first step the value then
                // passes is announced (an unseeded machine swallowed it as its starting point).
                var machine = ProgressAnnouncement(step: progressTheme.announcementStep)
                _ = machine.send(value)
                announcer = machine
            }
            .onChange(of: value) { newValue in announce(newValue) }
        }

        private func announce(_ newValue: ProgressValue) {
            guard var machine = announcer else { return }
            let effects = machine.send(newValue).effects
            announcer = machine
            for effect in effects {
                #if canImport(UIKit)
                    UIAccessibility.post(
                        notification: .announcement,
                        argument: ProgressAnnouncement.text(effect, strings: strings))
                #endif
            }
        }
    }

    /// A progress indicator's track or filled part at one moment, from `ProgressLayout` in the
    /// shape's rectangle. SwiftUI does not mirror a shape's path, so the layout is the
    /// appearance's own (physical, right to left mirrored), as UIKit draws it.
    struct KeelProgressShape: Shape {
        enum Part {
            case track
            case indicator
        }

        let appearance: ProgressAppearance
        let time: Double
        let part: Part

        func path(in rect: CGRect) -> Path {
            let layout = ProgressLayout(appearance: appearance, width: Double(rect.width), time: time)
            switch part {
            case .track: return Self.path(layout.trackShape(appearance: appearance))
            case .indicator: return Self.path(layout.indicatorShape(appearance: appearance))
            }
        }

        private static func path(_ shape: ProgressShape) -> Path {
            switch shape {
            case .bar(let rect, let radius):
                Path(roundedRect: CGRect(keel: rect), cornerRadius: CGFloat(radius))
            case .arc(let center, let radius, let start, let end):
                Path { path in
                    // SwiftUI's `clockwise` reads the flipped, y-down space: `false` draws
                    // clockwise on screen, as UIKit's `clockwise: true` does.
                    path.addArc(
                        center: CGPoint(keel: center), radius: CGFloat(radius), startAngle: .radians(start),
                        endAngle: .radians(end), clockwise: false)
                }
            }
        }
    }

    /// The design system's skeleton placeholder, the same `SkeletonLayout` as KeelUIKit's
    /// `KeelSkeletonView`: the shapes of content still loading, repeated `count` times, with a
    /// shimmer from the leading edge (none under Reduce Motion). VoiceOver hears "Loading".
    ///
    /// ```swift
    /// if posts.isLoading { KeelSkeleton(.listRow, count: 8) }
    /// ```
    public struct KeelSkeleton: View {
        @KeelThemed private var theme
        @Environment(\.keelAccessibilityStrings) private var strings
        /// The shape of one repetition.
        let spec: SkeletonSpec
        /// How many times it repeats.
        let count: Int

        /// A skeleton of `spec`, repeated `count` times.
        public init(_ spec: SkeletonSpec, count: Int = 1) {
            self.spec = spec
            self.count = count
        }

        /// The skeleton.
        public var body: some View {
            let skeletonTheme = SkeletonTheme(resolver: theme)
            let appearance = SkeletonAppearance(theme: skeletonTheme)
            let description = appearance.accessibility(strings: strings)
            SkeletonSizingLayout(spec: spec, theme: skeletonTheme, count: count) {
                GeometryReader { proxy in
                    let layout = SkeletonLayout(
                        spec: spec, theme: skeletonTheme, width: Double(proxy.size.width), count: count)
                    TimelineView(.animation(minimumInterval: nil, paused: appearance.isStill)) { context in
                        let band = appearance.shimmerUnitRange(
                            in: proxy.size.keelSize, at: context.date.timeIntervalSinceReferenceDate)
                        KeelSkeletonShapes(layout: layout)
                            .fill(
                                LinearGradient(
                                    colors: appearance.shimmerColors.map { Color(keel: $0) },
                                    startPoint: UnitPoint(x: band.start, y: 0.5),
                                    endPoint: UnitPoint(x: band.end, y: 0.5)))
                    }
                }
            }
            .accessibilityElement()
            .accessibilityLabel(Text(description.label ?? ""))
            .accessibilityAddTraits(.updatesFrequently)
        }
    }

    /// Sizes a skeleton: the width proposed (a phone's when none is), the height its
    /// `SkeletonLayout` takes in that width.
    struct SkeletonSizingLayout: Layout {
        let spec: SkeletonSpec
        let theme: SkeletonTheme
        let count: Int

        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            let width = SkeletonLayout.width(proposed: proposal.width.map(Double.init))
            return CGSize(keel: SkeletonLayout(spec: spec, theme: theme, width: width, count: count).size)
        }

        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ())
        {
            for subview in subviews {
                subview.place(
                    keel: Rect(x: 0, y: 0, width: Double(bounds.width), height: Double(bounds.height)),
                    in: bounds)
            }
        }
    }

    /// Every shape of a skeleton where `SkeletonLayout` puts it. SwiftUI does not mirror a
    /// shape's path, so the frames are the layout's own (physical, right to left mirrored).
    struct KeelSkeletonShapes: Shape {
        let layout: SkeletonLayout

        func path(in rect: CGRect) -> Path {
            var path = Path()
            for shape in layout.shapes {
                path.addRoundedRect(
                    in: CGRect(keel: shape.frame),
                    cornerSize: CGSize(width: shape.cornerRadius, height: shape.cornerRadius))
            }
            return path
        }
    }
#endif
