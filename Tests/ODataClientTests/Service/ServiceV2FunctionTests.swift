import Foundation
import Testing
import ODataClient
import ODataModel
import ODataQuery
import TestSupport

extension IntegrationTests {
    /// V2 function imports on pyslet (scripts/testenv/pyslet_functions_server.py). The server answers 405 to a method
    /// other than the import's m:HttpMethod and 400 to a literal not of the parameter's type, so a passing call shows
    /// that the method came from the metadata and the parameters were written as typed V2 literals.
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct ServiceV2Functions {
        @Test func entitiesOfASetFromAnInt32Parameter() throws {
            let (service, trace) = try ServiceSupport.counted { try ServiceSupport.northwindV2Functions($0) }
            #expect(!service.version.isV4)
            let products = try service.executeFunction("ProductsByCategory", parameters: [("CategoryID", .int(1))])
            #expect(trace.text.contains("HTTP GET http://127.0.0.1:"))
            #expect(trace.text.contains("/northwind/ProductsByCategory?CategoryID=1 "))
            // The same rows as the query that says it with $filter.
            let byFilter = try service.executeQuery(url: "Products?$filter=CategoryID%20eq%201")
            #expect(products.entities.count == 12)
            #expect(products.entities.map { $0["ProductID"] } == byFilter.entities.map { $0["ProductID"] })
            #expect(products.entities.allSatisfy { $0["CategoryID"] == .int(1) && $0.entitySet?.name == "Products" })
            // Text is read as a value of the parameter's type.
            let again = try service.executeFunction("ProductsByCategory", parameters: [("CategoryID", .string("1"))])
            #expect(again.entities.map { $0["ProductID"] } == products.entities.map { $0["ProductID"] })
        }

        @Test func dateTimeAndStringParametersAsV2Literals() throws {
            let service = try ServiceSupport.northwindV2Functions()
            let since = try #require(LocalDateTime("1998-04-20T00:00:00"))
            let orders = try service.executeFunction("OrdersShippedSince", parameters: [("Since", .localDateTime(since)), ("Country", .string("USA"))])
            // The same orders as those read with $filter (pyslet's $filter answers 500 for a null ShippedDate, so
            // the date is compared here).
            var byFilter: [DataValue?] = []
            _ = try service.execute(ServiceRequest(relativeURL: "Orders?$filter=ShipCountry%20eq%20'USA'&$inlinecount=allpages"), paging: .allPages, onEntity: { e in
                if case .localDateTime(let shipped)? = e["ShippedDate"], shipped >= since { byFilter.append(e["OrderID"]) }
                return true
            }, onValue: { _ in })
            // One page (pyslet's next link after a function's first page names the entity set, not the call).
            #expect((1...20).contains(orders.entities.count))
            #expect(orders.entities.map { $0["OrderID"] } == byFilter)
            #expect(orders.entities.allSatisfy { $0["ShipCountry"] == .string("USA") })
            // The date as text, typed from the metadata to datetime'...'.
            let fromText = try service.executeFunction("OrdersShippedSince", parameters: [("Since", .string("1998-04-20T00:00:00")), ("Country", .string("USA"))])
            #expect(fromText.entities.count == orders.entities.count)
        }

        @Test func oneEntityFromAStringWithAQuote() throws {
            let service = try ServiceSupport.northwindV2Functions()
            let product = try service.executeFunction("ProductByName", parameters: [("Name", .string("Chef Anton's Cajun Seasoning"))]).requiredEntity()
            #expect(product["ProductID"] == .int(4))
            #expect(product.entitySet?.name == "Products")
            let missing = #expect(throws: ODataClientError.self) {
                try service.executeFunction("ProductByName", parameters: [("Name", .string("No such product"))])
            }
            #expect(missing?.httpStatus == 404)
        }

        @Test func primitiveResultsFromInt64DecimalAndStringParameters() throws {
            let service = try ServiceSupport.northwindV2Functions()
            // pyslet wraps a V2 primitive result as {"d": {"results": {"CustomerCount": 11}}}.
            let germany = try service.executeFunction("CustomerCount", parameters: [("Country", .string("Germany"))]).requiredValue()
            let count = try service.execute(ServiceRequest(relativeURL: "Customers/$count?$filter=Country%20eq%20'Germany'"), paging: .firstPage,
                                            onEntity: { _ in true }, onValue: { _ in }).count
            #expect(germany == .int(Int32(try #require(count))))

            // Edm.Int64: 11000L (pyslet reads 11000 as an Int32, which the server refuses).
            let above = try service.executeFunction("OrderCountAbove", parameters: [("OrderID", .string("11000"))]).requiredValue()
            #expect(above == .int(77))
            #expect(try service.executeFunction("OrderCountAbove", parameters: [("OrderID", .long(11000))]).requiredValue() == .int(77))

            // Edm.Decimal: 10.5M; the result is a decimal, compared with the sum of the rows read with $filter.
            let total = try service.executeFunction("TotalFreight", parameters: [("CustomerID", .string("ALFKI")), ("MinFreight", .string("10.5"))]).requiredValue()
            let rows = try service.executeQuery(url: "Orders?$filter=CustomerID%20eq%20'ALFKI'%20and%20Freight%20ge%2010.5M").entities
            let sum = rows.compactMap { e -> Decimal? in if case .decimal(let d)? = e["Freight"] { return Decimal(string: d.description) } else { return nil } }.reduce(0, +)
            guard case .decimal(let d) = total else { Issue.record("TotalFreight gave \(total)"); return }
            #expect(Decimal(string: d.description) == sum)
            #expect(rows.count >= 2)
        }

        @Test func collectionOfStrings() throws {
            let service = try ServiceSupport.northwindV2Functions()
            let result = try service.executeFunction("ShipCountries")
            let countries = result.values.flatMap { v -> [DataValue] in if case .list(let l) = v { return l.values } else { return [v] } }
            #expect(countries.count == 21)
            #expect(countries.first == .string("Argentina") && countries.last == .string("Venezuela"))
        }

        @Test func postFunctionImportUsesTheMethodOfTheMetadata() throws {
            let (service, trace) = try ServiceSupport.counted { try ServiceSupport.northwindV2Functions($0) }
            let first = try service.executeFunction("RecordVisit", parameters: [("CustomerID", .string("BONAP"))]).requiredValue()
            let second = try service.executeAction("RecordVisit", parameters: [("CustomerID", .string("BONAP"))]).requiredValue()
            #expect(trace.text.contains("HTTP POST http://127.0.0.1:"))
            guard case .int(let n) = first else { Issue.record("RecordVisit gave \(first)"); return }
            #expect(second == .int(n + 1))
        }

        @Test func parametersAreCheckedAgainstTheMetadataBeforeSending() throws {
            let (service, trace) = try ServiceSupport.counted { try ServiceSupport.northwindV2Functions($0) }
            let before = trace.getCount
            #expect(throws: DataServiceError.self) { try service.executeFunction("CustomerCount", parameters: [("Land", .string("UK"))]) }
            #expect(throws: DataServiceError.self) { try service.executeFunction("ProductsByCategory", parameters: [("CategoryID", .string("one"))]) }
            #expect(throws: DataServiceError.self) { try service.executeFunction("NoSuchFunction") }
            #expect(trace.getCount == before)
        }
    }
}
