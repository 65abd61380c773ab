import Foundation
import Testing
@testable import ODataClient

/// Error bodies as the three OData dialects and a few web servers write them.
struct ODataErrorResponseTests {
    func parse(_ text: String, _ type: String?) -> ODataErrorResponse? {
        ODataErrorResponse.parse(Data(text.utf8), contentType: type)
    }

    @Test func v4JSON() throws {
        let body = """
            {"error":{"code":"BadRequest","message":"Property 'Nme' is unknown.","target":"Nme",
             "details":[{"code":"NullValue","message":"Name must not be null","target":"Name"}],
             "innererror":{"trace":"at X.Y()","context":{"id":7}}}}
            """
        let e = try #require(parse(body, "application/json; odata.metadata=minimal"))
        #expect(e.code == "BadRequest")
        #expect(e.message == "Property 'Nme' is unknown.")
        #expect(e.target == "Nme")
        #expect(e.language == nil)
        #expect(e.details == [.init(code: "NullValue", message: "Name must not be null", target: "Name")])
        #expect(e.innerError == #"{"context":{"id":7},"trace":"at X.Y()"}"#)
    }

    @Test func sapV2JSONWithErrorDetails() throws {
        let body = """
            {"error":{"code":"/IWBEP/CM_MGW_RT/020","message":{"lang":"en","value":"Enter a valid quantity"},
             "innererror":{"transactionid":"ABC","errordetails":[
               {"code":"VBAK/123","message":"Quantity must be positive","propertyref":"Quantity","severity":"error","target":""},
               {"code":"VBAK/124","message":"Check the unit","propertyref":"","severity":"warning","target":"Unit"}]}}}
            """
        let e = try #require(parse(body, "application/json;charset=utf-8"))
        #expect(e.code == "/IWBEP/CM_MGW_RT/020")
        #expect(e.message == "Enter a valid quantity")
        #expect(e.language == "en")
        #expect(e.details == [
            .init(code: "VBAK/123", message: "Quantity must be positive", target: "Quantity", severity: "error"),
            .init(code: "VBAK/124", message: "Check the unit", target: "Unit", severity: "warning"),
        ])
        #expect(e.innerError == #"{"transactionid":"ABC"}"#)
    }

    @Test func v3ODataErrorKey() throws {
        let e = try #require(parse(#"{"odata.error":{"code":"","message":{"lang":"en-US","value":"Resource not found."}}}"#, nil))
        #expect(e.message == "Resource not found.")
        #expect(e.language == "en-US")
    }

    @Test func sapV2XML() throws {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <m:error xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
              <m:code>SY/530</m:code>
              <m:message xml:lang="de">Kunde 42 existiert nicht</m:message>
              <m:innererror>
                <m:transactionid>4711</m:transactionid>
                <m:errordetails>
                  <m:errordetail><m:code>SY/530</m:code><m:message>Kunde 42 existiert nicht</m:message>
                    <m:propertyref>Customer</m:propertyref><m:severity>error</m:severity><m:target/></m:errordetail>
                </m:errordetails>
              </m:innererror>
            </m:error>
            """
        let e = try #require(parse(body, "application/xml"))
        #expect(e.code == "SY/530")
        #expect(e.message == "Kunde 42 existiert nicht")
        #expect(e.language == "de")
        #expect(e.details == [.init(code: "SY/530", message: "Kunde 42 existiert nicht", target: "Customer", severity: "error")])
        #expect(e.innerError == "transactionid: 4711")
    }

    @Test func v4XMLWithDetails() throws {
        let body = """
            <error xmlns="http://docs.oasis-open.org/odata/ns/metadata"><code>E1</code><message>Bad</message>
            <target>Name</target><details><detail><code>E2</code><message>Worse</message><target>Age</target></detail></details></error>
            """
        let e = try #require(parse(body, "application/xml"))
        #expect(e.code == "E1" && e.message == "Bad" && e.target == "Name")
        #expect(e.details == [.init(code: "E2", message: "Worse", target: "Age")])
    }

    @Test func notODataErrors() {
        #expect(parse("<html><head><title>Oops</title></head></html>", "text/html") == nil)
        #expect(parse(#"{"value":[]}"#, "application/json") == nil)
        #expect(parse("{not json", "application/json") == nil)
        #expect(parse("<error><code>unclosed", "application/xml") == nil)
        #expect(parse("", "application/json") == nil)
        #expect(parse("Service Unavailable", "text/plain") == nil)
    }

    @Test func bodySummaries() {
        func summary(_ text: String, _ type: String?) -> String? {
            ResponseBodySummary.summarize(Data(text.utf8), contentType: type)
        }
        #expect(summary("<html><head><title> 502 Bad\n  Gateway </title></head><body>x</body></html>", "text/html") == "502 Bad Gateway")
        #expect(summary("<html><body><script>var a = 1;</script><h1>Login &amp; more</h1></body></html>", "text/html") == "Login & more")
        #expect(summary("\n\n  upstream connect error  \nsecond line", "text/plain") == "upstream connect error")
        #expect(summary(String(repeating: "x", count: 500), "text/plain")!.count == ResponseBodySummary.limit)
        #expect(summary("\u{1}\u{2}", "image/png") == "2 bytes of image/png")
        #expect(summary("", "text/plain") == nil)
    }

    @Test func errorSummaryAndDetails() {
        let odata = ODataErrorResponse(code: "C1", message: "It failed", target: "Name",
                                       details: [.init(code: "D1", message: "because", target: "Age", severity: "error")],
                                       innerError: "trace")
        let e = ODataClientError(.http(status: 400, reason: "", odataError: odata, bodySummary: nil), method: .patch,
                                 url: "https://user:secret@host/svc/People(1)")
        #expect(e.summary == "HTTP 400 Bad Request: It failed [C1]")
        #expect(e.details == """
            request: PATCH https://user:<redacted>@host/svc/People(1)
            code: C1
            target: Name
            detail: [error] D1: because (target: Age)
            inner error: trace
            """)
        #expect(e.httpStatus == 400 && !e.isTransportFailure)
        let t = ODataClientError(.timeout(curlText: "Operation timed out after 1000 milliseconds"), method: .get, url: "http://h/x")
        #expect(t.isTransportFailure)
        #expect(t.summary == "GET http://h/x: timed out: Operation timed out after 1000 milliseconds")
    }
}
