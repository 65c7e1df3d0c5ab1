// `import KeelUIKitControllers` brings the design-system components (KeelUIKit, with what it
// re-exports) and KeelLists, whose snapshots, data sources and loaders the controllers take.
@_exported import KeelLists
@_exported import KeelUIKit
