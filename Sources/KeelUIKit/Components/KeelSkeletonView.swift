#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelUIKitBinding
    import UIKit

    /// The design system's skeleton placeholder: the shapes of content still loading (lines of
    /// text with a shorter last line, avatar circles, image rectangles), laid out from a
    /// `SkeletonSpec` by `SkeletonLayout` (KeelLayout's flex engine) and repeated for a feed,
    /// with a shimmer that crosses it from the leading edge (none under Reduce Motion).
    ///
    /// ```swift
    /// let placeholder = KeelSkeletonView(spec: .listRow, count: 8)
    /// ```
    ///
    /// VoiceOver hears one element, "Loading"; the shapes are hidden from it.
    @MainActor
    public final class KeelSkeletonView: KeelThemedView, KeelFrameClockOwner {
        /// The shape of one repetition.
        public var spec: SkeletonSpec {
            didSet { contentDidChange() }
        }
        /// How many times the spec repeats, one below the other.
        public var count: Int {
            didSet { contentDidChange() }
        }
        /// The accessibility strings: `KeelAccessibility.strings` as it was when the view was made.
        package var accessibilityStrings: AccessibilityStrings = KeelAccessibility.strings {
            didSet { contentDidChange() }
        }

        /// The appearance currently drawn.
        package private(set) var appearance: SkeletonAppearance
        private var theme: SkeletonTheme
        private let shapesLayer = CAShapeLayer()
        private let shimmerHost = CALayer()
        private let shimmerMask = CAShapeLayer()
        private let shimmerLayer = CAGradientLayer()
        private lazy var clock = KeelFrameClock(owner: self)
        private var time = 0.0

        /// A skeleton of `spec`, repeated `count` times.
        public init(spec: SkeletonSpec, count: Int = 1) {
            self.spec = spec
            self.count = count
            let theme = SkeletonTheme(resolver: KeelThemeContext.global.resolver())
            self.theme = theme
            appearance = SkeletonAppearance(theme: theme)
            super.init(frame: .zero)
            setUp()
        }

        /// A list-row skeleton from a storyboard or nib.
        required init?(coder: NSCoder) {
            spec = .listRow
            count = 1
            let theme = SkeletonTheme(resolver: KeelThemeContext.global.resolver())
            self.theme = theme
            appearance = SkeletonAppearance(theme: theme)
            super.init(coder: coder)
            setUp()
        }

        private func setUp() {
            isUserInteractionEnabled = false
            isAccessibilityElement = true
            layer.addSublayer(shapesLayer)
            layer.addSublayer(shimmerHost)
            shimmerHost.mask = shimmerMask
            shimmerHost.addSublayer(shimmerLayer)
            shimmerLayer.startPoint = CGPoint(x: 0, y: 0.5)
            shimmerLayer.endPoint = CGPoint(x: 1, y: 0.5)
            themeBinding = ThemeBinding(view: self) { [weak self] resolver in
                self?.theme = SkeletonTheme(resolver: resolver)
                self?.contentDidChange()
            }
            contentDidChange()
        }

        private func contentDidChange() {
            appearance = SkeletonAppearance(theme: theme)
            shapesLayer.fillColor = appearance.fill.cgColor
            shimmerLayer.colors = appearance.shimmerColors.map(\.cgColor)
            shimmerHost.opacity = Float(appearance.shimmerOpacity)
            let description = appearance.accessibility(strings: accessibilityStrings)
            accessibilityLabel = description.label
            accessibilityTraits = description.uiAccessibilityTraits
            clock.update(moves: appearance.shimmers, isOnScreen: window != nil)
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }

        private var currentLayout: SkeletonLayout {
            SkeletonLayout(spec: spec, theme: theme, width: Double(bounds.width), count: count)
        }

        func frameClockTicked(_ time: Double) {
            self.time = time
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            shimmerLayer.frame = CGRect(
                keel: appearance.displayedShimmerFrame(in: bounds.size.keelSize, at: time))
            CATransaction.commit()
        }

        override public func layoutSubviews() {
            super.layoutSubviews()
            let path = UIBezierPath()
            for shape in currentLayout.shapes {
                path.append(
                    UIBezierPath(
                        roundedRect: CGRect(keel: shape.frame), cornerRadius: CGFloat(shape.cornerRadius)))
            }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            shapesLayer.frame = bounds
            shapesLayer.path = path.cgPath
            shimmerHost.frame = bounds
            shimmerMask.frame = bounds
            shimmerMask.path = path.cgPath
            shimmerLayer.frame = CGRect(
                keel: appearance.displayedShimmerFrame(in: bounds.size.keelSize, at: time))
            CATransaction.commit()
        }

        override public var intrinsicContentSize: CGSize {
            CGSize(width: UIView.noIntrinsicMetric, height: currentLayout.size.height)
        }

        override public func sizeThatFits(_ size: CGSize) -> CGSize {
            CGSize(
                keel: SkeletonLayout(spec: spec, theme: theme, width: Double(size.width), count: count).size)
        }

        override func windowDidChange() {
            clock.update(moves: appearance.shimmers, isOnScreen: window != nil)
        }
    }
#endif
