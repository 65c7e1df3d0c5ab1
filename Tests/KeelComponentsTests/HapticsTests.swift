import KeelComponents
import Testing

@Suite("Haptics")
struct HapticsTests {
    @Test("the standard palette maps each event; a silent or disabled palette plays nothing")
    func palette() {
        let standard = HapticPalette.standard
        #expect(standard.feedback(for: .selectionChanged) == .selection)
        #expect(standard.feedback(for: .detentChanged) == .impact(.light))
        #expect(standard.feedback(for: .pageChanged) == .impact(.medium))
        #expect(standard.feedback(for: .destructivePrompt) == .notification(.warning))
        for event in HapticEvent.allCases {
            #expect(HapticPalette.silent.feedback(for: event) == nil)
            #expect(HapticPalette(isEnabled: false).feedback(for: event) == nil)
        }
        var custom = HapticPalette()
        custom.feedback[.selectionChanged] = .impact(.rigid)
        custom.feedback[.pageChanged] = nil
        #expect(custom.feedback(for: .selectionChanged) == .impact(.rigid))
        #expect(custom.feedback(for: .pageChanged) == nil)
    }

    @Test("only a value the user changed plays selection feedback")
    func selection() {
        #expect(HapticEvent.selection(.valueChanged(true)) == .selectionChanged)
        #expect(HapticEvent.selection(.changeRequested(true)) == nil)
        #expect(HapticEvent.selection(.settled) == nil)
        #expect(HapticEvent.selection(.setSilently) == nil)
        #expect(HapticEvent.selection(.activated) == nil)
    }

    @Test("a sheet plays when it rests at another detent, not when it springs back")
    func sheet() {
        #expect(HapticEvent.sheetSettled(from: 300, to: 600) == .detentChanged)
        #expect(HapticEvent.sheetSettled(from: 300, to: 300.25) == nil)
        #expect(HapticEvent.sheetSettled(from: nil, to: 300) == nil)
        #expect(HapticEvent.sheetSettled(from: .nan, to: 300) == nil)
    }

    @Test("the space transition plays when a drag lands on Feed")
    func transition() {
        #expect(HapticEvent.transition(from: .settling(target: .feed), to: .feed) == .pageChanged)
        #expect(HapticEvent.transition(from: .settling(target: .home), to: .home) == nil)
        #expect(HapticEvent.transition(from: .closing, to: .home) == nil)
        #expect(HapticEvent.transition(from: .home, to: .dragging(progress: 0)) == nil)
    }

    @Test("an alert offering a destructive action warns; others play nothing")
    func alert() throws {
        let destructive = try AlertConfiguration(
            title: "Delete?", actions: [try AlertAction("Cancel"), .destructive("Delete")])
        let plain = try AlertConfiguration(title: "Saved", actions: [try AlertAction("OK")])
        #expect(HapticEvent.alertPresented(destructive) == .destructivePrompt)
        #expect(HapticEvent.alertPresented(plain) == nil)
    }
}
