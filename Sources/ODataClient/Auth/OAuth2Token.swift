import FoundationEssentials

/// An OAuth2 access token with its type and expiry.
public struct OAuth2Token: Sendable, Equatable {
    /// The token itself, sent in `Authorization`.
    public var accessToken: String
    /// As the token endpoint named it; `bearer` in any case is sent as `Bearer`.
    public var tokenType: String
    /// When it was issued (as seen here).
    public var obtainedAt: Date
    /// When it expires; nil when the endpoint said nothing (then it is used until a 401).
    public var expiresAt: Date?
    /// The refresh token that came with it (a browser sign-in's), which gets new tokens without the browser.
    public var refreshToken: String?

    /// A token of this type, obtained and expiring when given.
    public init(accessToken: String, tokenType: String = "Bearer", obtainedAt: Date = Date(), expiresAt: Date? = nil,
                refreshToken: String? = nil) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.obtainedAt = obtainedAt
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
    }

    /// The `Authorization` header value.
    public var authorization: String {
        let type = tokenType.isEmpty || tokenType.lowercased() == "bearer" ? "Bearer" : tokenType
        return "\(type) \(accessToken)"
    }

    /// Whether the token is still good at `now`, renewing `margin` seconds before it expires. The margin is at
    /// most a tenth of the token's lifetime, so short-lived tokens are not renewed on every request.
    public func isUsable(at now: Date = Date(), margin: Double) -> Bool {
        guard let expiresAt else { return true }
        let lifetime = max(0, expiresAt.timeIntervalSince(obtainedAt))
        return now.addingTimeInterval(min(margin, lifetime / 10)) < expiresAt
    }
}

/// Keeps tokens between runs (the shell's secrets file); `OAuth2SignIn` asks it once and tells it every new token.
public protocol OAuth2TokenStore: Sendable {
    /// The stored token, if any.
    func loadToken() -> OAuth2Token?
    /// Stores a newly acquired token.
    func saveToken(_ token: OAuth2Token)
}
