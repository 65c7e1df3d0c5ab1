import KeelLists
import Testing

/// The numbers both front ends lay the list's background message out with. UIKit's
/// `ListEmptyStateView` spaced message and retry button with a literal 12 and centred an
/// unbounded stack (a long message ran past the edges); SwiftUI's `KeelList` used its own
/// `VStack(spacing: 12)` and `.padding()` (the platform's default inset). Both now read these
/// (`FrontEndPlacementTests.swiftUIClosesTheLastGaps` checks the sources bind them).
@Suite("List chrome: the background message's spacing and inset")
struct ListChromeMessageLayoutTests {
    @Test("the message's spacing and inset are one pair of finite, positive numbers")
    func messageLayout() {
        #expect(ListChrome.messageSpacing == 12)
        #expect(ListChrome.messageInset == 16)
        for value in [ListChrome.messageSpacing, ListChrome.messageInset, ListChrome.visibleFooterHeight] {
            #expect(value.isFinite && value > 0)
        }
    }
}
