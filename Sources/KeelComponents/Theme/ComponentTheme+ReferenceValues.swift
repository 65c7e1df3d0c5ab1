import KeelDesign

extension ComponentTheme {
    /// A component's reference values written with string keys (`"info.background"`), as each
    /// component's theme declares them.
    package init(referenceValues values: [String: ComponentValue]) {
        self.init(
            Dictionary(uniqueKeysWithValues: values.map { (ComponentValueKey(rawValue: $0.key), $0.value) }))
    }
}
