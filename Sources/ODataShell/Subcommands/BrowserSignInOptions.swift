import ArgumentParser
import ODataClient

/// Browser sign-in from the command line, without a profile: the OAuth2 authorization code grant with PKCE at the
/// endpoints given. The client secret of a confidential client comes from `ODSH_CLIENT_SECRET` (never an argument,
/// which other users can see). Tokens last for the run only; a profile (`auth = "browser"`) keeps the refresh token.
/// The four options are declared in `ConnectionOptions` itself, not as an option group of their own: each group is one
/// more type that swift-argument-parser reflects, decodes and looks protocol conformances up for on every run.
public struct BrowserSignInOptions: Sendable {
    /// The authorization endpoint (`--authorize-url`); browser sign-in is asked for when it is given.
    public var authorizeURL: String?
    /// The token endpoint (`--token-endpoint`).
    public var tokenEndpoint: String?
    /// The client ID (`--client-id`).
    public var clientID: String?
    /// The scope to ask for (`--scope`).
    public var scope: String?

    public init(authorizeURL: String? = nil, tokenEndpoint: String? = nil, clientID: String? = nil, scope: String? = nil) {
        (self.authorizeURL, self.tokenEndpoint, self.clientID, self.scope) = (authorizeURL, tokenEndpoint, clientID, scope)
    }

    /// Whether browser sign-in was asked for.
    public var isGiven: Bool { authorizeURL != nil }

    /// The checks of the options together (`ConnectionOptions.validate()` runs them first).
    public func validate() throws {
        guard isGiven else {
            if tokenEndpoint != nil || clientID != nil || scope != nil {
                throw ValidationError("--token-endpoint, --client-id and --scope go with --authorize-url (browser sign-in)")
            }
            return
        }
        if tokenEndpoint == nil || clientID == nil {
            throw ValidationError("--authorize-url needs --token-endpoint and --client-id")
        }
        for (option, url) in [("--authorize-url", authorizeURL ?? ""), ("--token-endpoint", tokenEndpoint ?? "")] where !MetadataLoader.isURL(url) {
            throw ValidationError("\(option) must be an http:// or https:// URL")
        }
    }

    /// The sign-in these options describe.
    func signIn(environment: [String: String]) -> OAuth2SignIn {
        var browser = BrowserAuthorization(authorizationEndpoint: authorizeURL ?? "", openURL: { _ in })
        let timeout = browser.timeout
        browser.openURL = { BrowserOpener(environment: environment).open($0, timeout: timeout) }
        let secret = environment["ODSH_CLIENT_SECRET"].flatMap { $0.isEmpty ? nil : $0 }
        var s = OAuth2SignIn.Settings(tokenEndpoint: tokenEndpoint ?? "", clientID: clientID ?? "", clientSecret: secret,
                                      grant: .authorizationCode(browser))
        s.scope = scope
        return OAuth2SignIn(s)
    }
}
