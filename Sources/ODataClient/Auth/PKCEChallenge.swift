import FoundationEssentials

/// Proof Key for Code Exchange (RFC 7636) with the S256 method: a fresh random verifier, kept by the client, and
/// its SHA-256 challenge, sent with the authorization request. The token endpoint gives tokens for the code only to
/// whoever shows the verifier, so a code caught on its way back through the browser is of no use to anyone else.
public struct PKCEChallenge: Sendable {
    /// The secret kept until the code is exchanged: 43 characters of base64url (32 random bytes).
    public let verifier: String
    /// `BASE64URL(SHA256(verifier))`, sent as `code_challenge`.
    public let challenge: String
    /// Always `S256`: `plain` would show the verifier to anyone who sees the authorization request.
    public var method: String { "S256" }

    /// A fresh verifier from the system's cryptographic random source, and its challenge.
    public init() throws {
        try self.init(verifier: Self.randomText(bytes: 32))
    }

    /// The challenge of a given verifier (RFC 7636 appendix B gives one to check against).
    public init(verifier: String) throws {
        self.verifier = verifier
        do {
            challenge = Self.base64URL(try SAMLBearerAssertion.sha256(Data(verifier.utf8)))
        } catch let error as SAMLBearerAssertion.SigningError {
            throw ODataClientError(.signInFailed("PKCE needs SHA-256 from libcrypto: \(error.description)"), method: nil, url: "")
        }
    }

    /// `bytes` random bytes (getrandom(2) through `SystemRandomNumberGenerator`) as unpadded base64url: for the
    /// verifier and the `state` parameter.
    public static func randomText(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// Unpadded base64url (RFC 4648 section 5), as PKCE wants it.
    static func base64URL(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return String(text.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    }
}
