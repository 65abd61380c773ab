// The catalog service of the V4 reference server through its proxy classes (module Catalog, service class
// CatalogService, for its container Catalog.Container): a bound function and a bound action as methods of the service taking the product, and a product kept
// with Codable and read back. A file of its own, so that Catalog's Product does not meet Northwind's.
import Catalog
import Foundation
import OData

func runCatalogExamples(_ url: URL) throws {
    let catalog = try CatalogService(url: url)

    // A bound function: Products(1)/Catalog.PriceWithTax(rate=10).
    let anvil = try catalog.product(id: 1)
    let withTax = try catalog.priceWithTax(it: anvil, rate: 10)
    print("price with tax of \(anvil.name ?? "?"): \(withTax.map(\.description) ?? "none")")

    // A bound action returning the entity: Products(3)/Catalog.Discount {"pct": 20}.
    let chisel = try catalog.product(id: 3)
    let discounted = try catalog.discount(it: chisel, pct: 20)
    print("discounted \(discounted?.name ?? "?"): \(discounted?.price?.description ?? "?")")

    // Typed filters with the generated enum and the library's value types; entities print and compare.
    let premium = try catalog.products(query: DataQuery()
        .filter(Product.grade.equal(Grade.premium).and(Product.price.greaterThan(DecimalValue(40)))
            .and(Product.released.greaterThan(LocalDate(year: 2020, month: 6, day: 1)!)))
        .orderBy(Product.id))
    print("premium after mid-2020 over 40: \(premium.compactMap { $0.id.map(String.init) }.joined(separator: ", "))")
    print("printed: \(anvil)")
    let again = try catalog.product(id: 1)
    print("equal when read twice: \(again == anvil), as a set: \(Set([anvil, again, chisel]).count)")

    // Codable: the product to JSON and back, a complex value, an enum member and a collection included.
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = try encoder.encode(anvil)
    let copy = try JSONDecoder().decode(Product.self, from: json)
    print("decoded from JSON: \(copy.id ?? 0) \(copy.name ?? "?") \(copy.price?.description ?? "?") \(copy.grade?.rawValue ?? "?") "
        + "\(copy.tags ?? []) \(copy.shipFrom?.city ?? "?"), released \(copy.released?.description ?? "?")")
}
