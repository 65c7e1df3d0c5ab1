// swift-format-ignore-file
// AEViewModel README › 用法 › DataSource, as the document writes it.
#if canImport(UIKit)
    import KeelCompat
    import KeelLists

    enum SeedDataSource {
        // seed begin: ae-view-model
        /// ViewModel is whatever you choose it to be, easy like this:
        struct MyCustomWhatever: ViewModel {}
        // seed end

        /// The view model an item carries: in Keel a `CellViewModel` (`Codable`, so a list loads
        /// from JSON), with a name for its JSON `"type"`.
        fileprivate struct MyCustomWhateverModel: CellViewModel {
            static let typeName = "whatever"
        }

        /// An item carrying the custom view model, as a data source holds it.
        fileprivate static let item = BasicItem(identifier: "whatever", viewModel: MyCustomWhateverModel())
    }
#endif
