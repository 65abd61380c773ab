import ArgumentParser
import ODataClient

/// Browser sign-in from the command line, without a profile: the OAuth2 authorization code grant with PKCE at the
/// endpoints given. The client secret of a confidential client comes from `ODSH_CLIENT_SECRET` (never an argument,
/// which other users can see). Tokens last for the run only; a profile (`auth = "browser"`) keeps the refresh token.
public struct BrowserSignInOptions: ParsableArguments {
    public init() {}

    @Option(name: .customLong("authorize-url"),
            help: ArgumentHelp("Sign in through your browser at this OAuth2 authorization endpoint (with --token-endpoint and --client-id; "
                               + "a confidential client's secret from $ODSH_CLIENT_SECRET).", valueName: "url"))
    public var authorizeURL: String?

    @Option(name: .customLong("token-endpoint"), help: ArgumentHelp("Browser sign-in: the OAuth2 token endpoint.", valueName: "url"))
    public var tokenEndpoint: String?

    @Option(name: .customLong("client-id"), help: ArgumentHelp("Browser sign-in: the OAuth2 client ID.", valueName: "id"))
    public var clientID: String?

    @Option(name: .customLong("scope"), help: ArgumentHelp("Browser sign-in: the scope to ask for.", valueName: "scope"))
    public var scope: String?

    /// Whether browser sign-in was asked for.
    public var isGiven: Bool { authorizeURL != nil }

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
