import Testing

@testable import KeelImages

@Suite("Image display state")
struct ImageDisplayStateTests {
    @Test("Only visible changes redraw: placeholder → image → image → placeholder")
    func redrawsOnlyOnChange() {
        var state = ImageDisplayState()
        var redraws = 0
        #expect(state.showsPlaceholder && state.placeholderOpacity == 1)
        state.display(nil, transition: .none) { redraws += 1 }
        #expect(redraws == 0 && state.revision == 0)
        state.display(.labelled("a"), transition: .fadeIn(duration: .milliseconds(200))) { redraws += 1 }
        #expect(redraws == 1 && state.revision == 1 && state.placeholderOpacity == 0)
        #expect(state.transition == .fadeIn(duration: .milliseconds(200)))
        state.display(.labelled("b"), transition: .none) { redraws += 1 }
        #expect(redraws == 2 && state.image?.label == "b" && state.transition == .none)
        state.display(nil, transition: .none) { redraws += 1 }
        #expect(redraws == 3 && state.showsPlaceholder)
        state.display(nil, transition: .none) { redraws += 1 }
        #expect(redraws == 3 && state.revision == 3)
    }
}
