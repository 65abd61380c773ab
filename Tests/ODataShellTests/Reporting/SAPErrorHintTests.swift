import Foundation
import Testing
@testable import ODataClient
@testable import ODataShell

/// `SAPErrorHint`: one line on what to check next, for the SAP Gateway answers that have one.
@Suite struct SAPErrorHintTests {
    static func sapBody(code: String, message: String, transaction: String? = "0123ABCD") -> ODataErrorResponse {
        let inner = transaction.map { #","innererror":{"transactionid":"\#($0)","errordetails":[{"code":"\#(code)","message":"\#(message)","severity":"error"}]}"# } ?? ""
        let body = #"{"error":{"code":"\#(code)","message":{"lang":"en","value":"\#(message)"}\#(inner)}}"#
        return ODataErrorResponse.parse(Data(body.utf8), contentType: "application/json")!
    }

    static func error(_ status: Int, _ odata: ODataErrorResponse?, url: String = "https://gw/sap/opu/odata/sap/Z_SRV/Orders",
                      headers: HTTPHeaders? = nil) -> ODataClientError {
        ODataClientError(.http(status: status, reason: "", odataError: odata, bodySummary: nil), method: .get, url: url, responseHeaders: headers)
    }

    @Test func transactionIDAndErrorDetailsAreRead() {
        let e = Self.sapBody(code: "/IWBEP/CM_MGW_RT/020", message: "Resource not found")
        #expect(e.transactionID == "0123ABCD")
        #expect(e.details.map(\.code) == ["/IWBEP/CM_MGW_RT/020"])
        #expect(SAPErrorHint.hint(for: Self.error(400, e)) == "details in /IWFND/ERROR_LOG (transaction id 0123ABCD) (gateway) or /IWBEP/ERROR_LOG (backend)")
    }

    @Test func aServiceThatIsNotActive() {
        let e = Self.sapBody(code: "/IWFND/MED/170", message: "No service found for namespace '/SAP/', name 'Z_SRV', version '0001'", transaction: nil)
        #expect(SAPErrorHint.hint(for: Self.error(404, e))?.contains("/IWFND/MAINT_SERVICE") == true)
        let other = Self.sapBody(code: "/IWBEP/CX_MGW_RESOURCE_NOT_FOUND", message: "Resource not found")
        #expect(SAPErrorHint.hint(for: Self.error(404, other, url: "https://gw/sap/opu/odata/sap/Z_SRV/$metadata"))?.contains("/IWFND/MAINT_SERVICE") == true)
        // A missing entity of an active service is not that.
        #expect(SAPErrorHint.hint(for: Self.error(404, other))?.contains("MAINT_SERVICE") == false)
    }

    @Test func forbiddenCSRFDumpAndBusy() {
        let e = Self.sapBody(code: "/IWBEP/CM_MGW_RT/000", message: "No authorization")
        #expect(SAPErrorHint.hint(for: Self.error(403, e))?.hasPrefix("not authorised: run transaction SU53") == true)
        var csrf = HTTPHeaders()
        csrf.set("X-CSRF-Token", "Required")
        #expect(SAPErrorHint.hint(for: Self.error(403, nil, headers: csrf))?.hasPrefix("the CSRF token check failed") == true)
        let dump = Self.sapBody(code: "/IWBEP/CM_MGW_RT/000", message: "Runtime Error: COMPUTE_INT_ZERODIVIDE")
        #expect(SAPErrorHint.hint(for: Self.error(500, dump))?.contains("ST22") == true)
        let busy = Self.sapBody(code: "/IWFND/CM_MGW_RT/000", message: "No dialog work process available")
        #expect(SAPErrorHint.hint(for: Self.error(503, busy))?.contains("SM59") == true)
    }

    @Test func aSignInPageAndErrorsOfOtherServicesGetNoSAPWords() {
        let page = DataServiceError(.notOData(contentType: "text/html", summary: "Logon", signInPage: true))
        #expect(SAPErrorHint.hint(for: page)?.hasPrefix("the service answered with a sign-in page") == true)
        let plain = ODataErrorResponse(code: "InvalidKey", message: "bad key")
        #expect(SAPErrorHint.hint(for: Self.error(400, plain)) == nil)
        #expect(SAPErrorHint.hint(for: Self.error(404, nil)) == nil)
        #expect(SAPErrorHint.hint(for: ODataClientError(.cancelled, method: .get, url: "x")) == nil)
    }

    /// A SAML identity provider's page in the HTTP-POST binding (a form that posts a SAMLRequest at once) is named,
    /// with the provider it posts to, and gets the same hint as the HTTP-Redirect binding.
    @Test func aSAMLPostBindingPageIsNamed() throws {
        let page = Data(("<!DOCTYPE html><HTML><head><title>Working...</title></head><body onload=\"document.forms[0].submit()\">"
                         + "<FORM Method=\"post\" ACTION='https://idp.example.com/sso?a=1&amp;b=2'>"
                         + "<input type=\"hidden\" NAME=\"SAMLRequest\" value=\"PHNhbWxw\"/></FORM>\u{00E9}</body></HTML>").utf8)
        let found = try #require(SAMLSignInPage.find(in: page))
        #expect(found.identityProvider == "https://idp.example.com/sso?a=1&b=2")
        let error = NotODataBody.error(page, contentType: "text/html")
        #expect(error.description == "the service answered with a sign-in page (text/html instead of OData: Working...): "
                + "a page that posts a SAML authentication request to https://idp.example.com/sso?a=1&b=2", "\(error)")
        #expect(SAPErrorHint.hint(for: error)?.contains("auth = \"browser\"") == true)
        let forged = Data("<form action=\"https://idp/\nodsh: forged\u{1B}[2J\"><input name=SAMLRequest></form>".utf8)
        #expect(SAMLSignInPage.find(in: forged)?.identityProvider == "https://idp/odsh: forged[2J", "no control characters")
        let noAction = Data("<html><form method=post><input name=SAMLRequest value=x></form></html>".utf8)
        #expect(SAMLSignInPage.find(in: noAction)?.identityProvider == "")
        let logon = Data("<html><form action=\"/login\"><input type=\"password\" name=\"p\"></form></html>".utf8)
        #expect(SAMLSignInPage.find(in: logon) == nil)
        #expect(SAPErrorHint.hint(for: NotODataBody.error(logon, contentType: "text/html"))?.hasPrefix("the service answered with a sign-in page") == true)
    }
}
