import ODataClient

/// A person's sign-in without a profile: through the browser (the OAuth2 authorization code grant with PKCE,
/// `--authorize-url`) or with a code on another device (the device authorization grant, `--device-authorization-url`),
/// at the endpoints given (with `--token-endpoint`, `--client-id`, `--scope`). The client secret of a confidential
/// client comes from `ODSH_CLIENT_SECRET` (never an argument, which other users can see). Tokens last for the run
/// only; a profile (`auth = "browser"` or `"device"`) keeps the refresh token.
struct BrowserSignInSettings: Sendable, Equatable {
    /// The authorization endpoint; browser sign-in is asked for when it is given.
    var authorizeURL: String?
    /// The device authorization endpoint; device sign-in is asked for when it is given.
    var deviceAuthorizationURL: String?
    var tokenEndpoint: String?
    var clientID: String?
    var scope: String?

    /// Whether a person's sign-in was asked for.
    var isGiven: Bool { authorizeURL != nil || deviceAuthorizationURL != nil }

    /// The sign-in these settings describe, for a person at `terminal` if any. A run makes it once
    /// (`ServiceConnections`): its tokens are the run's.
    func signIn(environment: [String: String], terminal: TerminalFacts) -> OAuth2SignIn {
        let grant: OAuth2SignIn.Grant
        let before: @Sendable (OAuth2SignIn.PersonNeeded) throws -> Void
        if let deviceAuthorizationURL {
            grant = .deviceCode(PersonSignIn.device(at: deviceAuthorizationURL))
            before = PersonSignIn.oneRun(terminal: terminal).beforeDevice
        } else {
            var browser = BrowserAuthorization(authorizationEndpoint: authorizeURL ?? "", openURL: { _ in })
            let timeout = browser.timeout
            browser.openURL = { BrowserOpener(environment: environment).open($0, timeout: timeout) }
            grant = .authorizationCode(browser)
            before = PersonSignIn.oneRun(terminal: terminal).beforeBrowser
        }
        let secret = environment["ODSH_CLIENT_SECRET"].flatMap { $0.isEmpty ? nil : $0 }
        var s = OAuth2SignIn.Settings(tokenEndpoint: tokenEndpoint ?? "", clientID: clientID ?? "", clientSecret: secret, grant: grant)
        s.scope = scope
        s.beforeAskingPerson = before
        return OAuth2SignIn(s)
    }
}
