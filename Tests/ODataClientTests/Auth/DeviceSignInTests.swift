import Foundation
import Synchronization
import Testing
@testable import ODataClient
import TestSupport

extension IntegrationTests {
    /// The device authorization grant (RFC 8628) end to end against scripts/testenv/auth-gateway.py, whose polls
    /// answer as each test scripts them. The waits between polls go to a clock of the test's own: no test waits
    /// for an interval, and each sees the intervals the client kept.
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct DeviceSignInThroughGateway {
        typealias MemoryStore = BrowserSignInThroughGateway.MemoryStore

        /// Time that passes only when the sign-in sleeps; it records each sleep.
        final class Clock: Sendable {
            let start = Date()
            let slept = Mutex<[Double]>([])
            let prompts = Mutex<[DeviceAuthorization.Prompt]>([])
            var now: @Sendable () -> Date { { self.start.addingTimeInterval(self.slept.withLock { $0.reduce(0, +) }) } }
            var wait: @Sendable (Double) throws -> Void { { seconds in self.slept.withLock { $0.append(seconds) } } }
            var sleeps: [Double] { slept.withLock { $0 } }
            var prompt: DeviceAuthorization.Prompt? { prompts.withLock { $0.last } }
        }

        func signIn(_ gateway: AuthGateway, _ clock: Clock, clientID: String = AuthGateway.publicClientID, secret: String? = nil,
                    store: (any OAuth2TokenStore)? = nil, sleep: (@Sendable (Double) throws -> Void)? = nil,
                    before: (@Sendable (OAuth2SignIn.PersonNeeded) throws -> Void)? = nil) -> OAuth2SignIn {
            var device = DeviceAuthorization(deviceAuthorizationEndpoint: gateway.base + "/device_authorization") { prompt in
                clock.prompts.withLock { $0.append(prompt) }
            }
            device.sleep = sleep ?? clock.wait
            device.now = clock.now
            var s = OAuth2SignIn.Settings(tokenEndpoint: gateway.base + "/token", clientID: clientID, clientSecret: secret,
                                          grant: .deviceCode(device))
            s.scope = "odata.read"
            s.tokenStore = store
            s.beforeAskingPerson = before
            return OAuth2SignIn(s)
        }

        /// The sign-in's error: a failed sign-in of one line that names no device code.
        func failure(_ signIn: OAuth2SignIn, _ gateway: AuthGateway) throws -> String {
            let error = try #require(throws: ODataClientError.self) { try metadata(signIn, gateway) }
            guard case .signInFailed(let text) = error.kind else {
                Issue.record("expected signInFailed, got \(error.kind)")
                return ""
            }
            #expect(!text.contains("\n"))
            #expect(!text.contains("device_code="))
            return text
        }

        @Test func theCodeIsShownPolledForThenTheRefreshTokenServes() throws {
            let gateway = try AuthGateway(deviceAnswers: ["pending", "pending", "allow"], deviceInterval: 3)
            let clock = Clock()
            let store = MemoryStore()
            #expect(try metadata(signIn(gateway, clock, store: store), gateway).contains("Customers"))
            let prompt = try #require(clock.prompt)
            #expect(prompt.userCode.count == 9 && prompt.userCode.contains("-"))
            #expect(prompt.verificationURI == gateway.base + "/device")
            #expect(prompt.verificationURIComplete == gateway.base + "/device?user_code=" + prompt.userCode)
            #expect(prompt.expiresIn == 600)
            #expect(clock.sleeps == [3, 3, 3], "one wait of the announced interval before each poll")
            #expect(gateway.count("device-authorization") == 1)
            #expect(gateway.count("device-poll:pending") == 2 && gateway.count("device-poll:allow") == 1)
            let first = try #require(store.loadToken())
            #expect(first.refreshToken != nil, "the refresh token is kept as the browser sign-in keeps it")

            // A later run: the access token has run out; the refresh token serves, and no code is asked for.
            store.stored.withLock { $0?.expiresAt = Date(timeIntervalSinceNow: -60); $0?.obtainedAt = Date(timeIntervalSinceNow: -3600) }
            let later = Clock()
            #expect(try metadata(signIn(gateway, later, store: store), gateway).contains("Customers"))
            #expect(later.prompt == nil && later.sleeps.isEmpty)
            #expect(gateway.count("token:refresh_token") == 1)
            #expect(gateway.count("device-authorization") == 1)
        }

        @Test func slowDownAddsFiveSecondsToTheInterval() throws {
            let gateway = try AuthGateway(deviceAnswers: ["slow_down", "pending", "slow_down", "allow"], deviceInterval: 1)
            let clock = Clock()
            #expect(try metadata(signIn(gateway, clock), gateway).contains("Customers"))
            #expect(clock.sleeps == [1, 6, 6, 11])
        }

        @Test func aConfidentialClientAuthenticatesAtBothEndpoints() throws {
            let gateway = try AuthGateway(deviceAnswers: ["allow"], deviceInterval: 2)
            let clock = Clock()
            #expect(try metadata(signIn(gateway, clock, clientID: AuthGateway.clientID, secret: AuthGateway.clientSecret), gateway).contains("Customers"))
            #expect(gateway.count("device-poll:allow") == 1)
        }

        @Test func expiredTokenFromTheServerEndsTheSignIn() throws {
            let gateway = try AuthGateway(deviceAnswers: ["pending", "expired"], deviceInterval: 2)
            let text = try failure(signIn(gateway, Clock()), gateway)
            #expect(text.contains("the code expired before the sign-in was approved (expired_token"), "\(text)")
            #expect(gateway.count("token:device") == 0 && gateway.count("device-poll:expired") == 1)
        }

        @Test func theCodesExpiresInEndsThePollingHere() throws {
            let gateway = try AuthGateway(deviceAnswers: ["pending"], deviceInterval: 5, deviceExpires: 12)
            let clock = Clock()
            let text = try failure(signIn(gateway, clock), gateway)
            #expect(text.contains("the code expired before the sign-in was approved (its expires_in passed, good for 12 s)"), "\(text)")
            #expect(clock.sleeps == [5, 5, 2], "no wait past the code's lifetime")
            #expect(gateway.count("device-poll:pending") == 2, "no poll after the code's lifetime")
        }

        @Test func aDeniedSignIn() throws {
            let gateway = try AuthGateway(deviceAnswers: ["pending", "deny"], deviceInterval: 1)
            let text = try failure(signIn(gateway, Clock()), gateway)
            #expect(text.contains("the sign-in was denied at \(gateway.base)/device (access_denied"), "\(text)")
        }

        @Test func googlesVerificationURLAndNoIntervalMeanFiveSeconds() throws {
            let google = try AuthGateway(deviceAnswers: ["allow"], deviceStyle: "google")
            let clock = Clock()
            #expect(try metadata(signIn(google, clock), google).contains("Customers"))
            #expect(clock.prompt?.verificationURI == google.base + "/device")
            #expect(clock.prompt?.verificationURIComplete == nil)
            let minimal = try AuthGateway(deviceAnswers: ["pending", "allow"], deviceStyle: "minimal")
            let plain = Clock()
            #expect(try metadata(signIn(minimal, plain), minimal).contains("Customers"))
            #expect(plain.sleeps == [5, 5], "RFC 8628 3.2: 5 s when the server names no interval")
            // A server that names 0 is not polled without a pause: a second at least.
            let eager = try AuthGateway(deviceAnswers: ["pending", "pending", "allow"], deviceInterval: 0)
            let kept = Clock()
            #expect(try metadata(signIn(eager, kept), eager).contains("Customers"))
            #expect(kept.sleeps == [1, 1, 1], "at least DeviceAuthorization.minimumInterval between polls")
        }

        @Test func errorsAnsweredWith200AreReadAsErrors() throws {
            let gateway = try AuthGateway(deviceAnswers: ["pending", "slow_down", "allow"], deviceInterval: 1, deviceStyle: "github")
            let clock = Clock()
            #expect(try metadata(signIn(gateway, clock), gateway).contains("Customers"))
            #expect(clock.sleeps == [1, 1, 6])
            let denying = try AuthGateway(deviceAnswers: ["deny"], deviceInterval: 1, deviceStyle: "github")
            #expect(try failure(signIn(denying, Clock()), denying).contains("access_denied"))
        }

        @Test func cancellingWhileWaitingNamesTheDeviceSignIn() throws {
            let gateway = try AuthGateway(deviceAnswers: ["pending"], deviceInterval: 60)
            let token = ODataClient.RequestCancellation()
            // The person presses Ctrl-C during the first wait: the real sleep sees it at once.
            let sleep: @Sendable (Double) throws -> Void = { seconds in
                token.cancel()
                try DeviceAuthorization.sleepUnlessCancelled(seconds)
            }
            let error = try #require(throws: ODataClientError.self) {
                try token.run { try metadata(signIn(gateway, Clock(), sleep: sleep), gateway) }
            }
            #expect(error.category == .cancelled)
            #expect(error.summary.hasPrefix("device sign-in at \(gateway.base)/device_authorization, waiting for the code to be approved: cancelled"),
                    "\(error.summary)")
            #expect(gateway.count("device-poll:pending") == 0)
        }

        @Test func whoIsAskedIsToldWhyAndCanStopItFirst() throws {
            let gateway = try AuthGateway(deviceAnswers: ["allow"], deviceInterval: 1)
            let store = MemoryStore()
            store.saveToken(OAuth2Token(accessToken: "old", obtainedAt: Date(timeIntervalSinceNow: -3600),
                                        expiresAt: Date(timeIntervalSinceNow: -60), refreshToken: "revoked-long-ago"))
            let reasons = Mutex<[OAuth2SignIn.PersonNeeded]>([])
            struct NobodyThere: Error {}
            let clock = Clock()
            let error = try #require(throws: NobodyThere.self) {
                try metadata(signIn(gateway, clock, store: store, before: { why in
                    reasons.withLock { $0.append(why) }
                    throw NobodyThere()
                }), gateway)
            }
            _ = error
            let why = try #require(reasons.withLock { $0.first })
            guard case .refreshTokenRefused(let words) = why else {
                Issue.record("expected the refused refresh token, got \(why)")
                return
            }
            #expect(words.contains("invalid_grant"))
            #expect(gateway.count("device-authorization") == 0 && clock.prompt == nil, "nothing asked of a person")
            // With nothing kept, the reason is the first sign-in.
            let fresh = Mutex<[OAuth2SignIn.PersonNeeded]>([])
            #expect(try metadata(signIn(gateway, Clock(), before: { why in fresh.withLock { $0.append(why) } }), gateway).contains("Customers"))
            #expect(fresh.withLock { $0 } == [.noRefreshToken])
        }
    }
}
