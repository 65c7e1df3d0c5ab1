import KeelSupport

/// The kind of cell that shows an item — an identifier apps extend with their own kinds
/// (`extension CellKind { static let product = CellKind(rawValue: "product") }`) and map to cell
/// classes in the UIKit layer.
///
/// It encodes as its bare name (a `String`-backed `RawRepresentable`).
public struct CellKind: StringIdentifier, Codable, ExpressibleByStringLiteral {
    /// The kind's name.
    public var rawValue: String

    /// Creates a kind from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A title (``BasicCellViewModel``).
    public static let basic: CellKind = "basic"
    /// A title above a smaller detail (``BasicCellViewModel``).
    public static let subtitle: CellKind = "subtitle"
    /// A detail label left of the title (``BasicCellViewModel``).
    public static let leftDetail: CellKind = "leftDetail"
    /// A title with a detail on the right (``BasicCellViewModel``).
    public static let rightDetail: CellKind = "rightDetail"
    /// A title, optional subtitle and a switch (``ToggleCellViewModel``).
    public static let toggle: CellKind = "toggle"
    /// A title, subtitle and a switch (``ToggleCellViewModel``).
    public static let toggleWithSubtitle: CellKind = "toggleWithSubtitle"
    /// A slider (``SliderCellViewModel``).
    public static let slider: CellKind = "slider"
    /// A slider with its labels (``SliderCellViewModel``'s left, centre and right texts).
    public static let sliderWithLabels: CellKind = "sliderWithLabels"
    /// A single-line text field (``TextFieldCellViewModel``).
    public static let textField: CellKind = "textField"
    /// A multi-line text view (``TextViewCellViewModel``).
    public static let textView: CellKind = "textView"
    /// A button (``ButtonCellViewModel``).
    public static let button: CellKind = "button"
    /// An activity indicator (``SpinnerCellViewModel``).
    public static let spinner: CellKind = "spinner"

    /// The stock kinds, one per ``StockCellStyle``.
    package static let stock: [CellKind] = StockCellStyle.allCases.map(\.kind)
}
