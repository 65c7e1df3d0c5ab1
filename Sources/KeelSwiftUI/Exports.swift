// KeelSwiftUI re-exports the headless modules its views bind, so `import KeelSwiftUI` is
// enough for an app screen.
@_exported import KeelComponents
@_exported import KeelDesign
@_exported import KeelLayout
