import FoundationEssentials
import ODataModel
#if canImport(Glibc)
import Glibc
#endif

/// A person's sign-in on another device: the OAuth 2.0 device authorization grant (RFC 8628), for a machine with
/// no browser (a server reached by ssh, a container). Use it as `OAuth2SignIn.Grant.deviceCode`.
///
/// The client asks the device authorization endpoint for a code, shows the person the user code and where to enter
/// it (`showCode`: the shell writes them on stderr), then polls the token endpoint at the interval the server asks
/// for (5 s when it names none, 5 s more after each `slow_down`) until the person has approved or denied the
/// sign-in, or the code expires (`expires_in`). The waits between polls go through `sleep`, which ends at once when
/// the request in effect is cancelled; a test gives a `sleep` and `now` of its own, so that it waits for nothing.
public struct DeviceAuthorization: Sendable {
    /// The device authorization endpoint (`.../oauth2/v2.0/devicecode`, `.../oauth/device/code`).
    public var deviceAuthorizationEndpoint: String
    /// Shows the person the user code and where to enter it; an error it throws ends the sign-in.
    public var showCode: @Sendable (Prompt) throws -> Void
    /// Waits this many seconds before the next poll; throws to end the sign-in. The default sleeps in short slices
    /// and throws `ODataClientError.Kind.cancelled` as soon as the request in effect is cancelled.
    public var sleep: @Sendable (Double) throws -> Void = DeviceAuthorization.sleepUnlessCancelled
    /// The time now, against which the code's expiry is measured.
    public var now: @Sendable () -> Date = { Date() }

    /// A device sign-in at this endpoint; `showCode` gets what the person must see.
    public init(deviceAuthorizationEndpoint: String, showCode: @escaping @Sendable (Prompt) throws -> Void) {
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.showCode = showCode
    }

    /// What the person needs to sign in (RFC 8628 section 3.2), without the device code, which is the client's alone.
    public struct Prompt: Sendable, Equatable {
        /// The code the person enters at `verificationURI`.
        public var userCode: String
        /// Where the person enters the code (`verification_uri`, or Google's `verification_url`).
        public var verificationURI: String
        /// The same with the code in it, when the server gives one (`verification_uri_complete`): no typing.
        public var verificationURIComplete: String?
        /// How many seconds the code is good for.
        public var expiresIn: Double

        /// What the server said, as given.
        public init(userCode: String, verificationURI: String, verificationURIComplete: String?, expiresIn: Double) {
            self.userCode = userCode
            self.verificationURI = verificationURI
            self.verificationURIComplete = verificationURIComplete
            self.expiresIn = expiresIn
        }
    }

    /// The interval between polls when the server names none (RFC 8628 section 3.2).
    public static let defaultInterval = 5.0
    /// The shortest interval kept: a server that names less (`"interval": 0`) would be polled without a pause, as
    /// fast as it answers, until the code expires.
    public static let minimumInterval = 1.0
    /// What each `slow_down` adds to the interval (RFC 8628 section 3.5).
    public static let slowDownStep = 5.0
    /// The code's lifetime when the server names none (it must: RFC 8628 section 3.2 makes `expires_in` required).
    static let defaultLifetime = 1800.0

    /// The device authorization response: what the person sees, the device code, and the poll interval.
    struct Issued {
        var prompt: Prompt
        var deviceCode: String
        var interval: Double
    }

    /// Reads the device authorization response (RFC 8628 section 3.2); what is wrong goes to `fail`.
    static func parse(_ body: Data, fail: (String) -> ODataClientError) throws -> Issued {
        guard let object = BodyJSON.object(body) else { throw fail("its answer is not a JSON object") }
        func text(_ name: String) -> String? {
            BodyJSON.member(object, name)?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        }
        func number(_ name: String) -> Double? {
            switch BodyJSON.member(object, name) {
            case .number(let text)?, .string(let text)?: return Double(text).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
            default: return nil
            }
        }
        guard let deviceCode = text("device_code") else { throw fail("its answer has no device_code") }
        guard let userCode = text("user_code") else { throw fail("its answer has no user_code") }
        guard let uri = text("verification_uri") ?? text("verification_url") else { throw fail("its answer has no verification_uri") }
        let prompt = Prompt(userCode: userCode, verificationURI: uri,
                            verificationURIComplete: text("verification_uri_complete") ?? text("verification_url_complete"),
                            expiresIn: number("expires_in") ?? defaultLifetime)
        return Issued(prompt: prompt, deviceCode: deviceCode, interval: max(minimumInterval, number("interval") ?? defaultInterval))
    }

    /// Sleeps `seconds` in slices of at most a tenth of a second, throwing `ODataClientError.Kind.cancelled` as soon
    /// as the request in effect (or the task) is cancelled.
    public static func sleepUnlessCancelled(_ seconds: Double) throws {
        let deadline = Date().addingTimeInterval(max(0, seconds))
        while true {
            if RequestCancellation.isCancelled || Task.isCancelled {
                throw ODataClientError(.cancelled, method: nil, url: "")
            }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return }
            usleep(useconds_t(min(left, 0.1) * 1_000_000))
        }
    }
}
