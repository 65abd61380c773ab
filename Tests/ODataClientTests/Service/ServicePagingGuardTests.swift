import Foundation
import Testing
import ODataClient
import ODataModel
import ODataQuery
import TestSupport

extension IntegrationTests {
    /// Reading all pages ends on servers whose next links never do.
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct ServicePagingGuards {
        /// pyslet answers the 7 orders shipped to Poland in one page, then empty pages, each with a new next link,
        /// for as long as they are followed.
        @Test func pysletEmptyPagesWithNextLinksEndTheReading() throws {
            let service = try ServiceSupport.northwindV2()
            let url = "Orders?$filter=ShipCountry%20eq%20'Poland'"
            var ids: [DataValue?] = []
            let all = try service.execute(ServiceRequest(relativeURL: url), paging: .allPages,
                                          onEntity: { ids.append($0["OrderID"]); return true }, onValue: { _ in })
            #expect(ids.count == 7)
            #expect(all.pagesRead == 1 + service.maxEmptyPagesInARow)
            #expect(!all.morePages && all.nextLink == nil)
            // The cut is said: the result may have more (issue 38).
            #expect(all.emptyPagesCut.map { if case .emptyPagesCut(3, _) = $0.kind { true } else { false } } == true)
            // With the inline count the first page is enough.
            let counted = try service.execute(ServiceRequest(relativeURL: url + "&$inlinecount=allpages"), paging: .allPages,
                                              onEntity: { _ in true }, onValue: { _ in })
            #expect(counted.count == 7 && counted.pagesRead == 1 && !counted.morePages && counted.emptyPagesCut == nil)
            // The lazy sequence stops the same way.
            let first = try service.executeQuery(url: url)
            #expect(first.entities.count == 7 && first.nextLink != nil)
            let sequence = first.lazyEntities
            #expect(sequence.map { $0["OrderID"] } == ids)
            #expect(sequence.error == nil)
            #expect(sequence.pagesRequested == service.maxEmptyPagesInARow)
            #expect(sequence.emptyPagesCut != nil)
        }

        /// The async sequences end the same way, and say the cut: a `PagingError` after the rows that were read.
        @Test func pysletEmptyPagesEndTheAsyncReadingWithTheCutSaid() async throws {
            let service = try ServiceSupport.northwindV2()
            let query = DataQuery().from("Orders").filter(.binary(.eq, .path("ShipCountry"), .literal(.string("Poland"))))
            var ids: [DataValue?] = []
            do {
                for try await order in service.entities(query) { ids.append(order["OrderID"]) }
                Issue.record("the reading ended without saying the cut")
            } catch let error as PagingError {
                guard case .emptyPagesCut(let pages, _) = error.kind else {
                    Issue.record("expected emptyPagesCut, got \(error.kind)")
                    return
                }
                #expect(pages == service.maxEmptyPagesInARow)
            }
            #expect(ids.count == 7)
            // With the inline count the first page is all there is: no cut, no error.
            var counted = 0
            for try await _ in service.entities(query.inlineCount()) { counted += 1 }
            #expect(counted == 7)
        }

        /// `QueryResult.forEachEntity` goes on after the first page with what that page said, counted in the
        /// library's trace of what it sent: with the inline count the 7 orders of the first page are all there is, and
        /// no other page is asked for; without it, the run of empty pages starts after the first page, as with
        /// `execute`. (Counted on the client: pyslet logs a request after answering it, from the thread that answered,
        /// so a request answered just before another can be logged after it.)
        @Test func forEachEntityAfterTheFirstPageMakesOnlyTheRequestsNeeded() throws {
            let (service, trace) = try ServiceSupport.counted { try ServiceSupport.northwindV2($0) }
            func requests(during body: () throws -> Void) rethrows -> Int {
                let before = trace.getCount
                try body()
                return trace.getCount - before
            }
            let url = "Orders?$filter=ShipCountry%20eq%20'Poland'"
            var counted: [DataValue?] = []
            let withCount = try requests {
                let first = try service.executeQuery(url: url + "&$inlinecount=allpages")
                #expect(first.entities.count == 7 && first.count == 7)
                try first.forEachEntity { counted.append($0["OrderID"]); return true }
                #expect(try first.allEntities.map { $0["OrderID"] } == counted)
            }
            #expect(counted.count == 7)
            #expect(withCount == 1)

            var uncounted: [DataValue?] = []
            let withoutCount = try requests {
                let first = try service.executeQuery(url: url)
                #expect(first.entities.count == 7 && first.nextLink != nil)
                try first.forEachEntity { uncounted.append($0["OrderID"]); return true }
            }
            #expect(uncounted == counted)
            #expect(withoutCount == 1 + service.maxEmptyPagesInARow)
        }
    }

