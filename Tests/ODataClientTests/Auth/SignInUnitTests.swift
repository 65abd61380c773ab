import Foundation
import Testing
@testable import ODataClient

/// The sign-in pieces that need no server: form encoding, token expiry, login-page detection.
struct SignInUnitTests {
    @Test func formEncodingEscapesEverythingButUnreservedCharacters() {
        #expect(FormURLEncoding.encode([("grant_type", "password"), ("username", "a b&c=d"), ("password", "ü/+%")])
                == "grant_type=password&username=a+b%26c%3Dd&password=%C3%BC%2F%2B%25")
        #expect(FormURLEncoding.encode([]) == "")
    }

    @Test func tokensAreRenewedShortlyBeforeTheyExpire() {
        let start = Date(timeIntervalSince1970: 1_000_000)
        let hour = OAuth2Token(accessToken: "t", obtainedAt: start, expiresAt: start.addingTimeInterval(3600))
        #expect(hour.isUsable(at: start.addingTimeInterval(3569), margin: 30))
        #expect(!hour.isUsable(at: start.addingTimeInterval(3571), margin: 30))
        // A short-lived token is renewed a tenth of its life early, not 30 s (which would be every time).
        let short = OAuth2Token(accessToken: "t", obtainedAt: start, expiresAt: start.addingTimeInterval(2))
        #expect(short.isUsable(at: start.addingTimeInterval(1.7), margin: 30))
        #expect(!short.isUsable(at: start.addingTimeInterval(1.85), margin: 30))
        let forever = OAuth2Token(accessToken: "t", obtainedAt: start, expiresAt: nil)
        #expect(forever.isUsable(at: start.addingTimeInterval(1e9), margin: 30))
        #expect(OAuth2Token(accessToken: "x", tokenType: "bearer").authorization == "Bearer x")
        #expect(OAuth2Token(accessToken: "x", tokenType: "MAC").authorization == "MAC x")
    }

    @Test func loginPagesAreRecognised() {
        let signIn = FormLoginSignIn(.init(loginURL: "https://portal.example:8443/irj/portal?x=1", user: "u", password: "p"))
        let odata = HTTPRequest(url: "https://portal.example:8443/sap/svc/$metadata", headers: ["Accept": "application/xml"])
        func head(_ status: Int, _ headers: HTTPHeaders) -> HTTPResponseHead {
            HTTPResponseHead(status: status, headers: headers, url: "https://portal.example:8443/sap/svc/$metadata")
        }
        #expect(signIn.needsSignIn(head(401, [:]), request: odata))
        #expect(signIn.needsSignIn(head(200, ["Content-Type": "text/html; charset=utf-8"]), request: odata))
        #expect(!signIn.needsSignIn(head(200, ["Content-Type": "application/xml"]), request: odata))
        #expect(!signIn.needsSignIn(head(200, ["Content-Type": "text/html"]),
                                    request: HTTPRequest(url: odata.url, headers: ["Accept": "text/html"])))
        #expect(signIn.needsSignIn(head(302, ["Location": "/irj/portal?redirect=%2Fsap"]), request: odata))
        #expect(signIn.needsSignIn(head(303, ["Location": "https://PORTAL.example:8443/irj/portal"]), request: odata))
        #expect(!signIn.needsSignIn(head(302, ["Location": "/sap/svc/other"]), request: odata))
        #expect(!signIn.needsSignIn(head(302, ["Location": "https://portal.example/irj/portal"]), request: odata), "another port")
        #expect(!signIn.needsSignIn(head(403, [:]), request: odata))
    }
}
