// `import KeelUIKit` makes usable every module its public signatures expose: the views take
// KeelDesign's themes and colours, KeelComponents' models, KeelGeometry's values and
// KeelLayout's trees.
@_exported import KeelComponents
@_exported import KeelDesign
@_exported import KeelGeometry
@_exported import KeelLayout
