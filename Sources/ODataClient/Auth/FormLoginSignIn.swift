import FoundationEssentials
import Synchronization

/// Form login: POSTs user and password to a login URL, the way SAP's portal sign-in hands out a `MYSAPSSO2`
/// cookie, and keeps the cookies in the session (and so in its cookie jar). When a later request gets 401, the
/// login page (HTML where OData was asked for) or a redirect to the login URL, it signs in again with the same
/// credentials and the request is sent once more.
///
/// The first request goes out with whatever cookies the session has (a restored jar may still hold a valid one);
/// it signs in only when the service asks for it.
public final class FormLoginSignIn: SignIn, Sendable {
    /// Where and how to sign in.
    public struct Settings: Sendable {
        /// The URL the login form posts to.
        public var loginURL: String
        /// The user name posted in `userField`.
        public var user: String
        /// The password posted in `passwordField`.
        public var password: String
        /// The form field of the user name (SAP NetWeaver portal: `j_username`; ABAP: `sap-user`).
        public var userField = "j_username"
        /// The form field of the password (SAP NetWeaver portal: `j_password`; ABAP: `sap-password`).
        public var passwordField = "j_password"
        /// More fields the form needs (e.g. `login_submit=on`), posted after user and password.
        public var extraFields: [FormField] = []
        /// A User-Agent for the login request only; some portals answer browsers alone.
        public var userAgent: String?

        /// Settings for posting `user` and `password` to `loginURL`, with the portal's default field names.
        public init(loginURL: String, user: String, password: String) {
            self.loginURL = loginURL
            self.user = user
            self.password = password
        }
    }

    /// One name and value of a form.
    public struct FormField: Sendable, Equatable {
        /// The field's name.
        public var name: String
        /// The field's value.
        public var value: String
        /// A field of this name and value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Where and how it signs in.
    public let settings: Settings
    private let count = Mutex(0)

    /// A form login with these settings; nothing is posted until the service asks for it.
    public init(_ settings: Settings) {
        self.settings = settings
    }

    /// How often this sign-in has posted the login form.
    public var signInCount: Int {
        count.withLock { $0 }
    }

    /// Cookies travel with the session by themselves: nothing to add.
    public func authorize(_ request: inout HTTPRequest, session: SignInSession) throws {}

    /// Whether the answer asks for a sign-in: a 401, a redirect to the login URL, or an HTML page where OData was asked
    /// for.
    public func needsSignIn(_ response: HTTPResponseHead, request: HTTPRequest) -> Bool {
        if response.status == 401 { return true }
        if (300..<400).contains(response.status), let location = response.headers["Location"] {
            return pointsAtLoginURL(location, from: response.url)
        }
        if (200..<300).contains(response.status) {
            let type = (response.headers["Content-Type"] ?? "").lowercased()
            let wantsHTML = request.headers["Accept"]?.lowercased().contains("html") ?? false
            return type.hasPrefix("text/html") && !wantsHTML
        }
        return false
    }

    /// Posts the login form with the configured credentials; the session keeps the cookies it answers with.
    public func signInAgain(session: SignInSession) throws {
        count.withLock { $0 += 1 }
        let s = settings
        var fields = [(s.userField, s.user), (s.passwordField, s.password)]
        fields += s.extraFields.map { ($0.name, $0.value) }
        var request = HTTPRequest(method: .post, url: s.loginURL,
                                  headers: ["Content-Type": "application/x-www-form-urlencoded",
                                            "Accept": "text/html,application/xhtml+xml,*/*;q=0.8"],
                                  body: Data(FormURLEncoding.encode(fields).utf8))
        if let agent = s.userAgent { request.headers.set("User-Agent", agent) }
        do {
            _ = try session.send(request)
        } catch let error as ODataClientError {
            switch error.kind {
            case .redirectToOtherOrigin:
                return  // the portal sends the browser on elsewhere; the cookies are set by now
            case .http:
                throw ODataClientError(.signInFailed("form login at \(s.loginURL) for \(s.user) failed: \(error.summary)"),
                                       method: .post, url: s.loginURL)
            default:
                throw error
            }
        }
    }

    /// Whether a redirect's target is the login URL (scheme, host, port and path; the query may differ).
    func pointsAtLoginURL(_ location: String, from base: String) -> Bool {
        guard let target = URL(string: location, relativeTo: URL(string: base))?.absoluteURL,
              let login = URL(string: settings.loginURL) else { return false }
        func key(_ u: URL) -> String {
            "\(u.scheme?.lowercased() ?? "")://\(u.host?.lowercased() ?? ""):\(u.port ?? (u.scheme?.lowercased() == "https" ? 443 : 80))\(u.path)"
        }
        return key(target) == key(login)
    }
}