    @Suite(.fixture("python3", Tools.hasPython, Tools.noPython))
    struct DegenerateNextLinks {
        func read(_ root: String, _ relativeURL: String = "Items") throws -> (ids: [Int64], response: ServiceResponse, sequence: [Int64], pages: Int) {
            let port = try Fixtures.shared.nextLinkServer()
            let service = try DataService(url: URL(string: "http://127.0.0.1:\(port)/\(root)/")!)
            var ids: [Int64] = []
            let response = try service.execute(ServiceRequest(relativeURL: relativeURL), paging: .allPages,
                                               onEntity: { ids.append($0["ID"]?.integerValue ?? -1); return true }, onValue: { _ in })
            let sequence = try service.executeQuery(url: relativeURL).lazyEntities
            let seen = sequence.map { $0["ID"]?.integerValue ?? -1 }
            #expect(sequence.error == nil)
            return (ids, response, seen, sequence.pagesRequested)
        }

        /// A reading that ends with a cycle of next links (issue 38): `PagingError.cycle` naming the repeated link,
        /// after the rows of the pages read, from `execute`, from `EntitySequence` and from `forEachEntity`.
        func readCycle(_ root: String, _ relativeURL: String, link: String, rows: [Int64]) throws {
            let port = try Fixtures.shared.nextLinkServer()
            let service = try DataService(url: URL(string: "http://127.0.0.1:\(port)/\(root)/")!)
            var ids: [Int64] = []
            func isCycle(_ e: Error?) -> Bool {
                guard let p = e as? PagingError, case .cycle(let l, _) = p.kind else { return false }
                return l == "http://127.0.0.1:\(port)/\(root)/\(link)"
            }
            do {
                _ = try service.execute(ServiceRequest(relativeURL: relativeURL), paging: .allPages,
                                        onEntity: { ids.append($0["ID"]?.integerValue ?? -1); return true }, onValue: { _ in })
                Issue.record("the cycle ended as success")
            } catch {
                #expect(isCycle(error), "\(error)")
                #expect((error as? PagingError)?.category == .invalidData)
            }
            #expect(ids == rows)
            let sequence = try service.executeQuery(url: relativeURL).lazyEntities
            #expect(sequence.map { $0["ID"]?.integerValue ?? -1 } == rows)
            #expect(isCycle(sequence.error), "\(String(describing: sequence.error))")
            var each: [Int64] = []
            #expect(throws: PagingError.self) {
                try service.executeQuery(url: relativeURL).forEachEntity { each.append($0["ID"]?.integerValue ?? -1); return true }
            }
            #expect(each == rows)
        }

        @Test func aNextLinkEqualToThePageJustReadIsACycle() throws {
            try readCycle("same", "Items", link: "Items", rows: [1, 2])
        }

        @Test func anEmptyNextLinkIsNone() throws {
            let r = try read("empty")
            #expect(r.ids == [1, 2] && r.response.pagesRead == 1)
            #expect(!r.response.morePages && r.response.nextLink == nil)
            #expect(r.sequence == [1, 2] && r.pages == 0)
            let port = try Fixtures.shared.nextLinkServer()
            let service = try DataService(url: URL(string: "http://127.0.0.1:\(port)/empty/")!)
            #expect(try service.executeQuery(url: "Items").nextLink == nil)
        }

        @Test func aNextLinkToAnotherOriginIsRefusedAndNothingIsSentThere() throws {
            let port = try Fixtures.shared.nextLinkServer()
            var config = HTTPConfiguration()
            config.authentication = .basic(user: "bob", password: "secret-pw")
            config.cookie = "MYSAPSSO2=sso-cookie"
            config.headers.set("APIKey", "key-123")
            let service = try DataService(url: URL(string: "http://127.0.0.1:\(port)/away/")!, configuration: config)
            var ids: [Int64] = []
            do {
                _ = try service.execute(ServiceRequest(relativeURL: "Items"), paging: .allPages,
                                        onEntity: { ids.append($0["ID"]?.integerValue ?? -1); return true }, onValue: { _ in })
                Issue.record("the next link to another origin was followed")
            } catch let e as ODataClientError {
                guard case .otherOrigin = e.kind else { Issue.record("unexpected error \(e)"); return }
                #expect(e.category == .transport)
                #expect(e.summary.contains("http://localhost:\(port)") && e.summary.contains("nothing was sent"))
            }
            #expect(ids == [1])
            // The page and its rows came; the other origin saw nothing at all, with or without credentials.
            func seen() throws -> String {
                String(decoding: try HTTPClient().send(HTTPRequest(method: .get, url: "http://127.0.0.1:\(port)/seen")).body ?? Data(), as: UTF8.self)
            }
            #expect(try seen() == "")
            let sequence = try service.executeQuery(url: "Items").lazyEntities
            #expect(sequence.map { $0["ID"]?.integerValue ?? -1 } == [1])
            #expect((sequence.error as? ODataClientError).map { if case .otherOrigin = $0.kind { true } else { false } } == true)
            #expect(try seen() == "")
        }

        @Test func aCycleOfNextLinksIsReadOnceAndIsAnError() throws {
            try readCycle("cycle", "Items?page=1", link: "Items?page=1", rows: [1, 2, 3, 4])
        }
    }
}
