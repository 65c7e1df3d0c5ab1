import KeelDesign

/// Why a catalogue could not be listed.
package enum GalleryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `--only` named no known component.
    case unknownComponent(String, known: [String])
    /// Two cases share an identifier (a provider bug).
    case duplicateCase(String)
    /// The output folder exists and is not a gallery written by Keel, so it is not replaced.
    case outputNotAGallery(String)
    /// Writing the output failed.
    case writeFailed(path: String, reason: String)

    /// A one-line explanation.
    package var description: String {
        switch self {
        case .unknownComponent(let name, let known):
            "unknown component '\(name)' (known: \(known.joined(separator: ", ")))"
        case .duplicateCase(let id): "two cases are named '\(id)'"
        case .outputNotAGallery(let path):
            "'\(path)' exists and is not a gallery written by keel; choose another --output or remove it"
        case .writeFailed(let path, let reason): "cannot write '\(path)': \(reason)"
        }
    }
}

/// The whole catalogue: the themes to draw and the providers of every component's cases.
package struct GalleryCatalogue: Sendable {
    /// The themes every provider draws its cases in.
    package var themes: [KeelTheme]
    /// The providers, in the order their sections appear.
    package var providers: [any GalleryCaseProvider]

    /// The providers of the standard catalogue.
    package static let standardProviders: [any GalleryCaseProvider] = [
        ColorSwatchProvider(),
        TypographyProvider(),
        ScaleProvider(),
        MotionProvider(),
        IconProvider(),
        TextProvider(),
        LayoutProvider(),
        ButtonCaseProvider(),
        ToggleCaseProvider(),
        CheckboxCaseProvider(),
        IconButtonCaseProvider(),
        BadgeCaseProvider(),
        ChipCaseProvider(),
        BannerCaseProvider(),
        AlertCaseProvider(),
        BottomSheetCaseProvider(),
        SpaceTransitionCaseProvider(),
        SegmentedCaseProvider(),
        ProgressCaseProvider(),
        SkeletonCaseProvider(),
        TextFieldCaseProvider(),
        SnackbarCaseProvider(),
    ]

    /// A catalogue; by default the default and blue themes and the standard providers.
    package init(
        themes: [KeelTheme] = [.default, .blue], providers: [any GalleryCaseProvider] = standardProviders
    ) {
        self.themes = themes
        self.providers = providers
    }

    /// The component names, in order.
    package var components: [String] { providers.map(\.component) }

    /// Every case, or only those of `component`; throws ``GalleryError`` for an unknown
    /// component or duplicate identifiers.
    package func cases(only component: String? = nil) throws -> [GalleryCase] {
        var selected = providers
        if let component {
            selected = providers.filter { $0.component == component }
            guard !selected.isEmpty else { throw GalleryError.unknownComponent(component, known: components) }
        }
        let cases = selected.flatMap { $0.cases(themes: themes) }
        var seen: Set<String> = []
        for item in cases where !seen.insert(item.id).inserted { throw GalleryError.duplicateCase(item.id) }
        return cases
    }

    /// The section title of a component.
    package func title(of component: String) -> String {
        providers.first { $0.component == component }?.title ?? component
    }
}
