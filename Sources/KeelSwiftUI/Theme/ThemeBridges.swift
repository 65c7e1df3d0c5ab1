#if canImport(SwiftUI)
    import KeelDesign
    import SwiftUI
    #if canImport(UIKit)
        import KeelUIKitBinding
        import UIKit
    #endif

    extension Color {
        /// The SwiftUI colour of a resolved Keel colour (sRGB).
        public init(keel color: KeelDesign.ColorValue) {
            self.init(.sRGB, red: color.red, green: color.green, blue: color.blue, opacity: color.alpha)
        }

        /// The colour of `token` in `resolver` (a view's resolver: `@KeelThemed var theme`).
        public init(keel token: ColorToken, in resolver: KeelThemeResolver) {
            self.init(keel: resolver.color(token))
        }
    }

    extension Font.Weight {
        /// The SwiftUI weight of a named system weight.
        package init(keel weight: SystemFontWeight) {
            switch weight {
            case .ultraLight: self = .ultraLight
            case .thin: self = .thin
            case .light: self = .light
            case .regular: self = .regular
            case .medium: self = .medium
            case .semibold: self = .semibold
            case .bold: self = .bold
            case .heavy: self = .heavy
            case .black: self = .black
            }
        }
    }

    extension Font {
        /// The font of a resolved descriptor: the first installed family candidate, else the
        /// system font, at the resolved (already Dynamic Type-scaled) size and weight — the
        /// very font KeelUIKit draws and both front ends measure with.
        public static func keel(_ descriptor: FontDescriptor) -> Font {
            #if canImport(UIKit)
                Font(UIFont.keelResolved(descriptor) as CTFont)
            #else
                guard let name = descriptor.preferredPostScriptName else {
                    return .system(
                        size: CGFloat(descriptor.size), weight: Font.Weight(keel: descriptor.systemWeight))
                }
                return .custom(name, fixedSize: CGFloat(descriptor.size))
            #endif
        }
    }

    extension Animation {
        /// The SwiftUI animation of resolved motion: `nil` for an instant change (Reduce Motion,
        /// or a duration that is not a positive number), a linear fade for a cross-fade, else the
        /// token's curve after its delay — `ResolvedMotion.plan`, the decision UIKit's animation
        /// helper runs too (this used to re-derive it without the plan's guards, so a theme's
        /// negative or non-finite delay reached SwiftUI).
        public static func keel(_ motion: ResolvedMotion) -> Animation? {
            keel(motion.plan(animated: true))
        }

        /// The SwiftUI animation that runs `plan`: `nil` when it is immediate.
        static func keel(_ plan: MotionPlan) -> Animation? {
            switch plan {
            case .immediate: nil
            case .crossFade(let duration): .linear(duration: duration)
            case .animate(.spring(let spring), _, let delay): .keel(spring).delay(delay)
            case .animate(.cubic(let x1, let y1, let x2, let y2), let duration, let delay):
                .timingCurve(x1, y1, x2, y2, duration: duration).delay(delay)
            }
        }

        /// A spring with the theme's physics (it keeps its own duration).
        private static func keel(_ spring: Spring) -> Animation {
            .interpolatingSpring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
        }
    }

    /// Sets the font, tracking and colour of text from tokens, resolved for the view's traits.
    struct KeelFontModifier: ViewModifier {
        let token: KeelFontToken
        @KeelThemed private var theme

        func body(content: Content) -> some View {
            let descriptor = theme.font(token)
            content.font(.keel(descriptor)).tracking(CGFloat(descriptor.tracking))
        }
    }

    /// Animates changes of `value` with a motion token, resolved for the view's Reduce Motion.
    struct KeelAnimationModifier<Value: Equatable>: ViewModifier {
        let token: MotionToken
        let value: Value
        @KeelThemed private var theme

        func body(content: Content) -> some View {
            content.animation(.keel(theme.motion(token)), value: value)
        }
    }

    /// Sets a colour token as the foreground or background, resolved for the view's traits.
    struct KeelColorModifier: ViewModifier {
        enum Role {
            case foreground
            case background
        }
        let token: ColorToken
        let role: Role
        @KeelThemed private var theme

        func body(content: Content) -> some View {
            switch role {
            case .foreground: content.foregroundColor(Color(keel: token, in: theme))
            case .background: content.background(Color(keel: token, in: theme))
            }
        }
    }

    extension View {
        /// The theme's font for `token` (size after Dynamic Type, weight after Bold Text,
        /// tracking), for the view's traits: `Text("Hello").keelFont(.body)`.
        public func keelFont(_ token: KeelFontToken) -> some View {
            modifier(KeelFontModifier(token: token))
        }

        /// Animates changes of `value` with the theme's motion for `token`; under Reduce
        /// Motion it becomes the token's replacement (a cross-fade or no animation).
        public func keelAnimation<Value: Equatable>(_ token: MotionToken, value: Value) -> some View {
            modifier(KeelAnimationModifier(token: token, value: value))
        }

        /// The theme's colour for `token` as the foreground colour.
        public func keelForegroundColor(_ token: ColorToken) -> some View {
            modifier(KeelColorModifier(token: token, role: .foreground))
        }

        /// The theme's colour for `token` as the background.
        public func keelBackground(_ token: ColorToken) -> some View {
            modifier(KeelColorModifier(token: token, role: .background))
        }
    }
#endif
