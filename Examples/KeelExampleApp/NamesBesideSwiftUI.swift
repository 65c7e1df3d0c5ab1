// Issue 19's collision check, type-checked for iOS by ios-typecheck: SwiftUI, Foundation and
// every Keel library module imported in one file, SwiftUI's names and Keel's renamed types
// both used unqualified. A Keel type named Color, VStack, Spacer, ColorScheme … would make
// this file ambiguous and fail the check. The Keel half below
// compiles on Linux too, where KeelNamingTests runs it.
import Foundation
import KeelApp
import KeelComponents
import KeelDTCG
import KeelDesign
import KeelGeometry
import KeelImages
import KeelLayout
import KeelLists
import KeelLogging
import KeelNetworking
import KeelPermissions
import KeelRouting
import KeelStorage
import KeelSupport
import KeelUIKit
import KeelUIKitControllers
import KeelUIKitImages

/// Every public Keel type renamed so that it cannot be confused with a platform type, used
/// unqualified.
package enum RenamedKeelTypes {
    /// Builds one value of each renamed type and describes them.
    package static func sample() throws -> [String] {
        let color = ColorValue(red: 0.2, green: 0.4, blue: 0.6)
        let parsed = try ColorValue(hex: "#336699")
        let style: InterfaceStyle = .dark
        let size: TextSizeCategory = .extraSmall
        let weight: TextLegibilityWeight = .bold
        let shadow = ShadowValue(offsetY: 2, radius: 4, opacity: 0.2)
        let visibility: LayoutVisibility = .gone
        let stack = VerticalStack(spacing: 8) {
            HorizontalStack { FlexibleSpace() }
            OverlayStack { FlexibleSpace(minimumLength: 4) }
        }
        let variant: ButtonVariant = .primary
        let router = LogRouter(configuration: .development)
        let theme: KeelTheme = .default
        let context = KeelThemeContext()
        let resolver = KeelThemeResolver(theme: theme, traits: ThemeTraits.standard)
        let themeColor = KeelThemeColor("#222222")
        let font: KeelFontToken = .body
        let icon: KeelIconToken = .arrowForward
        let failure: KeelThemeValidationError? = nil
        return [
            "\(color)", "\(parsed)", "\(style)", "\(size)", "\(weight)", "\(shadow)", "\(visibility)",
            "\(stack.spec.children.count)", "\(variant)", "\(router.configuration)",
            "\(context.theme.identifier)", "\(resolver.traits)", "\(themeColor)", "\(font)", "\(icon)",
            "\(String(describing: failure))",
        ]
    }
}

#if canImport(SwiftUI) && canImport(UIKit)
    import SwiftUI

    /// SwiftUI's own names in type position (where a second type of the same name in any
    /// imported module is an ambiguity error), unqualified beside Keel's.
    @MainActor enum SwiftUINamesInTypePosition {
        /// One value of each SwiftUI type whose name Keel once shared.
        static func values() -> [Any] {
            let color: Color = .accentColor
            let scheme: ColorScheme = .dark
            let size: ContentSizeCategory = .large
            let weight: LegibilityWeight = .bold
            let spacer: Spacer = Spacer()
            let column: VStack<Text> = VStack { Text("a") }
            let row: HStack<Text> = HStack { Text("b") }
            let layers: ZStack<Text> = ZStack { Text("c") }
            let insets: EdgeInsets = EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
            let gradient: LinearGradient = LinearGradient(
                colors: [.red, .blue], startPoint: .top, endPoint: .bottom)
            let traits: AccessibilityTraits = .isButton
            let visibility: Visibility = .hidden
            let shadow: ShadowStyle = .drop(radius: 2)
            let font: Font = .body
            let image: Image = Image(systemName: "star")
            let animation: Animation = .default
            return [
                color, scheme, size, weight, spacer, column, row, layers, insets, gradient, traits,
                visibility, shadow, font, image, animation,
            ]
        }

        /// SwiftUI's `ButtonStyle` protocol as a generic constraint.
        static func style<S: ButtonStyle>(_ style: S) -> S { style }
    }

    /// SwiftUI's own names, unqualified beside Keel's.
    struct NamesBesideSwiftUIView: View {
        @Environment(\.colorScheme) private var colorScheme: ColorScheme
        @Environment(\.sizeCategory) private var sizeCategory: ContentSizeCategory
        @Environment(\.legibilityWeight) private var legibilityWeight: LegibilityWeight?

        var body: some View {
            VStack {
                HStack {
                    Spacer()
                    Text("Keel")
                }
                ZStack { Color.accentColor }
                Button("Save") {}.buttonStyle(.borderedProminent)
            }
            .padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
            .background(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom))
            .accessibilityAddTraits(AccessibilityTraits.isButton)
        }
    }
#endif
