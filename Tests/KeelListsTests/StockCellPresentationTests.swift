import KeelLists
import Testing

@Suite struct StockCellPresentationTests {
    @Test func eachStockViewModelMapsToWhatItsCellShows() {
        let toggle = StockCellPresentation(
            item: ListItem(
                id: "wifi", kind: .toggle, viewModel: ToggleCellViewModel(title: "Wi-Fi", isOn: true)))
        #expect(toggle.text == "Wi-Fi")
        #expect(toggle.control == .toggle(isOn: true))
        #expect(!toggle.isSelectable)

        let detail = StockCellPresentation(
            item: ListItem(
                id: "about", kind: .rightDetail, viewModel: BasicCellViewModel(title: "About", detail: "1.0"),
                child: ListDataSource(title: "About", items: [ListItem(id: "licence")])))
        #expect(detail.secondaryText == "1.0")
        #expect(detail.showsDisclosure && detail.isSelectable)

        let delete = StockCellPresentation(
            item: ListItem(
                id: "delete", kind: .button,
                viewModel: ButtonCellViewModel(title: "Delete", isEnabled: false, isDestructive: true)))
        #expect(delete.emphasis == .destructiveAction)
        #expect(!delete.isSelectable)

        let bare = StockCellPresentation(item: ListItem(id: "version"))
        #expect(bare.text == "version")
        #expect(bare.control == nil)
    }
}
