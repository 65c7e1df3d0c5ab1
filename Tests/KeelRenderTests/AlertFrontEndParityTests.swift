import KeelComponents
import KeelDesign
import KeelGeometry
import KeelTestSupport
import Testing

@testable import KeelRender

/// Both front ends place every alert element from the same resolver. KeelUIKit applies
/// `AlertLayoutResult.placedFrame(of:)` of `AlertLayout.resolve` for the traits' direction;
/// KeelSwiftUI places the same parts from `AlertLayout.resolveForMirroringFrontEnd` (laid out
/// left to right) and lets SwiftUI's `Layout` mirror right-to-left containers. For every
/// gallery alert under every theme and trait, both directions, the SwiftUI placements —
/// mirrored where SwiftUI mirrors — equal the UIKit ones, part by part.
@Suite(.enabled(if: TestFonts.available, TestFonts.reason), .onOwnThread)
struct AlertFrontEndParityTests {
    /// What SwiftUI draws for `part`: the mirroring front end's frame, mirrored in its
    /// container in a right-to-left layout.
    static func swiftUIFrame(
        _ part: AlertCardPart, in result: AlertLayoutResult, direction: TextDirection
    ) -> Rect? {
        guard let frame = result.frame(of: part) else { return nil }
        guard direction == .rightToLeft else { return frame }
        return frame.mirrored(inWidth: result.containerSize(of: part).width)
    }

    static func parts(of result: AlertLayoutResult) -> [AlertCardPart] {
        AlertCardPart.containerParts + AlertCardPart.cardParts + result.contentParts
            + AlertCardPart.textInputParts
    }

    /// Every gallery alert under both themes and every standard trait set: its input and the
    /// gallery context it was made in.
    static func forEachGalleryAlert(_ body: (_ name: String, AlertLayoutInput, GalleryContext) -> Void) {
        for theme in [KeelTheme.default, .blue] {
            for traits in GalleryTraits.standard {
                let context = GalleryContext(theme: theme, traits: traits, measurer: TestFonts.measurer)
                for sample in AlertCaseProvider.samples {
                    body(
                        "\(sample.name) \(traits)", AlertCaseProvider.input(sample, context: context), context
                    )
                }
            }
        }
    }

