import Foundation
import ODataModel
import ODataQuery
import Testing

/// `$apply` (OData Data Aggregation 4.0) and `$compute` (OData 4.01) built through `DataQuery` and written for V4;
/// result types of the typed builders; what V2 cannot say.
@Suite("Apply and compute")
struct ApplyTests {
    static func lab() throws -> CsdlDocument { try URLWriterTests.lab("v4") }

    @Test("groupby with aggregates, $count, a filter after grouping, then order and top of the aggregated rows")
    func groupBy() throws {
        let doc = try Self.lab()
        let items = try doc.entitySet(withName: "Items")
        let price = try items.entityType.property(withName: "Price"), name = try items.entityType.property(withName: "Name")
        let q = DataQuery().from(items)
            .apply(.filter(.path("Active").equal(.literal(.boolean(true)))))
            .groupBy([name], aggregate: [price.sum(as: "Total"), .count(as: "N")])
            .apply(.filter(.path("Total").greaterThan(.literal(.int32(100)))))
            .orderBy(.path("Total"), .descending).top(3)
        #expect(URLEncoding.decode(try q.relativeURL(for: .v4)) ==
            "Items?$apply=filter(Active eq true)/groupby((Name),aggregate(Price with sum as Total,$count as N))/filter(Total gt 100)"
            + "&$orderby=Total desc&$top=3")
        #expect(try q.relativeURL(for: .v4) ==
            "Items?$apply=filter(Active%20eq%20true)/groupby((Name),aggregate(Price%20with%20sum%20as%20Total,$count%20as%20N))"
            + "/filter(Total%20gt%20100)&$orderby=Total%20desc&$top=3")
        #expect(q.addedColumns.map(\.name) == ["Total", "N"])
        #expect(q.addedColumns.map(\.type) == [.decimal, .int64])
    }

    @Test("result types of the standard methods")
    func resultTypes() throws {
        let t = try Self.lab().entityType(withName: "Item")
        func type(_ p: String, _ m: AggregationMethod) throws -> PrimitiveType? { try t.property(withName: p).aggregate(m, as: "X").resultType }
        #expect(try type("Price", .sum) == .decimal)
        #expect(try type("Small", .sum) == .int64)
        #expect(try type("Weight", .sum) == .double)
        #expect(try type("Price", .average) == .decimal)
        #expect(try type("Big", .average) == .double)
        #expect(try type("Day", .max) == .date)
        #expect(try type("Name", .countDistinct) == .int64)
        #expect(try type("Name", .sum) == nil)
        #expect(AggregationMethod.named("CountDistinct") == .countDistinct)
        #expect(AggregationMethod.named("median") == nil)
    }

    @Test("every transformation spelled as the ABNF has it")
    func transformations() throws {
        let w = ApplyWriter(version: .v4)
        #expect(try w.text([.aggregate([.aggregate("Amount", with: .average, as: "A"), .custom("Revenue"), .custom("Revenue", as: "R")])])
            == "aggregate(Amount with average as A,Revenue,Revenue as R)")
        #expect(try w.text([.aggregate([.aggregate("Sales/Amount", with: .custom("Custom.Median"), as: "M")])])
            == "aggregate(Sales/Amount with Custom.Median as M)")
        #expect(try w.text([.groupBy(["Customer/Country", "Year"], [])]) == "groupby((Customer/Country,Year))")
        #expect(try w.text([.groupBy(["A"], aggregate: [.count(as: "N")]), .ranking(.topCount, .literal(.int32(3)), .path("N"))])
            == "groupby((A),aggregate($count as N))/topcount(3,N)")
        for r in Transformation.Ranking.allCases {
            #expect(try w.text(.ranking(r, .literal(.int32(50)), .path("Amount"))) == "\(r.rawValue)(50,Amount)")
        }
        #expect(try w.text([.compute([ComputeItem(.path("Amount").mul(.literal(.int32(2))), as: "Double")]),
                            .orderBy([SortItem(.path("Double"), .descending)]), .skip(1), .top(2), .identity, .search("blue")])
            == "compute(Amount mul 2 as Double)/orderby(Double desc)/skip(1)/top(2)/identity/search(blue)")
        #expect(try w.text(.concat([[.identity], [.aggregate([.count(as: "N")])]])) == "concat(identity,aggregate($count as N))")
        #expect(throws: QueryWriteError.self) { try w.text(AggregateExpression(.count, as: nil)) }
        #expect(throws: QueryWriteError.self) { try w.text(AggregateExpression(.value(.path("X"), .sum), as: nil)) }
    }

    @Test("$compute usable in select, filter and order by; nested in expand")
    func compute() throws {
        let q = DataQuery().from("Products").compute(.path("UnitPrice").mul(.literal(.decimal("1.2"))), as: "Gross", resultType: .decimal)
            .select("ProductName", "Gross").filter(.path("Gross").greaterThan(.literal(.int32(20)))).orderBy(.path("Gross"))
        #expect(URLEncoding.decode(try q.relativeURL(for: .v4))
            == "Products?$compute=UnitPrice mul 1.2 as Gross&$filter=Gross gt 20&$select=ProductName,Gross&$orderby=Gross")
        #expect(q.addedColumns.map(\.name) == ["Gross"])
        let e = DataQuery().from("Categories").expand("Products", withQuery: DataQuery().compute(.path("A").add(.path("B")), as: "C"))
        #expect(URLEncoding.decode(try e.relativeURL(for: .v4)) == "Categories?$expand=Products($compute=A add B as C)")
        #expect(!q.hasNoOptions)
        #expect(!DataQuery().apply(.identity).hasNoOptions)
    }

    @Test("V2 has neither $apply nor $compute, at the top or inside an expand")
    func v2() throws {
        let agg = DataQuery().from("Orders").groupBy([PropertyPath("ShipCountry")], aggregate: [.count(as: "N")])
        #expect { try agg.relativeURL(for: .v2) } throws: { e in
            let w = e as? QueryWriteError
            return w?.feature == "$apply (aggregation)" && w?.message.contains("dimensions and measures") == true
        }
        #expect(throws: QueryWriteError.self) { try DataQuery().from("P").compute(.path("A"), as: "B").relativeURL(for: .v2) }
        #expect(throws: QueryWriteError.self) {
            try DataQuery().from("C").expand("P", withQuery: DataQuery().compute(.path("A"), as: "B")).relativeURL(for: .v2)
        }
    }
}
