import Foundation
import Testing
import ODataClient
import ODataModel
import ODataQuery
import TestSupport

@Suite struct ServiceRootTests {
    @Test func theRootKeepsItsQueryAndLosesMetadataAndFragment() {
        let r = ServiceRoot("http://h/sap/opu/odata/X_SRV/?sap-client=100&sap-language=EN#frag")
        #expect(r.base == "http://h/sap/opu/odata/X_SRV/")
        #expect(r.parameters.map(\.name) == ["sap-client", "sap-language"])
        #expect(r.description == "http://h/sap/opu/odata/X_SRV/?sap-client=100&sap-language=EN")
        #expect(ServiceRoot("http://h/svc/$metadata").base == "http://h/svc/")
        #expect(ServiceRoot("http://h/svc/$metadata?sap-client=001").description == "http://h/svc/?sap-client=001")
        #expect(ServiceRoot("http://h/svc").base == "http://h/svc/")
    }

    @Test func itsParametersJoinEveryURLThatLacksThem() {
        let r = ServiceRoot("http://h/s/?sap-client=100")
        #expect(r.withParameters("http://h/s/E?$top=1") == "http://h/s/E?$top=1&sap-client=100")
        #expect(r.withParameters("http://h/s/E?SAP-Client=200") == "http://h/s/E?SAP-Client=200")
        #expect(r.withParameters("http://h/s/$metadata") == "http://h/s/$metadata?sap-client=100")
        #expect(r.resolve("Items") == "http://h/s/Items" && r.resolve("/x/Items") == "http://h/x/Items")
    }
}

@Suite struct DataRequestSpellingTests {
    @Test func writesAreSpelledForEachVersion() throws {
        let doc = try MetadataReader.read(file: TestPaths.packageRoot.appendingPathComponent("scripts/sample/northwind-mini.xml").path)
        let set = try doc.entitySet(withName: "Customers")
        let e = EntityValue.ofType(try set.requireEntityType(), in: set)
        try e.setValue(try set.entityType.property(withName: "CustomerID"), to: .string("NEWCO"))
        let path = DataQuery().from(set).withKey(EntityKey(.string("NEWCO")))
        #expect(DataRequest.update(e, at: path).method(for: .v2) == .merge)
        #expect(DataRequest.update(e, at: path).method(for: .v4) == .patch)
        #expect(try DataRequest.update(e, at: path).relativeURL(for: .v4) == "Customers('NEWCO')")
        #expect(DataRequest.delete(at: path).body(for: .v4) == nil)
        #expect(String(decoding: DataRequest.create(e).body(for: .v4) ?? [], as: UTF8.self) == #"{"CustomerID":"NEWCO"}"#)
        #expect(try DataRequest.raw("Customers?$top=1").relativeURL(for: .v4) == "Customers?$top=1")
    }

    @Test("a request keeps the URL written for it and is sent with it; changing its query or kind forgets it")
    func theWrittenURLIsSentAndForgottenOnChange() throws {
        let doc = try MetadataReader.read(file: TestPaths.packageRoot.appendingPathComponent("scripts/sample/northwind-mini.xml").path)
        let service = DataService(url: URL(string: "https://example.com/svc/")!, client: try HTTPClient(configuration: HTTPConfiguration()),
                                  metadata: doc)
        let customers = try doc.entitySet(withName: "Customers")
        var r = DataRequest.query(DataQuery().from(customers).top(2))
        #expect(r.writtenURL == nil)
        #expect(try r.writeURL(for: .v4) == "Customers?$top=2")
        #expect(r.writtenURL?.url == "Customers?$top=2" && r.writtenURL?.version == .v4)
        #expect(try service.httpRequest(for: r).url == "https://example.com/svc/Customers?$top=2")
        r.maxPageSize = 10
        #expect(r.writtenURL?.url == "Customers?$top=2", "the page size is a header, not the URL")
        r.query = r.query.top(3)
        #expect(r.writtenURL == nil)
        #expect(try service.httpRequest(for: r).url == "https://example.com/svc/Customers?$top=3")
        try r.writeURL(for: .v4)
        r.kind = .raw(method: .get, url: "Customers?$top=4")
        #expect(r.writtenURL == nil)
        #expect(try service.httpRequest(for: r).url == "https://example.com/svc/Customers?$top=4")
        // A version the service does not speak: written for what the version can express, and refused.
        var search = DataRequest.query(DataQuery().from(customers).search("x"))
        #expect(throws: QueryWriteError.self) { try search.writeURL(for: .v2) }
        #expect(search.writtenURL == nil)
        // A V4 unlink names the related entity by its absolute URL, which needs the service's root: not kept.
        let orders = DataQuery().from(customers).withKey(EntityKey(.string("ALFKI"))).navigate("Orders")
        var unlink = DataRequest.unlink(orders, from: DataQuery().from("Orders").withKey(EntityKey(.int32(1))))
        #expect(try unlink.writeURL(for: .v4).hasPrefix("Customers('ALFKI')/Orders/$ref?$id=Orders"))
        #expect(unlink.writtenURL == nil)
        #expect(try service.httpRequest(for: unlink).url.contains("$id=https%3A%2F%2Fexample.com%2Fsvc%2FOrders") ||
                (try service.httpRequest(for: unlink).url.contains("$id=https://example.com/svc/Orders")))
    }
}

