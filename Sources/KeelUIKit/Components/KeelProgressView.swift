#if canImport(UIKit)
    import KeelComponents
    import KeelDesign
    import KeelSupport
    import KeelUIKitBinding
    import UIKit

    /// The design system's progress indicator: a bar or a ring, determinate or indeterminate.
    /// Frames, arcs, the sweep, the spinner's turn and the Reduce Motion pulse come from
    /// `ProgressAppearance` and `ProgressLayout` in KeelComponents at the display's time.
    ///
    /// ```swift
    /// let upload = KeelProgressView(style: .linear, value: .determinate(0))
    /// upload.label = "Uploading photo"
    /// task.onProgress = { upload.value = .determinate($0) }
    /// let spinner = KeelProgressView(style: .circular)  // indeterminate
    /// ```
    ///
    /// VoiceOver reads "Uploading photo, 42%" (or "In progress"), follows the value while
    /// focused, and hears each quarter and the completion announced otherwise.
    @MainActor
    public final class KeelProgressView: KeelThemedView, KeelFrameClockOwner {
        /// The value.
        public var value: ProgressValue {
            didSet { valueDidChange() }
        }
        /// A bar or a ring.
        package let style: ProgressStyle
        /// What VoiceOver calls the indicator ("Progress" when `nil`).
        public var label: String? {
            didSet { updateAppearance() }
        }
        /// The accessibility strings: `KeelAccessibility.strings` as it was when the view was made.
        package var accessibilityStrings: AccessibilityStrings = KeelAccessibility.strings {
            didSet { updateAppearance() }
        }

        /// The appearance currently drawn.
        package private(set) var appearance: ProgressAppearance
        private var theme: ProgressTheme
        private var announcer: ProgressAnnouncement
        private let trackLayer = CAShapeLayer()
        private let indicatorLayer = CAShapeLayer()
        private lazy var clock = KeelFrameClock(owner: self)
        private var time = 0.0

        /// An indicator (indeterminate unless given a value).
        public init(style: ProgressStyle = .linear, value: ProgressValue = .indeterminate) {
            self.value = value
            self.style = style
            let theme = ProgressTheme(resolver: KeelThemeContext.global.resolver())
            self.theme = theme
            appearance = ProgressAppearance(theme: theme, style: style, value: value)
            announcer = ProgressAnnouncement(step: theme.announcementStep)
            super.init(frame: .zero)
            setUp()
        }

        /// An indeterminate bar from a storyboard or nib.
        required init?(coder: NSCoder) {
            value = .indeterminate
            style = .linear
            let theme = ProgressTheme(resolver: KeelThemeContext.global.resolver())
            self.theme = theme
            appearance = ProgressAppearance(theme: theme, style: .linear, value: .indeterminate)
            announcer = ProgressAnnouncement(step: theme.announcementStep)
            super.init(coder: coder)
            setUp()
        }

        private func setUp() {
            isUserInteractionEnabled = false
            isAccessibilityElement = true
            layer.addSublayer(trackLayer)
            layer.addSublayer(indicatorLayer)
            announcer.send(value)
            themeBinding = ThemeBinding(view: self) { [weak self] resolver in
                self?.theme = ProgressTheme(resolver: resolver)
                self?.updateAppearance()
            }
            updateAppearance()
        }

        private func valueDidChange() {
            for effect in announcer.send(value).effects {
                KeelAccessibility.announce(ProgressAnnouncement.text(effect, strings: accessibilityStrings))
            }
            updateAppearance()
        }

        private func updateAppearance() {
            appearance = ProgressAppearance(theme: theme, style: style, value: value)
            trackLayer.fillColor = appearance.trackFillColor.cgColor
            trackLayer.strokeColor = appearance.trackStrokeColor.cgColor
            indicatorLayer.fillColor = appearance.indicatorFillColor.cgColor
            indicatorLayer.strokeColor = appearance.indicatorStrokeColor.cgColor
            trackLayer.lineWidth = CGFloat(appearance.strokeWidth)
            indicatorLayer.lineWidth = CGFloat(appearance.strokeWidth)
            indicatorLayer.lineCap = .round
            let description = appearance.accessibility(label: label, strings: accessibilityStrings)
            accessibilityLabel = description.label
            accessibilityValue = description.value
            accessibilityTraits = description.uiAccessibilityTraits
            clock.update(moves: appearance.isAnimated, isOnScreen: window != nil)
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }

        func frameClockTicked(_ time: Double) {
            self.time = time
            setNeedsLayout()
        }

        override public func layoutSubviews() {
            super.layoutSubviews()
            let layout = ProgressLayout(appearance: appearance, width: Double(bounds.width), time: time)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            trackLayer.frame = bounds
            indicatorLayer.frame = bounds
            trackLayer.path = Self.path(layout.trackShape(appearance: appearance))
            indicatorLayer.path = Self.path(layout.indicatorShape(appearance: appearance))
            indicatorLayer.opacity = Float(layout.indicatorOpacity)
            CATransaction.commit()
        }

        private static func path(_ shape: ProgressShape) -> CGPath {
            switch shape {
            case .bar(let rect, let radius):
                UIBezierPath(roundedRect: CGRect(keel: rect), cornerRadius: CGFloat(radius)).cgPath
            case .arc(let center, let radius, let start, let end):
                UIBezierPath(
                    arcCenter: CGPoint(keel: center), radius: CGFloat(radius), startAngle: CGFloat(start),
                    endAngle: CGFloat(end), clockwise: true
                ).cgPath
            }
        }

        override public var intrinsicContentSize: CGSize {
            CGSize(keel: appearance.intrinsicSize(unknownWidth: Double(UIView.noIntrinsicMetric)))
        }

        override func windowDidChange() {
            time = clock.now
            clock.update(moves: appearance.isAnimated, isOnScreen: window != nil)
        }
    }
#endif
