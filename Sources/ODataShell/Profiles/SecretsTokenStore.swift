import FoundationEssentials
import ODataClient

/// Keeps a profile's OAuth2 token (and a browser sign-in's refresh token) in its secret store between runs
/// (`token-cache = true`, and always for `auth = "browser"`).
struct SecretsTokenStore: OAuth2TokenStore {
    let store: any SecretStore
    let profile: String

    init(store: any SecretStore, profile: String) {
        self.store = store
        self.profile = profile
    }

    /// A plain secrets file (a profile's own `file:PATH`).
    init(path: String, profile: String) {
        self.init(store: PlainSecretStore(path), profile: profile)
    }

    /// Where the token is kept, for messages.
    var path: String { store.location }

    func loadToken() -> OAuth2Token? {
        guard let table = try? SecretsFile.load(store).table(profile: profile),
              let token = table["oauth2-token"]?.string, let obtained = table["oauth2-token-obtained"]?.number else { return nil }
        return OAuth2Token(accessToken: token, tokenType: table["oauth2-token-type"]?.string ?? "Bearer",
                           obtainedAt: Date(timeIntervalSince1970: obtained),
                           expiresAt: table["oauth2-token-expires"]?.number.map { Date(timeIntervalSince1970: $0) },
                           refreshToken: table["oauth2-refresh-token"]?.string)
    }

    func saveToken(_ token: OAuth2Token) {
        do {
            try SecretsFile.update(store, profile: profile, [
                ("oauth2-token", .string(token.accessToken)),
                ("oauth2-token-type", .string(token.tokenType)),
                ("oauth2-token-obtained", .float(token.obtainedAt.timeIntervalSince1970.rounded())),
                ("oauth2-token-expires", token.expiresAt.map { .float($0.timeIntervalSince1970.rounded(.down)) }),
                ("oauth2-refresh-token", token.refreshToken.map { .string($0) }),
            ])
        } catch {
            Stderr.write("odsh: warning: the OAuth2 token of profile \(profile) is not kept: \(error)\n")
        }
    }
}
