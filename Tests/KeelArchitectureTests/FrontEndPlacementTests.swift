import Foundation
import Testing

/// The SwiftUI alert places every element from the shared resolver (issue 34, item 3): its
/// card, content and text input are `KeelAlertFramesLayout`s over the resolved frames, not
/// stacks, and it reads resolved alignments, never the configuration's alignment rules.
/// (`AlertFrontEndParityTests` in KeelRenderTests checks the frames themselves.)
@Suite struct FrontEndPlacementTests {
    static func swiftUIAlertSources() throws -> [(path: String, text: String)] {
        try SourceTree.sources(of: "KeelSwiftUI").filter { $0.path.contains("/Overlays/KeelAlert") }
    }

    @Test("the SwiftUI alert stacks nothing itself")
    func noStacksPlaceAlertElements() throws {
        let files = try Self.swiftUIAlertSources()
        try #require(files.count >= 3, "the SwiftUI alert's sources were not found")
        for file in files {
            for stack in ["VStack", "HStack", "LazyVStack", "Grid(", "Spacer("] {
                #expect(!file.text.contains(stack), "\(file.path) places with \(stack)")
            }
            #expect(!file.text.contains("AlertTextAlignment"), "\(file.path) decides an alignment itself")
        }
    }

    @Test("every part the resolver places is placed by the SwiftUI alert through the frames layout")
    func everyPartIsPlacedFromTheResolver() throws {
        let text = try Self.swiftUIAlertSources().map(\.text).joined(separator: "\n")
        #expect(text.contains("AlertLayout.resolveForMirroringFrontEnd("))
        #expect(text.contains("result.placedFrame(of: subview[KeelAlertPartKey.self])"))
        let parts = try Self.alertCardParts()
        try #require(parts.count >= 15, "AlertCardPart's cases were not read")
        for part in parts {
            #expect(
                text.contains("value: .\(part)"),
                "the SwiftUI alert does not place AlertCardPart.\(part) from the resolver")
        }
        let uikit = try SourceTree.sources(of: "KeelUIKit").first {
            $0.path.hasSuffix("KeelAlertViewController.swift")
        }
        let uikitText = try #require(uikit).text
        #expect(uikitText.contains("AlertLayout.resolve("))
        for part in parts
        where !["dimming", "textInputField", "textInputCounter", "customContent"].contains(part) {
            #expect(
                uikitText.contains("placedFrame(of: .\(part)"),
                "the UIKit alert does not place AlertCardPart.\(part) through placedFrame(of:)")
        }
    }

    /// The case names of `AlertCardPart`, read from its source.
    static func alertCardParts() throws -> [String] {
        let file = try #require(
            try SourceTree.sources(of: "KeelComponents").first {
                $0.path.hasSuffix("Alert/AlertCardPart.swift")
            })
        let body = file.text.components(separatedBy: "package static let").first ?? ""
        return body.components(separatedBy: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("case ") else { return nil }
            return String(trimmed.dropFirst(5).prefix { $0.isLetter })
        }
    }
}

/// The SwiftUI badge, chips and banner place every part from the shared layouts (issue 38):
/// no stacks, every part at a resolved frame.
@Suite struct EverydayComponentPlacementTests {
    @Test("the SwiftUI badge, chips and banner stack nothing and place from the headless layouts")
    func swiftUIPlacesFromTheLayouts() throws {
        let swiftUINames = ["KeelBadgeModifier.swift", "KeelChips.swift", "KeelBannerView.swift"]
        let files = try SourceTree.sources(of: "KeelSwiftUI").filter { file in
            swiftUINames.contains { file.path.hasSuffix("/\($0)") }
        }
        try #require(files.count == 3, "the SwiftUI badge, chip and banner sources were not found")
        for file in files {
            for stack in ["VStack", "HStack", "Grid(", "Spacer("] {
                #expect(!file.text.contains(stack), "\(file.path) places with \(stack)")
            }
        }
        let text = files.map(\.text).joined(separator: "\n")
        #expect(text.contains("layout.frame(onHost:"))
        #expect(text.contains("layout.placedTouchFrame(of: subview[ChipPartKey.self])"))
        #expect(text.contains("ChipGroupLayout("))
        for part in [
            "iconFrame", "displayedTitleFrame", "messageFrame", "actionFrame(at:", "displayedCloseTouchFrame",
        ] {
            #expect(text.contains("result.\(part)"), "the SwiftUI banner does not place \(part)")
        }
        let uikitNames = ["KeelBadge.swift", "KeelChip.swift", "KeelChipGroup.swift", "KeelBanner.swift"]
        let uikit = try SourceTree.sources(of: "KeelUIKit").filter { file in
            uikitNames.contains { file.path.hasSuffix("/\($0)") }
        }
        try #require(uikit.count == 4, "the UIKit badge, chip and banner sources were not found")
        let uikitText = uikit.map(\.text).joined(separator: "\n")
        for call in [
            "frame(onHost:", "placedFrame(of: .removeButton)", "ChipGroupLayout(", "layout.messageFrame",
        ] {
            #expect(uikitText.contains(call), "the UIKit views do not place with \(call)")
        }
    }
}
