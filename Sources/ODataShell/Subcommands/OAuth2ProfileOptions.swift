import ArgumentParser
import ODataClient

/// The OAuth2 settings of `odsh profile add`: the endpoints (browser and device sign-in's too), the client, the scope, and the SAML bearer grant's
/// assertion; `apply(to:)` puts them into the profile.
struct OAuth2ProfileOptions: ParsableArguments {
    @Option(help: "Browser sign-in: the authorization endpoint URL (…/oauth/authorize).")
    var authorizeURL: String?

    @Option(help: "Device sign-in: the device authorization endpoint URL (…/devicecode, …/oauth/device/code).")
    var deviceAuthorizationURL: String?

    @Option(help: "OAuth2: the token endpoint URL.")
    var tokenEndpoint: String?

    @Option(help: "OAuth2: the client ID.")
    var clientID: String?

    @Option(help: "OAuth2: send the client's ID and secret as basic authentication or in the body (default: basic).")
    var clientAuth: String?

    @Option(help: "OAuth2: the scope to ask for.")
    var scope: String?

    @Flag(help: "OAuth2: keep tokens in the secrets file until they expire, for the next runs (always so for browser and device sign-in).")
    var tokenCache = false

    @Option(help: "SAML bearer (SuccessFactors): the company ID.")
    var companyID: String?

    @Option(help: ArgumentHelp("SAML bearer: the client's RSA private key (PEM) that signs the assertion.", valueName: "file"),
            completion: .file())
    var samlKey: String?

    @Option(help: ArgumentHelp("SAML bearer: the client's X.509 certificate (PEM), sent in the signature.", valueName: "file"),
            completion: .file())
    var samlCert: String?

    @Option(help: "SAML bearer: the assertion's audience (default: www.successfactors.com).")
    var samlAudience: String?

    /// Puts the settings given into `p`.
    func apply(to p: inout Profile) throws {
        if let clientAuth {
            guard let a = OAuth2SignIn.ClientAuthentication(rawValue: clientAuth) else { throw ValidationError("--client-auth is basic or body") }
            p.clientAuth = a
        }
        (p.authorizeURL, p.tokenEndpoint, p.clientID, p.scope, p.tokenCache) = (authorizeURL, tokenEndpoint, clientID, scope, tokenCache)
        p.deviceAuthorizationURL = deviceAuthorizationURL
        (p.companyID, p.samlKey, p.samlCert, p.samlAudience) = (companyID, samlKey, samlCert, samlAudience)
    }
}
