import Testing
@testable import ODataModel

/// "did you mean": never the name just rejected; qualified names found by their last segment too.
@Suite("NameSuggester")
struct NameSuggesterTests {
    @Test("the rejected name itself is never suggested")
    func neverTheNameItself() {
        #expect(NameSuggester.closest(to: "Catalog.Discount", in: ["Catalog.Discount", "Catalog.PriceWithTax"]).isEmpty)
        // Another spelling of it is (the model's).
        #expect(NameSuggester.closest(to: "customers", in: ["Customers", "Orders"]) == ["Customers"])
    }

    @Test("a qualified name matches on its last segment")
    func qualifiedByLastSegment() {
        #expect(NameSuggester.closest(to: "PriceWithTax", in: ["Price", "Catalog.PriceWithTax", "Name"]).first == "Catalog.PriceWithTax")
        #expect(NameSuggester.closest(to: "microsoft.graph.grop", in: ["microsoft.graph.group", "microsoft.graph.user"]) == ["microsoft.graph.group"])
        #expect(NameSuggester.closest(to: "NS.Pricewithtax", in: ["Catalog.PriceWithTax"]) == ["Catalog.PriceWithTax"])
    }
}
