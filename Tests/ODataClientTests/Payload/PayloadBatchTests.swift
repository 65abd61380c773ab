import Testing
@testable import ODataClient
import ODataModel
import ODataQuery

/// `$batch` bodies: multipart (V2, V4) and JSON (4.01) requests written byte for byte as the specifications'
/// examples show them, and responses captured from the reference servers read back.
@Suite struct PayloadBatchTests {
    private func text(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self) }
    private func crlf(_ s: String) -> String { s.replacingOccurrences(of: "\n", with: "\r\n") }

    /// OData 4.0 Protocol §11.7.7, the example of a batch with a query, a change set (insert, update) and a second
    /// query; same boundaries, same part and header order. The example's placeholders are concrete bodies here with
    /// their Content-Length, and its first request line gets the `HTTP/1.1` the example leaves out.
    @Test func multipartRequestAsInTheV4Specification() throws {
        let customer = Array("{\"CustomerID\":\"POIUY\",\"CompanyName\":\"Poiuy\"}".utf8)
        let changes = Array("{\"CompanyName\":\"Alfreds F.\"}".utf8)
        var batch = BatchRequest()
        batch.add(BatchOperation(method: "GET", url: "/service/Customers('ALFKI')"))
        batch.addChangeSet([
            .json("POST", "/service/Customers", body: customer, contentID: "1"),
            .json("PATCH", "/service/Customers('ALFKI')", body: changes, headers: [("If-Match", "xxxxx"), ("Prefer", "return=minimal")], contentID: "2"),
        ])
        batch.add(BatchOperation(method: "GET", url: "/service/Products"))
        var w = MultipartBatchWriter(version: .v4, boundary: "batch_36522ad7-fc75-4b56-8c71-56071383e77b", host: "host")
        w.changeSetBoundary = { _ in "changeset_77162fcd-b8da-41ac-a9f8-9357efbbd" }
        #expect(w.contentType == "multipart/mixed; boundary=batch_36522ad7-fc75-4b56-8c71-56071383e77b")
        let expected = crlf("""
            --batch_36522ad7-fc75-4b56-8c71-56071383e77b
            Content-Type: application/http

            GET /service/Customers('ALFKI') HTTP/1.1
            Host: host


            --batch_36522ad7-fc75-4b56-8c71-56071383e77b
            Content-Type: multipart/mixed; boundary=changeset_77162fcd-b8da-41ac-a9f8-9357efbbd

            --changeset_77162fcd-b8da-41ac-a9f8-9357efbbd
            Content-Type: application/http
            Content-ID: 1

            POST /service/Customers HTTP/1.1
            Host: host
            Content-Type: application/json
            Content-Length: \(customer.count)

            \(text(customer))
            --changeset_77162fcd-b8da-41ac-a9f8-9357efbbd
            Content-Type: application/http
            Content-ID: 2

            PATCH /service/Customers('ALFKI') HTTP/1.1
            Host: host
            Content-Type: application/json
            If-Match: xxxxx
            Prefer: return=minimal
            Content-Length: \(changes.count)

            \(text(changes))
            --changeset_77162fcd-b8da-41ac-a9f8-9357efbbd--
            --batch_36522ad7-fc75-4b56-8c71-56071383e77b
            Content-Type: application/http

            GET /service/Products HTTP/1.1
            Host: host


            --batch_36522ad7-fc75-4b56-8c71-56071383e77b--

            """)
        #expect(text(w.body(for: batch)) == expected)
    }

    /// V2 as SAP Gateway takes it: URLs relative to the service root, `Content-Transfer-Encoding: binary`, MERGE in
    /// a change set, bodies in verbose JSON.
    @Test func multipartRequestV2() throws {
        let doc = try PayloadFixtures.model(xml: PayloadSampleModels.v2)
        let items = try doc.entitySet(withName: "Items")
        let e = EntityValue.ofType(items.entityType, in: items)
        try items.entityType.property(withName: "ID").setIntValue(in: e, to: 1)
        e.resetChanges()
        try items.entityType.property(withName: "Int64").setLongValue(in: e, to: 10)
        let key = try e.keyPredicate(version: .v2)
        let merge = EntityBodyWriter(version: .v2).body(for: e, content: .changes)
        var batch = BatchRequest()
        batch.add(BatchOperation(method: "GET", url: "Items\(key)?$select=ID", headers: [("Accept", "application/json")]))
        batch.addChangeSet([.json("MERGE", "Items\(key)", body: merge, headers: [("If-Match", "W/\"1\"")], contentID: "m1")])
        var w = MultipartBatchWriter(version: .v2, boundary: "batch_1")
        w.changeSetBoundary = { "changeset_\($0 + 1)" }
        #expect(text(w.body(for: batch)) == crlf("""
            --batch_1
            Content-Type: application/http
            Content-Transfer-Encoding: binary

            GET Items(1)?$select=ID HTTP/1.1
            Accept: application/json


            --batch_1
            Content-Type: multipart/mixed; boundary=changeset_1

            --changeset_1
            Content-Type: application/http
            Content-Transfer-Encoding: binary
            Content-ID: m1

            MERGE Items(1) HTTP/1.1
            Content-Type: application/json
            If-Match: W/"1"
            Content-Length: 14

            {"Int64":"10"}
            --changeset_1--
            --batch_1--

            """))
    }

    /// OData 4.01 JSON Format §19.1, the example batch request: written compact, equal byte for byte to the example
    /// with its whitespace removed, its placeholders made concrete, and the header name in lower case as the
    /// format's rules require (the example writes `Prefer`).
    @Test func jsonBatchAsInTheSpecification() throws {
        let changes = "{\"CompanyName\":\"Alfreds F.\"}", customer = "{\"CustomerID\":\"POIUY\"}"
        var batch = BatchRequest()
        batch.add(BatchOperation(method: "GET", url: "/service/Customers('ALFKI')", contentID: "0"))
        batch.addChangeSet([
            BatchOperation(method: "PATCH", url: "/service/Customers('ALFKI')", headers: [("Prefer", "return=minimal")],
                           body: Array(changes.utf8), contentID: "1", dependsOn: ["0"]),
            BatchOperation(method: "POST", url: "/service/Customers", body: Array(customer.utf8), contentID: "2"),
        ], id: "group1")
        batch.add(BatchOperation(method: "GET", url: "/service/Products", contentID: "3", dependsOn: ["group1"]))
        let example = """
            {
              "requests": [
                {
                  "id": "0",
                  "method": "get",
                  "url": "/service/Customers('ALFKI')"
                },
                {
                  "id": "1",
                  "atomicityGroup": "group1",
                  "dependsOn": [ "0" ],
                  "method": "patch",
                  "url": "/service/Customers('ALFKI')",
                  "headers": {
                    "prefer": "return=minimal"
                  },
                  "body": \(changes)
                },
                {
                  "id": "2",
                  "atomicityGroup": "group1",
                  "method": "post",
                  "url": "/service/Customers",
                  "body": \(customer)
                },
                {
                  "id": "3",
                  "dependsOn": [ "group1" ],
                  "method": "get",
                  "url": "/service/Products"
                }
              ]
            }
            """
        #expect(text(JSONBatchWriter().body(for: batch)) == minified(example))
        // Other media types: text inline, binary as base64url.
        var b2 = BatchRequest()
        b2.add(BatchOperation(method: "PUT", url: "Photos(1)/$value", headers: [("Content-Type", "image/png")], body: [0xFB, 0xFF]))
        b2.add(BatchOperation(method: "PUT", url: "Notes(1)/$value", headers: [("Content-Type", "text/plain")], body: Array("a\"b".utf8)))
        #expect(text(JSONBatchWriter().body(for: b2)) == """
            {"requests":[{"id":"0","method":"put","url":"Photos(1)/$value","headers":{"content-type":"image/png"},"body":"-_8="},\
            {"id":"1","method":"put","url":"Notes(1)/$value","headers":{"content-type":"text/plain"},"body":"a\\"b"}]}
            """)
    }

    /// JSON text without the whitespace between tokens.
    private func minified(_ s: String) -> String {
        var out = "", inString = false, escaped = false
        for c in s {
            if inString {
                out.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else if c == "\"" { inString = true; out.append(c) } else if !c.isWhitespace { out.append(c) }
        }
        return out
    }

    @Test func odatapyMultipartResponse() throws {
        let r = try MultipartBatchReader.read(Array(PayloadBatchCaptures.odatapyV4Multipart.utf8),
                                              contentType: PayloadBatchCaptures.odatapyV4MultipartContentType)
        #expect(r.parts.count == 3)
        guard case .response(let get) = r.parts[0], case .changeSet(let cs) = r.parts[1], case .response(let missing) = r.parts[2] else {
            Issue.record("unexpected structure: \(r.parts)"); return
        }
        #expect(get.status == 200 && get.reason == "OK")
        #expect(get.header("etag") == "W/\"1\"")
        #expect(get.body.count == 283)
        #expect(cs.count == 1)
        #expect(cs[0].status == 201 && cs[0].contentID == "1")
        #expect(cs[0].header("Location") == "http://127.0.0.1:28411/catalog/Categories(900)")
        #expect(r.response(contentID: "1") == cs[0])
        #expect(missing.status == 404 && !missing.succeeded)
        // The bodies read like any response.
        let doc = try PayloadFixtures.model(xml: PayloadSampleModels.v4)
        _ = doc
        if PayloadFixtures.available {
            let catalog = try PayloadFixtures.model("served-odatapy-catalog.xml")
            let products = try PayloadFixtures.read(get.body, format: .v4JSON, model: catalog, target: .entitySet(try catalog.entitySet(withName: "Products")))
            #expect(products.entities.first?["Price"]?.description == "45.00")
            let e = #expect(throws: PayloadError.self) {
                _ = try PayloadFixtures.read(missing.body, format: .v4JSON, model: catalog, target: .entitySet(try catalog.entitySet(withName: "Products")))
            }
            #expect(e?.issue.kind == .serviceError)
        }
    }

    /// odatapy's known quirk: a percent-encoded key inside a batch gives 400; without continue-on-error the batch
    /// stops there, so the response has fewer parts than the request.
    @Test func odatapyStopsAtAPercentEncodedKey() throws {
        let r = try MultipartBatchReader.read(Array(PayloadBatchCaptures.odatapyPercentEncodedKey.utf8),
                                              contentType: PayloadBatchCaptures.odatapyPercentEncodedKeyContentType)
        #expect(r.responses.count == 1)
        #expect(r.responses[0].status == 400)
        #expect(r.responses[0].bodyText.contains("'%27ALFKI%27' for key 'CustomerID' is not a valid Edm.String literal"))
        // What the client writes keeps the key readable.
        #expect(URLEncoding.pathSegment("Customers('ALFKI')") == "Customers('ALFKI')")
    }

    @Test func mockSapV2MultipartResponse() throws {
        let r = try MultipartBatchReader.read(Array(PayloadBatchCaptures.mockSapV2Multipart.utf8),
                                              contentType: PayloadBatchCaptures.mockSapV2MultipartContentType)
        #expect(r.parts.count == 3)
        guard case .response(let get) = r.parts[0], case .changeSet(let cs) = r.parts[1], case .response(let missing) = r.parts[2] else {
            Issue.record("unexpected structure: \(r.parts)"); return
        }
        #expect(get.status == 200)
        #expect(get.header("content-type") == "application/json;charset=utf-8")
        #expect(cs.map(\.status) == [204])
        #expect(cs[0].body.isEmpty)
        #expect(cs[0].header("ETag") == "W/\"datetime'2025-08-05T00%3A00%3A00.001000'\"")
        #expect(missing.status == 404)
        if PayloadFixtures.available {
            let doc = try PayloadFixtures.model("served-mocksap-GWSAMPLE_BASIC-v2.xml")
            let target = PayloadTarget.entitySet(try doc.entitySet(withName: "BusinessPartnerSet"))
            let bp = try PayloadFixtures.read(get.body, format: .v2JSON, model: doc, target: target)
            #expect(bp.entities.first?["CompanyName"] == .string("SAP"))
            #expect(bp.entities.first?.etag == "W/\"datetime'2025-08-05T00%3A00%3A00'\"")
            let e = #expect(throws: PayloadError.self) { _ = try PayloadFixtures.read(missing.body, format: .v2JSON, model: doc, target: target) }
            #expect(e?.issue.got == "/IWBEP/CX_MGW_RESOURCE_NOT_FOUND")
        }
    }

    @Test func odatapyJSONBatchResponse() throws {
        let r = try JSONBatchReader.read(Array(PayloadBatchCaptures.odatapyJSONBatch.utf8))
        #expect(r.parts.count == 3)
        guard case .response(let get) = r.parts[0], case .changeSet(let group) = r.parts[1], case .response(let missing) = r.parts[2] else {
            Issue.record("unexpected structure: \(r.parts)"); return
        }
        #expect(get.contentID == "0" && get.status == 200)
        #expect(get.header("etag") == "W/\"1\"")
        #expect(group.map(\.contentID) == ["1"])
        #expect(group[0].atomicityGroup == "g1" && group[0].status == 201)
        #expect(group[0].header("location") == "http://127.0.0.1:28411/catalog/Categories(902)")
        #expect(missing.status == 404)
        #expect(missing.bodyText == "{\"error\":{\"code\":\"404\",\"message\":\"Entity not found.\"}}")
        if PayloadFixtures.available {
            let catalog = try PayloadFixtures.model("served-odatapy-catalog.xml")
            let products = try PayloadFixtures.read(get.body, format: .v4JSON, model: catalog, target: .entitySet(try catalog.entitySet(withName: "Products")))
            // odatapy's own quirk: inside a JSON batch its decimals lose their scale (45.0, not 45.00 as outside).
            #expect(products.entities.first?["Price"]?.description == "45.0")
            #expect(products.entities.first?["Price"] == .decimal(DecimalValue("45.00")!))
        }
    }

    @Test func lenientAboutLineEndsPaddingPreambleAndQuotedBoundaries() throws {
        let body = """
            This is a preamble.
            --b  \t
            Content-Type: application/http
            Content-ID:
             7

            HTTP/1.1 200 OK
            Content-Type: text/plain

            line one
            --b-not-this
            --b
            Content-Type: multipart/mixed; boundary="cs 1"

            --cs 1
            Content-Type: application/http

            HTTP/1.1 204 No Content


            --cs 1--
            --b--
            epilogue
            """
        let r = try MultipartBatchReader.read(Array(body.utf8), contentType: "multipart/mixed; boundary=\"b\"")
        #expect(r.responses.map(\.status) == [200, 204])
        #expect(r.responses[0].contentID == "7")
        #expect(r.responses[0].bodyText == "line one\n--b-not-this")
        #expect(throws: BatchFormatError.self) { _ = try MultipartBatchReader.read(Array(body.utf8), contentType: "multipart/mixed") }
        let cut = Array(PayloadBatchCaptures.odatapyV4Multipart.utf8)
        for n in [10, 200, 400, cut.count - 60] {
            #expect(throws: BatchFormatError.self) {
                _ = try MultipartBatchReader.read(Array(cut[..<n]), contentType: PayloadBatchCaptures.odatapyV4MultipartContentType)
            }
        }
        #expect(throws: BatchFormatError.self) { _ = try JSONBatchReader.read(Array("{\"responses\":[{\"id\":\"0\",\"status\":".utf8)) }
        // Chunks fed to the reader give the same result.
        let reader = MultipartBatchReader(contentType: PayloadBatchCaptures.mockSapV2MultipartContentType)
        let whole = Array(PayloadBatchCaptures.mockSapV2Multipart.utf8)
        for i in stride(from: 0, to: whole.count, by: 7) { whole[i..<min(i + 7, whole.count)].withUnsafeBytes { reader.feed($0) } }
        #expect(try reader.finish() == (try MultipartBatchReader.read(whole, contentType: PayloadBatchCaptures.mockSapV2MultipartContentType)))
    }
}