extension IntegrationTests {
    /// Answers that are not what they say (the fixture server's /cutoff/, /html/, /plain/, /emptybody/, /failing/,
    /// /moved/ roots).
    @Suite(.fixture("python3", Tools.hasPython, Tools.noPython))
    struct UnusableAnswers {
        func service(_ root: String) throws -> DataService {
            let port = try Fixtures.shared.nextLinkServer()
            return try DataService(url: URL(string: "http://127.0.0.1:\(port)/\(root)/")!)
        }

        func read(_ service: DataService) throws -> [Int64] {
            var ids: [Int64] = []
            _ = try service.execute(.query(DataQuery().from("Items")), paging: .allPages,
                                    onEntity: { ids.append($0["ID"]?.integerValue ?? -1); return true }, onValue: { _ in })
            return ids
        }

        @Test func aPayloadCutOffMidArrayIsInvalidData() throws {
            let s = try service("cutoff")
            #expect { _ = try read(s) } throws: { e in (e as? CategorizedError)?.category == .invalidData }
        }

        @Test("200 with an empty body where a collection was asked for is an error, not an empty result")
        func anEmptyBodyIsNoPayload() throws {
            let s = try service("emptybody")
            #expect { _ = try read(s) } throws: { e in
                guard let d = e as? DataServiceError, case .unexpectedResponse(let text) = d.kind else { return false }
                return text.contains("empty body")
            }
        }

        /// Page 2 answers 500: `allEntities` throws the service's error, as the async sequence does; the lazy
        /// sequence ends after page 1's rows with the error in `error`.
        @Test func aFailingSecondPageIsThrownByAllEntities() async throws {
            let s = try service("failing")
            func isPage2Failure(_ e: any Error) -> Bool {
                "\(e)".contains("page 2 failed") && (e as? CategorizedError)?.category != nil
            }
            let first = try await s.executeQuery(DataQuery().from("Items"))
            #expect(first.entities.count == 2 && first.nextLink != nil)
            #expect { _ = try first.allEntities } throws: { isPage2Failure($0) }
            var ids: [Int64] = []
            await #expect { for try await e in s.entities(DataQuery().from("Items")) { ids.append(e["ID"]?.integerValue ?? -1) } }
                throws: { isPage2Failure($0) }
            #expect(ids == [1, 2])
            let lazy = first.lazyEntities
            #expect(lazy.map { $0["ID"]?.integerValue ?? -1 } == [1, 2])
            #expect(lazy.error.map(isPage2Failure) == true)
        }

