import Testing

/// The segmented control's and the progress indicators' front ends place every part from the
/// headless layouts: the SwiftUI files stack nothing, and both front ends call the same
/// placement functions.
@Suite struct SegmentedAndProgressPlacementTests {
    static func sources(_ module: String, _ names: [String]) throws -> [(path: String, text: String)] {
        let files = try SourceTree.sources(of: module).filter { file in
            names.contains { file.path.hasSuffix("/\($0)") }
        }
        try #require(files.count == names.count, "\(module): \(names) were not all found")
        return files
    }

    @Test(
        "the segmented control: SwiftUI stacks nothing; both place every part with placedFrame(of:selectedIndex:)"
    )
    func segmented() throws {
        let swiftUI = try Self.sources("KeelSwiftUI", ["KeelSegmentedPicker.swift"])
        for file in swiftUI {
            for stack in ["VStack", "HStack", "ZStack", "Grid(", "Spacer("] {
                #expect(!file.text.contains(stack), "\(file.path) places with \(stack)")
            }
            #expect(file.text.contains("result.placedFrame("))
            #expect(file.text.contains("of: subview[SegmentedPartKey.self], selectedIndex: selectedIndex)"))
            // Scrolls to the reveal part (segment plus neighbour margin), not the segment.
            #expect(file.text.contains(".layoutValue(key: SegmentedPartKey.self, value: .reveal(index))"))
            #expect(file.text.contains(".onAppear { reader.scrollTo(selected) }"))
        }
        let uikit = try Self.sources("KeelUIKit", ["KeelSegmentedControl.swift"])
        for file in uikit {
            for part in [".track", ".indicator", ".segment(index)", ".title(index)", ".badge(index)"] {
                #expect(
                    file.text.contains("layout.placedFrame(of: \(part), selectedIndex: selected)"),
                    "the UIKit control does not place \(part)")
            }
            #expect(file.text.contains("layout.scrollOffset(revealing: selected"))
        }
    }

    @Test("progress and skeletons: SwiftUI stacks nothing; both draw the headless shapes")
    func progress() throws {
        let swiftUI = try Self.sources("KeelSwiftUI", ["KeelProgress.swift"])
        let uikit = try Self.sources("KeelUIKit", ["KeelProgressView.swift", "KeelSkeletonView.swift"])
        for file in swiftUI {
            for stack in ["VStack", "HStack", "ZStack", "Grid(", "Spacer("] {
                #expect(!file.text.contains(stack), "\(file.path) places with \(stack)")
            }
        }
        for text in [swiftUI.map(\.text).joined(), uikit.map(\.text).joined()] {
            for call in [
                "layout.trackShape(appearance: appearance)", "layout.indicatorShape(appearance: appearance)",
                "for shape in layout.shapes", "SkeletonLayout(",
            ] {
                #expect(
                    text.contains(call)
                        || text.contains(call.replacingOccurrences(of: "layout.", with: "currentLayout.")),
                    "\(call)")
            }
        }
    }
}
