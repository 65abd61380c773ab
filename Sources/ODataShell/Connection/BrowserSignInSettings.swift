import ODataClient

/// Browser sign-in without a profile: the OAuth2 authorization code grant with PKCE at the endpoints given
/// (`--authorize-url`, `--token-endpoint`, `--client-id`, `--scope`). The client secret of a confidential client
/// comes from `ODSH_CLIENT_SECRET` (never an argument, which other users can see). Tokens last for the run only; a
/// profile (`auth = "browser"`) keeps the refresh token.
struct BrowserSignInSettings: Sendable, Equatable {
    /// The authorization endpoint; browser sign-in is asked for when it is given.
    var authorizeURL: String?
    var tokenEndpoint: String?
    var clientID: String?
    var scope: String?

    /// Whether browser sign-in was asked for.
    var isGiven: Bool { authorizeURL != nil }

    /// The sign-in these settings describe. A run makes it once (`ServiceConnections`): its tokens are the run's.
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