        @Test func anHTMLSignInPageIsNotOData() throws {
            let s = try service("html")
            #expect { _ = try read(s) } throws: { e in
                guard let d = e as? DataServiceError, case .notOData(_, let summary, let signIn) = d.kind else { return false }
                return signIn && summary == "SAP NetWeaver Logon" && d.category == .invalidData
                    && d.description.contains("sign-in page") && d.description.contains("SAP NetWeaver Logon")
            }
        }

        @Test func aGarbageStatusLineOrHTTP09IsATransportFailure() throws {
            for root in ["garbage", "http09"] {
                let s = try service(root)
                #expect(throws: ODataClientError.self) { _ = try read(s) }
                do { _ = try read(s) } catch let e as ODataClientError { #expect(e.category == .transport, "\(root): \(e)") }
            }
        }

        @Test func jsonSentAsPlainTextIsReadAsOData() throws {
            #expect(try read(try service("plain")) == [7])
        }

        @Test func aWriteAnsweredWith301IsNotTurnedIntoAGet() throws {
            let s = try service("moved")
            let set = try s.entitySet(withName: "Items")
            let e = EntityValue.ofType(try set.requireEntityType(), in: set)
            try e.setValue(try set.entityType.property(withName: "ID"), to: .int(9))
            var answered = 0
            #expect {
                _ = try s.execute(.create(e), paging: .firstPage, onEntity: { _ in answered += 1; return true }, onValue: { _ in })
            } throws: { error in
                guard let c = error as? ODataClientError, case .writeRedirected(let status, let location) = c.kind else { return false }
                return status == 301 && location.hasSuffix("/moved/Elsewhere") && c.category == .service
            }
            #expect(answered == 0)
        }
    }

    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct TypedRequests {
        @Test func topHoldsAcrossPagesWhateverTheNextLinksSay() throws {
            // pyslet pages by 20 and drops $top from its next links.
            let service = try ServiceSupport.northwindV2()
            var ids: [Int64] = []
            let response = try service.execute(.query(DataQuery().from("Orders").select("OrderID").top(45)), paging: .allPages,
                                               onEntity: { ids.append($0["OrderID"]?.integerValue ?? -1); return true }, onValue: { _ in })
            #expect(ids.count == 45 && Set(ids).count == 45)
            #expect(!response.morePages && response.nextLink == nil)
        }

        @Test func everyRequestCarriesTheRootsQuery() throws {
            let collector = TraceCollector()
            var config = HTTPConfiguration()
            config.traceRequests = true
            config.traceSink = collector.sink
            let root = "http://127.0.0.1:\(try ReferenceServers.port(.v2))/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/?sap-client=100"
            let service = try DataService(url: URL(string: root)!, configuration: config)
            let set = try service.entitySet(withName: "ProductSet")
            _ = try service.execute(.query(DataQuery().from(set).count()), paging: .firstPage, onEntity: { _ in true }, onValue: { _ in })
            var first: EntityValue?
            _ = try service.execute(.query(DataQuery().from(set).top(1)), paging: .allPages,
                                    onEntity: { first = $0; return true }, onValue: { _ in })
            let product = try #require(first)
            let name = try set.entityType.property(withName: "Name")
            try product.setValue(name, to: product.getValue(name))
            _ = try service.execute(.update(product, at: try service.path(of: product)), paging: .firstPage,
                                    onEntity: { _ in true }, onValue: { _ in })
            let urls = collector.text.split(separator: "\n").filter { $0.hasPrefix("HTTP ") }.compactMap { r in r.split(separator: " ").first { $0.hasPrefix("http") } }
            // $metadata, $count, the read, the CSRF fetch and the MERGE.
            #expect(urls.count >= 5, "\(collector.text)")
            for u in urls { #expect(u.contains("sap-client=100"), "\(u)") }
            #expect(try service.httpRequest(for: .query(DataQuery().from(set).top(1))).url.hasSuffix("ProductSet?$top=1&sap-client=100"))
        }

        @Test func updateAndDeleteSendTheETagTheyNeed() throws {
            let service = try ServiceSupport.catalogV4()
            let products = try service.entitySet(withName: "Products")
            let price = try products.entityType.property(withName: "Price")
            func byKey(_ id: Int32) -> EntityValue {
                let e = EntityValue.ofType(try! products.requireEntityType(), in: products)
                try! e.setValue(try! products.entityType.property(withName: "ID"), to: .int(id))
                e.resetChanges()
                return e
            }
            func run(_ r: DataRequest) throws {
                _ = try service.execute(r, paging: .firstPage, onEntity: { _ in true }, onValue: { _ in })
            }
            // Addressed by key, never read: the 428 makes the client read the ETag and send once more.
            let e = byKey(2)
            let newPrice = DecimalValue("\(Int.random(in: 100..<900)).5")!
            try e.setValue(price, to: .decimal(newPrice))
            var update = DataRequest.update(e, at: try service.path(of: e))
            update.ifMatch = .entityETagReadingIfMissing
            try run(update)
            let read = try service.executeQuery(DataQuery().from(products).withKey(EntityKey(.int32(2)))).requiredEntity()
            #expect(read.getValue(price) == .decimal(newPrice))
            // Strict (the library's default): no ETag, no If-Match, and the service's 428 is the answer.
            let strict = byKey(2)
            try strict.setValue(price, to: .decimal(newPrice))
            #expect { try run(.update(strict, at: try service.path(of: strict))) } throws: { error in
                guard let d = error as? DataServiceError, case .preconditionRequired = d.kind else { return false }
                return true
            }
            // A stale ETag: 412, a conflict that says the entity changed since it was read.
            let stale = byKey(2)
            stale.etag = "W/\"0\""
            try stale.setValue(price, to: .decimal(newPrice))
            var staleUpdate = DataRequest.update(stale, at: try service.path(of: stale))
            staleUpdate.ifMatch = .entityETagReadingIfMissing
            #expect { try run(staleUpdate) } throws: { error in
                guard let d = error as? DataServiceError, case .conflict = d.kind else { return false }
                return d.description.contains("Products(2)") && d.description.contains("changed on the server since it was read")
            }
            // If-Match: * writes whatever the state.
            var any = DataRequest.update(stale, at: try service.path(of: stale))
            any.ifMatch = .any
            #expect(try service.httpRequest(for: any).headers["If-Match"] == "*")
            try run(any)
            // Delete by key: the ETag is read when the service asks for it; the entity is gone.
            let created = EntityValue.ofType(try products.requireEntityType(), in: products)
            let id = Int32.random(in: 5000..<9000)
            try created.setValue(try products.entityType.property(withName: "ID"), to: .int(id))
            try created.setValue(try products.entityType.property(withName: "Name"), to: .string("to delete"))
            // With a price: the catalog's CheapestPrice, which other tests call, fails on a product without one.
            try created.setValue(price, to: .decimal(DecimalValue("1.5")!))
            try run(.create(created))
            var delete = DataRequest.delete(at: DataQuery().from(products).withKey(EntityKey(.int32(id))), entity: byKey(id))
            delete.ifMatch = .entityETagReadingIfMissing
            try run(delete)
            #expect { _ = try service.executeQuery(DataQuery().from(products).withKey(EntityKey(.int32(id)))).requiredEntity() } throws: { _ in true }
        }
    }
}
