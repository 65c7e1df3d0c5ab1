import KeelComponents
import KeelDesign
import Testing

/// The decisions behind the R12 front-end parity fixes: values SwiftUI now binds where UIKit
/// already applied them.
struct R12FrontEndParityTests {
    /// R12 finding 3: UIKit hides an icon-only button's title label (`ButtonLayout.titleIsHidden`);
    /// SwiftUI kept drawing its label at a 0 × 0 proposal. `titleOpacity` is the same decision
    /// as an opacity, for every placement, with or without an icon, resting or loading.
    @Test("the title's opacity is 0 exactly when the layout hides the title")
    func titleOpacityFollowsTheLayout() {
        let placements: [ButtonIconPlacement] = [.leading, .trailing, .top, .bottom, .only]
        for placement in placements {
            for icon in [ButtonIcon(), nil] {
                for state in [ButtonState(), .loading, .disabled] {
                    for title in ["Share", ""] {
                        let appearance = ButtonBindingTests.appearance(state: state)
                        let content = ButtonContent(title: title, icon: icon, iconPlacement: placement)
                        let layout = ButtonBindingTests.layout(
                            appearance, bounds: Size(width: 200, height: 48), content: content)
                        #expect(
                            appearance.titleOpacity(for: content) == (layout.titleIsHidden ? 0 : 1),
                            "\(placement) \(String(describing: icon)) \(state) '\(title)'")
                    }
                }
            }
        }
        let iconOnly = ButtonContent(title: "label", icon: ButtonIcon(), iconPlacement: .only)
        #expect(ButtonBindingTests.appearance().titleOpacity(for: iconOnly) == 0)
        #expect(iconOnly.isIconOnly && iconOnly.largeContent("share") == "share")
        let titled = ButtonContent(title: "label", icon: ButtonIcon(), iconPlacement: .leading)
        #expect(ButtonBindingTests.appearance().titleOpacity(for: titled) == 1)
        #expect(titled.largeContent("share") == nil)
    }
}

/// R12 finding 2: SwiftUI set every resolved font on its natural line height (body: about
/// 16.7 pt) in frames measured on the theme's (22 pt), so a three-line message was ≈50 pt
/// tall in a 66 pt frame. `TextLineSpacing` is the extra room SwiftUI now adds.
struct TextLineSpacingTests {
    func font(lineHeight: Double?) -> FontDescriptor {
        FontDescriptor(
            style: FontStyle(size: 14, lineHeight: lineHeight), category: .large, boldText: false)
    }

    @Test("the extra room between lines and above the first one")
    func extra() {
        let body = TextLineSpacing(font: font(lineHeight: 22), naturalLineHeight: 16.75)
        #expect(body.extra == 5.25)
        // Three lines: 3 × 16.75 + 3 × 5.25 = 66, the measured frame.
        #expect(3 * 16.75 + 3 * body.extra == 3 * 22)
        #expect(TextLineSpacing(font: font(lineHeight: nil), naturalLineHeight: 16.75).extra == 0)
        #expect(TextLineSpacing(font: font(lineHeight: 12), naturalLineHeight: 16.75).extra == 0)
        #expect(TextLineSpacing(font: font(lineHeight: 22), naturalLineHeight: .nan).extra == 0)
        #expect(TextLineSpacing(font: font(lineHeight: 22), naturalLineHeight: -.infinity).extra == 0)
        #expect(TextLineSpacing(font: font(lineHeight: 22), naturalLineHeight: nil).extra == 0)
    }
}

/// R12 finding 4: SwiftUI's alert and own sheet removed their host `motion.duration` after
/// the fade-out started — ignoring the motion's delay, and waiting even when the machine
/// asked for no animation. They now wait `MotionPlan.settleTime`.
struct MotionSettleTimeTests {
    static func motion(duration: Double, delay: Double, reduceMotion: Bool = false) -> ResolvedMotion {
        ResolvedMotion(
            style: MotionStyle(
                duration: duration, curve: .linear, delay: delay, reducedMotion: .crossFade(duration: 0.2)),
            reduceMotion: reduceMotion)
    }

    @Test("the settle time is the delay plus the duration, nothing when not animated")
    func settleTime() {
        let delayed = Self.motion(duration: 0.25, delay: 0.125)
        #expect(delayed.plan(animated: true).settleTime == 0.375)
        #expect(delayed.plan(animated: false).settleTime == 0)
        // Reduce Motion: the theme's 0.2 s cross-fade, no delay.
        #expect(
            Self.motion(duration: 0.25, delay: 0.5, reduceMotion: true).plan(animated: true).settleTime == 0.2
        )
        #expect(Self.motion(duration: 0, delay: 0.5).plan(animated: true).settleTime == 0)
        #expect(Self.motion(duration: 0.3, delay: .nan).plan(animated: true).settleTime == 0.3)
    }
}

/// R12 finding 6: a tap on the SwiftUI alert checkbox's title toggled the binding directly,
/// which the checkbox saw as `setValue` (no haptic); UIKit sends the title tap to the
/// checkbox. `ConfirmableSelection.titleTap` is the box's own tap.
struct CheckboxTitleTapTests {
    @Test("a title tap is the box's tap: the change and its selection haptic, nothing when disabled")
    func titleTap() {
        let effects = ConfirmableSelection.titleTap(value: false, isEnabled: true)
        #expect(effects.contains(.valueChanged(true)))
        #expect(effects.compactMap(HapticEvent.selection) == [.selectionChanged])
        var box = ConfirmableSelection(value: false)
        #expect(effects == box.send(.tap(hasRequestHandler: false)).effects)
        #expect(ConfirmableSelection.titleTap(value: true, isEnabled: true).contains(.valueChanged(false)))
        #expect(ConfirmableSelection.titleTap(value: false, isEnabled: false).isEmpty)
        // The old path: the binding set from outside is silent.
        var silent = ConfirmableSelection(value: false)
        #expect(silent.send(.setValue(true)).effects.compactMap(HapticEvent.selection).isEmpty)
    }
}
