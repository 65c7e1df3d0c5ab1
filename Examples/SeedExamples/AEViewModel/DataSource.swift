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

        /// An item carrying the custom view model, as a data source holds it.
        fileprivate struct WhateverItem: Item {
            var identifier = "whatever"
            var viewModel: ViewModel = MyCustomWhatever()
        }
    }
#endif
