import Foundation
import Testing
import ODataClient
import ODataModel
import ODataQuery
import TestSupport

extension IntegrationTests {
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct ServiceReads {
        @Test func odatapyQueryWithSelectOrderByTopAndFilter() throws {
            let service = try ServiceSupport.northwindV4()
            #expect(service.version.isV4)
            let customers = try service.entitySet(withName: "Customers")
            let t = customers.entityType
            let name = try t.property(withName: "CompanyName")
            let country = try t.property(withName: "Country")
            let result = try service.executeQuery(DataQuery().select(try t.property(withName: "CustomerID"), name).from(customers)
                .filter(country.equal("Germany")).orderBy(name).top(5))
            let list = result.entityList().entities
            #expect(list.count == 5)
            let names = list.compactMap { name.getStringValue(from: $0) }
            #expect(names == names.sorted())
            #expect(list.allSatisfy { country.getStringValue(from: $0) == nil }, "not selected")
            let one = try service.executeQuery(DataQuery().from(customers).withKey(EntityKey(.string("ALFKI")))).requiredEntity()
            #expect(name.getStringValue(from: one) == "Alfreds Futterkiste")
        }

        @Test func firstPageOnlyCostsOneRequest() throws {
            let (service, trace) = try ServiceSupport.counted { try ServiceSupport.northwindV4($0) }
            let before = trace.getCount
            let orders = try service.entitySet(withName: "Orders")
            let result = try service.executeQuery(DataQuery().from(orders))
            #expect(result.entities.count == 20)
            #expect(result.nextLink != nil)
            #expect(trace.getCount == before + 1)
            // The first 20 of the lazy sequence come from that page; the 21st asks for the next one.
            var seen = 0
            for _ in result.lazyEntities { seen += 1; if seen == 20 { break } }
            #expect(trace.getCount == before + 1)
            for _ in result.lazyEntities { seen += 1; if seen == 41 { break } }
            #expect(trace.getCount == before + 2)
            // execute with a row limit: stops inside the first page, asks for no other.
            var rows = 0
            let r = try service.execute(ServiceRequest(method: .get, relativeURL: "Orders"), paging: .allPages,
                                        onEntity: { _ in rows += 1; return rows < 7 }, onValue: { _ in })
            #expect(rows == 7)
            #expect(r.pagesRead == 1 && r.morePages)
            #expect(trace.getCount == before + 3)
        }

        @Test func allPagesOfOrdersEqualTheCountOnOdatapy() throws { try allPagesOfOrders(try ServiceSupport.northwindV4()) }
        /// pyslet sends a next link with every page, also after the last row: the reader stops after a run of empty pages.
        @Test func allPagesOfOrdersEqualTheCountOnPyslet() throws { try allPagesOfOrders(try ServiceSupport.northwindV2()) }

        func allPagesOfOrders(_ service: DataService) throws {
            let countResponse = try service.execute(ServiceRequest(method: .get, relativeURL: "Orders/$count"), paging: .firstPage,
                                                    onEntity: { _ in true }, onValue: { _ in })
            let count = try #require(countResponse.count)
            #expect(count == 830)
            #expect(countResponse.rawBody.map { String(decoding: $0, as: UTF8.self) }?.trimmingCharacters(in: .whitespaces) == "830")
            var ids = Set<Int>()
            let all = try service.execute(ServiceRequest(method: .get, relativeURL: "Orders"), paging: .allPages,
                                          onEntity: { e in ids.insert(Int(e["OrderID"]?.integerValue ?? -1)); return true },
                                          onValue: { _ in })
            #expect(ids.count == count)
            #expect(service.version.isV4 ? all.pagesRead == 42 : (42...42 + service.maxEmptyPagesInARow).contains(all.pagesRead))
            #expect(!all.morePages && all.nextLink == nil)
            // The same through QueryResult's lazy sequence.
            let result = try service.executeQuery(DataQuery().from(try service.entitySet(withName: "Orders")).count())
            #expect(result.count == 830)
            // pyslet takes a quarter second a page: its lazy sequence is read once, in the test of the first page.
            guard service.version.isV4 else { return }
            let seq = try service.executeQuery(DataQuery().from(try service.entitySet(withName: "Orders")).inlineCount()).lazyEntities
            #expect(seq.reduce(0) { n, _ in n + 1 } == 830)
            #expect(seq.error == nil)
        }

        @Test func pysletAtomAndJSONGiveTheSameEntities() throws {
            let service = try ServiceSupport.northwindV2()
            #expect(!service.version.isV4)
            func read(_ accept: String) throws -> (entities: [EntityValue], contentType: String?) {
                var out: [EntityValue] = []
                var request = ServiceRequest(method: .get, relativeURL: "Customers?$top=5&$orderby=CustomerID")
                request.headers.set("Accept", accept)
                let r = try service.execute(request, paging: .firstPage, onEntity: { out.append($0); return true }, onValue: { _ in })
                return (out, r.contentType)
            }
            let atom = try read("application/atom+xml")
            let json = try read("application/json")
            #expect(atom.contentType?.hasPrefix("application/atom+xml") == true)
            #expect(json.contentType?.hasPrefix("application/json") == true)
            #expect(atom.entities.count == 5)
            #expect(atom.entities.map(\.propertyValues.count) == json.entities.map(\.propertyValues.count))
            for (a, j) in zip(atom.entities, json.entities) {
                #expect(a["CustomerID"] == j["CustomerID"])
                #expect(a["CompanyName"] == j["CompanyName"])
                #expect(a["Phone"] == j["Phone"])
            }
        }

        @Test func mockSapInlineCountAndKeyRead() throws {
            let service = try ServiceSupport.gatewayV2()
            let set = try service.entitySet(withName: "BusinessPartnerSet")
            let result = try service.executeQuery(DataQuery().from(set).inlineCount().top(3))
            #expect(result.entities.count == 3)
            let count = try #require(result.count)
            #expect(count >= 3)
            let first = result.entities[0]
            let again = try service.executeQuery(url: try "BusinessPartnerSet" + first.keyPredicate(version: service.version)).requiredEntity()
            #expect(again["BusinessPartnerID"] == first["BusinessPartnerID"])
        }

        @Test func targetsFromRelativeURLs() throws {
            let service = try ServiceSupport.northwindV4()
            func name(_ url: String) -> String? {
                switch service.target(forRelativeURL: url) {
                case .entitySet(let s)?: return "set:\(s.name)"
                case .singleton(let s)?: return "singleton:\(s.name)"
                case .entityType(let t, let s)?: return "type:\(t.name)@\(s?.name ?? "-")"
                case .values(let t)?: return "values:\(t)"
                case nil: return nil
                }
            }
            #expect(name("Customers") == "set:Customers")
            #expect(name("Customers('A/B')?$top=1") == "set:Customers")
            #expect(name("Customers('ALFKI')/Orders") == "type:Order@Orders")
            #expect(name("Customers('ALFKI')/CompanyName") == "values:Edm.String")
            #expect(name("Customers/$count") == nil)
            #expect(name("Nope") == nil)
        }
    }
}
