// KeelDTCG reads token files into KeelDesign's themes, and its public API speaks in them
// (`KeelTheme`, `ColorValue`): importing KeelDTCG makes them usable.
@_exported import KeelDesign
