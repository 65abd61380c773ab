import Foundation
import Testing
@testable import ODataClient

/// Which of the session's cookies a request carries, as a browser decides it (RFC 6265 section 5.4).
struct SessionCookiesTests {
    let lines = [
        "sap.example.com\tFALSE\t/\tFALSE\t0\tMYSAPSSO2\tsso-value",
        ".example.com\tTRUE\t/\tFALSE\t0\tWIDE\twide",
        "#HttpOnly_sap.example.com\tFALSE\t/sap/opu\tTRUE\t0\tSAP_SESSIONID_X\tsession",
        "sap.example.com\tFALSE\t/sap/opub\tFALSE\t0\tSIBLING\tno",
        "sap.example.com\tFALSE\t/\tFALSE\t1000\tEXPIRED\told",
        "other.example.org\tFALSE\t/\tFALSE\t0\tOTHER\tno",
        "# a comment",
        "short\tline",
    ]

    @Test func hostPathSecureAndExpiryDecide() {
        #expect(SessionCookies.header(for: "https://sap.example.com/sap/opu/odata/SVC/Items", lines: lines)
                == "MYSAPSSO2=sso-value; WIDE=wide; SAP_SESSIONID_X=session")
        #expect(SessionCookies.header(for: "http://sap.example.com/sap/opu/odata/SVC/", lines: lines)
                == "MYSAPSSO2=sso-value; WIDE=wide", "a secure cookie goes over https only")
        #expect(SessionCookies.header(for: "https://SAP.example.com/sap/opub/x", lines: lines)
                == "MYSAPSSO2=sso-value; WIDE=wide; SIBLING=no", "/sap/opu does not cover /sap/opub")
        #expect(SessionCookies.header(for: "https://api.example.com/", lines: lines) == "WIDE=wide", "only a domain cookie for subdomains")
        #expect(SessionCookies.header(for: "https://example.org/", lines: lines) == nil)
        #expect(SessionCookies.header(for: "not a url", lines: lines) == nil)
    }

    @Test func pathMatch() {
        #expect(SessionCookies.pathMatches("/sap/opu", "/sap/opu"))
        #expect(SessionCookies.pathMatches("/sap/opu/odata", "/sap/opu"))
        #expect(SessionCookies.pathMatches("/sap/opu/odata", "/sap/"))
        #expect(!SessionCookies.pathMatches("/sap/opub", "/sap/opu"))
        #expect(!SessionCookies.pathMatches("/", "/sap"))
    }
}
