import KeelLists
import Testing

/// The stock cell values the UIKit cells only assign: colours, alignment, controls,
/// accessories, disclosure, highlight, spinner.
@Suite struct StockCellBindingTests {
    static func presentation(_ viewModel: (any CellViewModel)?, child: ListDataSource? = nil)
        -> StockCellPresentation
    {
        StockCellPresentation(item: ListItem(id: "x", viewModel: viewModel, child: child))
    }

    static let child = ListDataSource(items: [ListItem(id: "c")])

    /// View model → text colour, alignment, control kind, accessories, disclosure, highlight.
    static let rows:
        [(
            String, (any CellViewModel & Sendable)?, Bool, StockCellPresentation.TextColor,
            StockCellPresentation.TextAlignment, StockCellPresentation.ControlKind?,
            [StockCellPresentation.Accessory], StockCellPresentation.Disclosure,
            StockCellPresentation.SelectionHighlight
        )] = [
            ("plain", BasicCellViewModel(title: "A"), false, .standard, .natural, nil, [], .none, .none),
            (
                "drill-down", BasicCellViewModel(title: "A"), true, .standard, .natural, nil,
                [.disclosureIndicator],
                .indicator, .standard
            ),
            ("button", ButtonCellViewModel(title: "Go"), false, .tint, .center, nil, [], .none, .standard),
            (
                "destructive", ButtonCellViewModel(title: "Delete", isDestructive: true), false, .destructive,
                .center, nil, [], .none, .standard
            ),
            (
                "disabled", ButtonCellViewModel(title: "Go", isEnabled: false), false, .tint, .center, nil,
                [],
                .none, .none
            ),
            (
                "toggle", ToggleCellViewModel(title: "T", isOn: true), false, .standard, .natural, .toggle,
                [.control(.toggle)], .none, .none
            ),
            (
                "toggle drill-down", ToggleCellViewModel(title: "T", isOn: true), true, .standard, .natural,
                .toggle, [.control(.toggle), .disclosureIndicator], .indicator, .standard
            ),
            (
                "slider", SliderCellViewModel(value: 0.5), false, .standard, .natural, .slider,
                [.control(.slider)],
                .none, .none
            ),
            (
                "field", TextFieldCellViewModel(text: "a"), false, .standard, .natural, .textField,
                [.control(.textField)], .none, .none
            ),
            (
                "spinner", SpinnerCellViewModel(), false, .standard, .natural, .spinner, [.control(.spinner)],
                .none,
                .none
            ),
            ("bare", nil, false, .standard, .natural, nil, [], .none, .none),
        ]

    @Test(arguments: rows.map(\.0))
    func perViewModel(name: String) throws {
        let row = try #require(Self.rows.first { $0.0 == name })
        let presentation = Self.presentation(row.1, child: row.2 ? Self.child : nil)
        #expect(presentation.textColor == row.3)
        #expect(presentation.textAlignment == row.4)
        #expect(presentation.controlKind == row.5)
        #expect(presentation.accessories == row.6)
        #expect(presentation.disclosure == row.7)
        #expect(presentation.selectionHighlight == row.8)
    }

    @Test func controlValues() {
        #expect(Self.presentation(ToggleCellViewModel(title: "T", isOn: true)).toggleIsOn)
        #expect(!Self.presentation(BasicCellViewModel(title: "T")).toggleIsOn)
        let slider = Self.presentation(SliderCellViewModel(value: 7, minimum: 2, maximum: 10)).sliderValues
        #expect(slider.value == 7 && slider.minimum == 2 && slider.maximum == 10)
        let none = Self.presentation(nil).sliderValues
        #expect(none.value == 0 && none.minimum == 0 && none.maximum == 1)
        let field = Self.presentation(TextFieldCellViewModel(text: "a", placeholder: "p", isSecure: true))
        #expect(
            field.fieldValues.text == "a" && field.fieldValues.placeholder == "p"
                && field.fieldValues.isSecure)
        #expect(Self.presentation(nil).fieldValues.text.isEmpty)
        #expect(Self.presentation(SpinnerCellViewModel(isAnimating: true)).spinnerAnimation == .animating)
        #expect(Self.presentation(SpinnerCellViewModel(isAnimating: false)).spinnerAnimation == .stopped)
        #expect(Self.presentation(nil).spinnerAnimation == .stopped)
    }

    @Test(
        "slider values are finite and ordered for any input",
        arguments: [
            (Double.nan, 0.0, 1.0), (0.5, -Double.infinity, 1.0), (0.5, 0.0, .infinity), (5, 1, 3),
            (.infinity, 0, 1),
        ])
    func sliderSafety(value: Double, minimum: Double, maximum: Double) {
        var presentation = Self.presentation(nil)
        presentation.control = .slider(value: value, minimum: minimum, maximum: maximum)
        let values = presentation.sliderValues
        #expect(values.value.isFinite && values.minimum.isFinite && values.maximum.isFinite)
        #expect(values.minimum <= values.value && values.value <= values.maximum)
    }
}
