// The geometry vocabulary (KeelComponents's public API speaks in it) comes with the module, so an
// importer can name `Rect`, `Size`, `Edges` and `TextDirection` without a second import.
@_exported import KeelGeometry
