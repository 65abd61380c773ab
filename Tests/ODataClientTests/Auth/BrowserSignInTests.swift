import Foundation
import Synchronization
import Testing
@testable import ODataClient
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct PKCEChallengeTests {
    @Test func theChallengeOfRFC7636AppendixB() throws {
        let pkce = try PKCEChallenge(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(pkce.method == "S256")
    }

    @Test func freshVerifiersAreLongRandomAndUnreserved() throws {
        let a = try PKCEChallenge(), b = try PKCEChallenge()
        #expect(a.verifier != b.verifier)
        #expect(a.verifier.count == 43, "RFC 7636: 43 to 128 characters")
        #expect(a.verifier.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._~".contains($0)) })
    }

    @Test func theRedirectPageEscapesWhatItShows() {
        #expect(LoopbackRedirectListener.Redirect.escapeHTML("<script>alert('x')</script>&\"")
                == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;")
    }
}

extension IntegrationTests {
    /// The authorization code grant with PKCE, end to end: scripts/testenv/auth-gateway.py is the authorization
    /// server, scripts/testenv/scripted-browser.py the browser that the open-URL closure starts.
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct BrowserSignInThroughGateway {
        /// Keeps tokens in memory, as the shell's store keeps them in a file: a second sign-in with it is a later run.
        final class MemoryStore: OAuth2TokenStore, Sendable {
            let stored = Mutex<OAuth2Token?>(nil)
            func loadToken() -> OAuth2Token? { stored.withLock { $0 } }
            func saveToken(_ token: OAuth2Token) { stored.withLock { $0 = token } }
        }

        /// A browser that runs scripted-browser.py on the URL; `opened` counts the URLs it got.
        final class ScriptedBrowser: Sendable {
            let log = NSTemporaryDirectory() + "odsh-browser-\(getpid())-\(UUID().uuidString.prefix(6)).log"
            let command: [String]
            let urls = Mutex<[String]>([])

            init(mode: String = "follow", delay: Double = 0) {
                command = AuthGateway.scriptedBrowser(mode: mode, delay: delay, log: log)
                ExitCleanup.remove(atExit: log)
            }

            var open: @Sendable (String) throws -> Void {
                { url in
                    self.urls.withLock { $0.append(url) }
                    // It forks and returns at once, as xdg-open does.
                    let result = try Spawn.run(self.command + [url], timeout: 20)
                    if result.status != 0 { throw Spawn.Failure("the scripted browser failed: \(result.stderr)") }
                }
            }

            /// The log's steps; waits (until `Wait.hang`) for `step` to appear (the browser finishes on its own).
            func steps(waitingFor step: String? = nil) -> [[String: Any]] {
                var steps: [[String: Any]] = []
                let found = Wait.poll {
                    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                    steps = text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                    return step == nil || steps.contains(where: { $0["step"] as? String == step })
                }
                return found ? steps : []
            }

            /// The page the listener answered the browser with.
            var finalPage: (status: Int, body: String)? {
                guard let last = steps(waitingFor: "redirect").last(where: { $0["step"] as? String == "redirect" }) else { return nil }
                return (last["status"] as? Int ?? 0, last["body"] as? String ?? "")
            }
        }

        func signIn(_ gateway: AuthGateway, _ browser: ScriptedBrowser, clientID: String = AuthGateway.clientID,
                    secret: String? = AuthGateway.clientSecret, tokenEndpoint: String? = nil, timeout: Double = 20,
                    store: (any OAuth2TokenStore)? = nil) -> OAuth2SignIn {
            var authorization = BrowserAuthorization(authorizationEndpoint: gateway.base + "/authorize", openURL: browser.open)
            authorization.timeout = timeout
            var s = OAuth2SignIn.Settings(tokenEndpoint: tokenEndpoint ?? gateway.base + "/token", clientID: clientID,
                                          clientSecret: secret, grant: .authorizationCode(authorization))
            s.scope = "odata.read"
            s.tokenStore = store
            return OAuth2SignIn(s)
        }

        /// The sign-in's error, which must be a failed sign-in of one line naming no secret of the exchange.
        func failure(_ signIn: OAuth2SignIn, _ gateway: AuthGateway, _ browser: ScriptedBrowser) throws -> String {
            let error = try #require(throws: ODataClientError.self) { try metadata(signIn, gateway) }
            guard case .signInFailed(let text) = error.kind else {
                Issue.record("expected signInFailed, got \(error.kind)")
                return ""
            }
            #expect(!text.contains("\n"))
            #expect(!text.contains(AuthGateway.clientSecret))
            for step in browser.steps() {
                if let location = step["location"] as? String, let code = URLComponents(string: location)?.queryItems?.first(where: { $0.name == "code" })?.value {
                    #expect(!text.contains(code), "the error names no authorization code")
                }
            }
            return text
        }

        @Test func signsInThroughTheBrowserThenRefreshesWithoutIt() throws {
            let gateway = try Fixtures.shared.authGateway()
            let mark = gateway.mark
            let browser = ScriptedBrowser()
            let store = MemoryStore()
            #expect(try metadata(signIn(gateway, browser, store: store), gateway).contains("Customers"))
            let url = try #require(browser.urls.withLock { $0.first })
            let query = Dictionary(uniqueKeysWithValues: (URLComponents(string: url)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
            #expect(query["response_type"] == "code")
            #expect(query["code_challenge_method"] == "S256")
            #expect(query["code_challenge"]?.count == 43)
            #expect((query["state"]?.count ?? 0) >= 20)
            #expect(query["redirect_uri"]?.hasPrefix("http://127.0.0.1:") == true)
            #expect(query["scope"] == "odata.read")
            #expect(!url.contains(AuthGateway.clientSecret), "the secret never goes to the browser")
            #expect(gateway.count("authorize", since: mark) == 1)
            #expect(gateway.count("token:authorization_code", since: mark) == 1)
            let page = try #require(browser.finalPage)
            #expect(page.status == 200)
            #expect(page.body.contains("Signed in"))
            let first = try #require(store.loadToken())
            #expect(first.refreshToken != nil, "the refresh token is kept with the token")

            // A later run: the access token has expired, the refresh token serves; no browser.
            store.stored.withLock { $0?.expiresAt = Date(timeIntervalSinceNow: -60); $0?.obtainedAt = Date(timeIntervalSinceNow: -3600) }
            let later = ScriptedBrowser()
            let again = signIn(gateway, later, store: store)
            #expect(try metadata(again, gateway).contains("Customers"))
            #expect(later.urls.withLock { $0.isEmpty }, "no browser while the refresh token is good")
            #expect(gateway.count("token:refresh_token", since: mark) == 1)
            #expect(gateway.count("authorize", since: mark) == 1)
            let renewed = try #require(store.loadToken())
            #expect(renewed.refreshToken != first.refreshToken, "the server's new refresh token replaces the old one")
        }

        @Test func aPublicClientSendsItsIDAndNoSecret() throws {
            let gateway = try Fixtures.shared.authGateway()
            let mark = gateway.mark
            #expect(try metadata(signIn(gateway, ScriptedBrowser(), clientID: AuthGateway.publicClientID, secret: nil), gateway).contains("Customers"))
            #expect(gateway.count("token:authorization_code", since: mark) == 1)
        }

        @Test func aRefreshTokenNoLongerGoodAsksTheBrowserAgain() throws {
            let gateway = try Fixtures.shared.authGateway()
            let mark = gateway.mark
            let store = MemoryStore()
            store.saveToken(OAuth2Token(accessToken: "old", obtainedAt: Date(timeIntervalSinceNow: -3600),
                                        expiresAt: Date(timeIntervalSinceNow: -60), refreshToken: "revoked-long-ago"))
            let browser = ScriptedBrowser()
            #expect(try metadata(signIn(gateway, browser, store: store), gateway).contains("Customers"))
            #expect(browser.urls.withLock { $0.count } == 1)
            #expect(gateway.requests(since: mark).contains("400 /token"), "the refresh was tried first")
            #expect(gateway.count("token:authorization_code", since: mark) == 1)
        }

        @Test func deniedConsent() throws {
            let gateway = try AuthGateway(consentDenied: true)
            let mark = gateway.mark
            let browser = ScriptedBrowser()
            let text = try failure(signIn(gateway, browser), gateway, browser)
            #expect(text.contains("access was denied"))
            #expect(text.contains("access_denied"))
            #expect(gateway.requests(since: mark).allSatisfy { !$0.contains("/token") }, "no token is asked for")
            let page = try #require(browser.finalPage)
            #expect(page.status == 400)
            #expect(page.body.contains("access_denied"))
        }

        @Test func aWrongStateIsRefusedAndNothingIsExchanged() throws {
            let gateway = try Fixtures.shared.authGateway()
            let mark = gateway.mark
            let browser = ScriptedBrowser(mode: "wrong-state")
            let text = try failure(signIn(gateway, browser), gateway, browser)
            #expect(text.contains("state that is not this sign-in's"))
            #expect(gateway.count("authorize", since: mark) == 1)
            #expect(gateway.requests(since: mark).allSatisfy { !$0.contains("/token") }, "the code of a forged answer is not used")
            let page = try #require(browser.finalPage)
            #expect(page.status == 400)
            #expect(!page.body.contains("forged-state"), "the page echoes nothing of the request")
        }

        @Test func anExpiredCodeIsRefusedByTheTokenEndpoint() throws {
            let gateway = try AuthGateway(codeSeconds: 0.5)
            let browser = ScriptedBrowser(delay: 1.2)
            let text = try failure(signIn(gateway, browser), gateway, browser)
            #expect(text.contains("refused the authorization code (invalid_grant"))
            #expect(text.contains("code expired"))
            #expect(browser.finalPage?.status == 400)
        }

        @Test func aCodeIssuedForAnotherChallengeIsRefused() throws {
            let gateway = try Fixtures.shared.authGateway()
            let browser = ScriptedBrowser(mode: "tamper-challenge")
            let text = try failure(signIn(gateway, browser), gateway, browser)
            #expect(text.contains("invalid_grant"))
            #expect(text.contains("PKCE verification failed"))
        }

        @Test func noRedirectEndsTheWaitInTime() throws {
            let gateway = try Fixtures.shared.authGateway()
            let browser = ScriptedBrowser(mode: "ignore")
            // The wait's own limit ended it (its message), not the gateway or anything else.
            let text = try failure(signIn(gateway, browser, timeout: 1), gateway, browser)
            #expect(text.contains("no answer came back from the browser within 1 s"))
        }

        @Test func cancellingEndsTheWaitAtOnce() throws {
            let gateway = try Fixtures.shared.authGateway()
            let token = ODataClient.RequestCancellation()
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { token.cancel() }
            // The wait's own limit (60 s) would end it with a timeout: a cancellation says the token ended it.
            let error = try #require(throws: ODataClientError.self) {
                try token.run { try metadata(signIn(gateway, ScriptedBrowser(mode: "ignore"), timeout: 60), gateway) }
            }
            #expect(error.category == .cancelled)
            // Named as the sign-in it ended, not as the loopback listener (http://127.0.0.1:PORT/: cancelled).
            #expect(error.summary.hasPrefix("browser sign-in at \(gateway.base)/authorize, waiting for the browser: cancelled"), "\(error.summary)")
            if case .signInFailed(let text) = error.kind { Issue.record("ended by the wait's limit, not the cancellation: \(text)") }
        }

        @Test func theCodeAndSecretDoNotFollowATokenEndpointToAnotherOrigin() throws {
            let gateway = try Fixtures.shared.authGateway()
            let elsewhere = try AuthGateway()
            let mark = gateway.mark
            let moved = gateway.base + "/token-moved?to=" + (elsewhere.base + "/token").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let error = try #require(throws: ODataClientError.self) { try metadata(signIn(gateway, ScriptedBrowser(), tokenEndpoint: moved), gateway) }
            guard case .redirectToOtherOrigin = error.kind else {
                Issue.record("expected the redirect to another origin to be refused, got \(error.kind)")
                return
            }
            // The gateway logs after it answered: wait for its line.
            try Wait.until("the gateway to log the token-moved request") { gateway.count("token-moved", since: mark) > 0 }
            #expect(gateway.count("token-moved", since: mark) == 1)
            #expect(elsewhere.entries().isEmpty, "the other origin got nothing")
        }

        @Test func otherRequestsToTheListenerAreAnswered404AndTheWaitGoesOn() throws {
            let listener = try LoopbackRedirectListener()
            let out = NSTemporaryDirectory() + "odsh-listener-\(getpid())-\(UUID().uuidString.prefix(6))"
            defer { unlink(out) }
            let favicon = try Spawn.start(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", listener.redirectURI + "favicon.ico"],
                                          stdout: out + ".1", stderr: "/dev/null")
            let redirect = try Spawn.start(["sh", "-c", "sleep 0.3; curl -s '\(listener.redirectURI)?code=abc&state=<b>x</b>'"],
                                           stdout: out + ".2", stderr: "/dev/null")
            let got = try #require(try listener.waitForRedirect(timeout: 10))
            #expect(got["code"] == "abc")
            #expect(got["state"] == "<b>x</b>")
            got.respond(succeeded: false, message: got["state"]!)
            var status: Int32 = 0
            waitpid(favicon, &status, 0)
            waitpid(redirect, &status, 0)
            #expect((try? String(contentsOfFile: out + ".1", encoding: .utf8)) == "404")
            let page = (try? String(contentsOfFile: out + ".2", encoding: .utf8)) ?? ""
            #expect(page.contains("&lt;b&gt;x&lt;/b&gt;"))
            #expect(!page.contains("<b>x"))
            unlink(out + ".1")
            unlink(out + ".2")
        }
    }
}