    @Test("every gallery alert: SwiftUI's placement of every part equals UIKit's")
    func everyGalleryAlertPlacesTheSame() {
        var compared = 0
        var rightToLeft = 0
        for theme in [KeelTheme.default, .blue] {
            for traits in GalleryTraits.standard {
                let context = GalleryContext(theme: theme, traits: traits, measurer: TestFonts.measurer)
                for sample in AlertCaseProvider.samples {
                    let input = AlertCaseProvider.input(sample, context: context)
                    let uikit = AlertLayout.resolve(input, measurer: context.measurer)
                    let swiftUI = AlertLayout.resolveForMirroringFrontEnd(input, measurer: context.measurer)
                    #expect(Self.parts(of: uikit) == Self.parts(of: swiftUI), "\(sample.name)")
                    for part in Self.parts(of: uikit) {
                        let expected = uikit.frame(of: part)
                        let drawn = Self.swiftUIFrame(part, in: swiftUI, direction: input.direction)
                        #expect(
                            drawn.map(Self.rounded) == expected.map(Self.rounded),
                            "\(sample.name) \(traits) \(part)")
                        compared += 1
                    }
                    // Alignments and the action axis are the resolver's in both.
                    #expect(uikit.title.alignment == swiftUI.title.alignment, "\(sample.name)")
                    #expect(uikit.message.alignment == swiftUI.message.alignment, "\(sample.name)")
                    #expect(uikit.actionAxis == swiftUI.actionAxis, "\(sample.name)")
                    if input.direction == .rightToLeft { rightToLeft += 1 }
                }
            }
        }
        #expect(compared > 500)
        #expect(rightToLeft > 0, "no right-to-left case was compared")
    }

    /// The SwiftUI binding's pure part for an action: the size its button takes when offered
    /// the resolved frame (`ButtonLayout.size`, filling, as `KeelButtonStyle` does under
    /// `keelButtonFillsFrame`). It used to be the intrinsic size, so a stacked "OK" was a
    /// narrow pill where UIKit's button fills the card's width.
    @Test("every gallery alert: each SwiftUI action button takes exactly its resolved frame")
    func actionButtonsFillTheirFrames() {
        var compared = 0
        var intrinsicDiffers = 0
        Self.forEachGalleryAlert { name, input, context in
            let result = AlertLayout.resolveForMirroringFrontEnd(input, measurer: context.measurer)
            for (action, frame) in zip(input.configuration.actions, result.actions) {
                let appearance = ButtonAppearance(
                    theme: input.buttonTheme, style: frame.style, size: frame.size,
                    state: frame.state,
                    borderColorOverride: frame.borderOverride)
                let content = ButtonContent(title: action.title)
                let size = ButtonLayout.size(
                    content: content, appearance: appearance, measurer: context.measurer,
                    proposedWidth: frame.frame.width, proposedHeight: frame.frame.height,
                    fillsFrame: true, fillsWidth: false)
                #expect(size == frame.frame.size, "\(name) \(action.id)")
                let intrinsic = ButtonLayout.intrinsicSize(
                    content: content, appearance: appearance, measurer: context.measurer,
                    width: frame.frame.width)
                if abs(intrinsic.width - frame.frame.width) > 0.5
                    || abs(intrinsic.height - frame.frame.height) > 0.5
                {
                    intrinsicDiffers += 1
                }
                compared += 1
            }
        }
        #expect(compared > 50)
        #expect(
            intrinsicDiffers > 0,
            "no case where the natural size differs: the check would not catch a regression")
    }

    @Test("the gallery's two-action alert sits side by side, and adaptive text aligns by line count")
    func theDivergenceIsGone() throws {
        let context = GalleryContext(theme: .default, traits: .light, measurer: TestFonts.measurer)
        let sample = try #require(AlertCaseProvider.samples.first { $0.name == "two-actions" })
        let result = AlertLayout.resolveForMirroringFrontEnd(
            AlertCaseProvider.input(sample, context: context), measurer: context.measurer)
        #expect(result.actionAxis == .horizontal)
        let frames = result.actions.map(\.frame)
        try #require(frames.count == 2)
        #expect(frames[0].y == frames[1].y)
        #expect(frames[0].maxX <= frames[1].x)
        // A one-line adaptive title is centred; a message that wraps is natural.
        #expect(result.title.alignment == .center)
        let long = try #require(AlertCaseProvider.samples.first { $0.name == "title-message" })
        let wrapped = AlertLayout.resolveForMirroringFrontEnd(
            AlertCaseProvider.input(long, context: context), measurer: context.measurer)
        #expect(wrapped.message.alignment == .natural)
    }

    /// With a docked keyboard, UIKit's alert gives the resolver the whole container and the
    /// keyboard's overlap (`KeyboardGeometry.dockedOverlap` of the keyboard's frame), so the
    /// free space above the keyboard is split by the theme's ratio (¾ above). The SwiftUI
    /// alert used SwiftUI's keyboard avoidance instead: a container cut off at the keyboard's
    /// top and no overlap, so its card was centred above the keyboard — lower than UIKit's.
    /// It now feeds the same overlap from the same function into the same input.
    @Test("every gallery alert over a docked keyboard: SwiftUI places the card where UIKit does")
    func keyboardPlacementMatches() {
        var compared = 0
        var avoidanceDiffered = 0
        Self.forEachGalleryAlert { name, input, context in
            guard input.keyboardOverlap > 0 else { return }
            let container = Rect(size: input.container)
            let keyboard = Rect(
                x: 0, y: container.height - input.keyboardOverlap, width: container.width,
                height: input.keyboardOverlap)
            // Both front ends: the keyboard's frame in the container, while the alert's input
            // holds the first responder.
            let overlap = KeyboardGeometry.dockedOverlap(
                keyboardFrame: keyboard, containerFrame: container, containsFirstResponder: true)
            var shared = input
            shared.keyboardOverlap = overlap
            let uikit = AlertLayout.resolve(shared, measurer: context.measurer)
            let swiftUI = AlertLayout.resolveForMirroringFrontEnd(shared, measurer: context.measurer)
            for part in [AlertCardPart.dimming, .card] {
                #expect(
                    Self.swiftUIFrame(part, in: swiftUI, direction: input.direction).map(Self.rounded)
                        == uikit.frame(of: part).map(Self.rounded), "\(name) \(part)")
            }
            #expect(uikit.keyboardOverlap == input.keyboardOverlap, "\(name)")
            // What SwiftUI's keyboard avoidance handed the resolver before.
            var avoided = input
            avoided.container.height = keyboard.y
            avoided.keyboardOverlap = 0
            let before = AlertLayout.resolveForMirroringFrontEnd(avoided, measurer: context.measurer)
            if before.card.y.rounded() != uikit.card.y.rounded() { avoidanceDiffered += 1 }
            compared += 1
        }
        #expect(compared > 0, "no gallery alert has a docked keyboard")
        #expect(
            avoidanceDiffered > 0, "keyboard avoidance placed every card as UIKit does: the check is moot")
    }

    /// Frames compared to a thousandth of a point (mirroring subtracts).
    static func rounded(_ rect: Rect) -> [Double] {
        [rect.x, rect.y, rect.width, rect.height].map { ($0 * 1000).rounded() / 1000 }
    }
}
