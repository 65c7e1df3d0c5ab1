import KeelDesign

/// Produces the gallery cases of one component (or one aspect of the design system).
///
/// Adding a component to the gallery is adding one type conforming to this protocol, in one
/// file under `Providers/`, and listing it in ``GalleryCatalogue/standardProviders``.
package protocol GalleryCaseProvider: Sendable {
    /// The component's name in the catalogue and in `--only` (`button`, `colors`).
    var component: String { get }
    /// The section heading in the index (`Button`).
    var title: String { get }
    /// The cases for the given themes.
    func cases(themes: [KeelTheme]) -> [GalleryCase]
}

extension GalleryCaseProvider {
    /// A case of this provider's component.
    package func makeCase(
        _ name: String, label: String, theme: KeelTheme, traits: GalleryTraits,
        draw: @escaping @Sendable (GalleryContext) -> GalleryCanvas
    ) -> GalleryCase {
        GalleryCase(component: component, name: name, label: label, theme: theme, traits: traits, draw: draw)
    }
}
