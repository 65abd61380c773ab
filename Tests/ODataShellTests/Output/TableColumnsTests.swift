import Testing
import ODataModel
@testable import ODataShell

/// The table's column step on rows as the renderer gets them: picked columns (complex ones by their parts,
/// expanded navigation kept), units from a property or a constant, texts as UI.TextArrangement says.
struct TableColumnsTests {
    static func cell(_ text: String, number: Bool = false, null: Bool = false) -> RowFlattener.Cell {
        RowFlattener.Cell(text: text, isNull: null, isNumber: number)
    }

    static var row: [(String, RowFlattener.Cell)] { [
        ("ID", cell("7", number: true)), ("Amount", cell("12.50", number: true)), ("Currency", cell("EUR")),
        ("Weight", cell("3", number: true)), ("Status", cell("A")), ("StatusText", cell("Active")),
        ("Address/City", cell("Berlin")), ("Address/Street", cell("Unter den Linden")), ("Note", cell("", null: true)),
        ("Customer/Name", cell("ACME")),
    ] }

    @Test func picksColumnsAndKeepsExpandedOnes() {
        var t = TableColumns()
        t.columns = ["ID", "Address", "Amount"]
        t.expanded = ["Customer"]
        #expect(t.apply(Self.row).map(\.0) == ["ID", "Address/City", "Address/Street", "Amount", "Customer/Name"])
    }

    @Test func unitsAndTexts() {
        var t = TableColumns()
        t.units = ["Amount": .property("Currency"), "Weight": .constant("KG"), "Note": .constant("X")]
        t.texts = ["Status": ("StatusText", "TextLast")]
        let out = Dictionary(uniqueKeysWithValues: t.apply(Self.row).map { ($0.0, $0.1) })
        #expect(out["Amount"]?.text == "12.50 EUR" && out["Amount"]?.isNumber == true)
        #expect(out["Weight"]?.text == "3 KG")
        #expect(out["Note"]?.isNull == true && out["Note"]?.text == "")   // null stays null, no unit
        #expect(out["Status"]?.text == "A (Active)")
        t.texts = ["Status": ("StatusText", "TextFirst")]
        #expect(t.apply(Self.row).first { $0.0 == "Status" }?.1.text == "Active (A)")
        t.texts = ["Status": ("StatusText", "TextOnly")]
        #expect(t.apply(Self.row).first { $0.0 == "Status" }?.1.text == "Active")
    }
}
