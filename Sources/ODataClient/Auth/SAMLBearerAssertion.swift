import CCrypto
import ODataModel
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A SAML 2.0 assertion for the OAuth2 SAML bearer grant (RFC 7522), signed with the client's private key: how
/// SAP SuccessFactors' `/oauth/token` lets an API client act as a user. The assertion names the user (NameID), the
/// issuer, the audience, the token endpoint as recipient, a validity window and an authentication statement, with
/// the client's API key as the attribute `api_key`; it carries an enveloped XML signature (exclusive C14N,
/// RSA-SHA256, SHA-256 digest) and, when given, the client's X.509 certificate.
///
/// The XML is written in its exclusive canonical form from the start (no declaration, sorted attributes, no
/// empty-element tags, one namespace declaration on the root), so what is digested and signed is exactly what is sent.
public struct SAMLBearerAssertion: Sendable, Equatable {
    /// The user the token is for (SuccessFactors: the user ID, or the user name when the client is set up so).
    public var user: String
    /// The `Issuer`; SuccessFactors takes the client ID (API key).
    public var issuer: String
    /// The client ID (API key), sent as the attribute `api_key`.
    public var clientID: String
    /// The `Audience`; SuccessFactors expects `www.successfactors.com`.
    public var audience: String
    /// The `Recipient` of the subject confirmation: the token endpoint's URL.
    public var recipient: String
    /// The client's RSA private key (PEM, unencrypted).
    public var privateKeyPEM: String
    /// The client's X.509 certificate (PEM), put in the signature's KeyInfo when given.
    public var certificatePEM: String?
    /// How long the assertion is valid, in seconds.
    public var lifetime: Double = 600
    /// How far back `NotBefore` lies, for clocks that run behind.
    public var clockSkew: Double = 60

    /// The audience SAP SuccessFactors expects in an assertion.
    public static let successFactorsAudience = "www.successfactors.com"

    /// An assertion for `user`, issued for `clientID` (unless `issuer` names another issuer) to `recipient` (the token
    /// endpoint), signed with `privateKeyPEM`.
    public init(user: String, clientID: String, recipient: String, privateKeyPEM: String, certificatePEM: String? = nil,
                issuer: String? = nil, audience: String = SAMLBearerAssertion.successFactorsAudience) {
        self.user = user
        self.clientID = clientID
        self.issuer = issuer ?? clientID
        self.audience = audience
        self.recipient = recipient
        self.privateKeyPEM = privateKeyPEM
        self.certificatePEM = certificatePEM
    }

    /// Why an assertion could not be made (a key that is not an RSA private key, libcrypto missing). Its category
    /// is `.usage`: the key, the certificate or the machine's libcrypto given to odsh is not what signing needs.
    public struct SigningError: CategorizedError, CustomStringConvertible {
        /// `usage`: what was given to sign with cannot sign.
        public var category: ErrorCategory { .usage }
        /// What went wrong, in one line.
        public var description: String
    }

    static let samlNS = "urn:oasis:names:tc:SAML:2.0:assertion"
    static let dsigNS = "http://www.w3.org/2000/09/xmldsig#"
    static let excC14N = "http://www.w3.org/2001/10/xml-exc-c14n#"

    /// The signed assertion's XML, issued at `now` with a fresh ID.
    public func signed(at now: Date = Date()) throws -> String {
        let id = "_" + (0..<16).map { _ in Self.padded(Int(UInt8.random(in: 0...255)), 2, radix: 16) }.joined()
        let issued = Self.timestamp(now)
        let notBefore = Self.timestamp(now.addingTimeInterval(-clockSkew))
        let notOnOrAfter = Self.timestamp(now.addingTimeInterval(lifetime))
        let head = "<saml2:Assertion xmlns:saml2=\"\(Self.samlNS)\" ID=\"\(id)\" IssueInstant=\"\(issued)\" Version=\"2.0\">"
            + "<saml2:Issuer>\(Self.text(issuer))</saml2:Issuer>"
        let body = "<saml2:Subject>"
            + "<saml2:NameID Format=\"urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified\">\(Self.text(user))</saml2:NameID>"
            + "<saml2:SubjectConfirmation Method=\"urn:oasis:names:tc:SAML:2.0:cm:bearer\">"
            + "<saml2:SubjectConfirmationData NotOnOrAfter=\"\(notOnOrAfter)\" Recipient=\"\(Self.attribute(recipient))\">"
            + "</saml2:SubjectConfirmationData></saml2:SubjectConfirmation></saml2:Subject>"
            + "<saml2:Conditions NotBefore=\"\(notBefore)\" NotOnOrAfter=\"\(notOnOrAfter)\">"
            + "<saml2:AudienceRestriction><saml2:Audience>\(Self.text(audience))</saml2:Audience></saml2:AudienceRestriction>"
            + "</saml2:Conditions>"
            + "<saml2:AuthnStatement AuthnInstant=\"\(issued)\" SessionIndex=\"\(id)\"><saml2:AuthnContext>"
            + "<saml2:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml2:AuthnContextClassRef>"
            + "</saml2:AuthnContext></saml2:AuthnStatement>"
            + "<saml2:AttributeStatement><saml2:Attribute Name=\"api_key\">"
            + "<saml2:AttributeValue>\(Self.text(clientID))</saml2:AttributeValue>"
            + "</saml2:Attribute></saml2:AttributeStatement>"
            + "</saml2:Assertion>"
        // The enveloped-signature transform removes the Signature: the digest is over the assertion without it.
        let digest = Data(try Self.sha256(Data((head + body).utf8))).base64EncodedString()
        func signedInfo(_ declaration: String) -> String {
            "<ds:SignedInfo\(declaration)>"
            + "<ds:CanonicalizationMethod Algorithm=\"\(Self.excC14N)\"></ds:CanonicalizationMethod>"
            + "<ds:SignatureMethod Algorithm=\"http://www.w3.org/2001/04/xmldsig-more#rsa-sha256\"></ds:SignatureMethod>"
            + "<ds:Reference URI=\"#\(id)\"><ds:Transforms>"
            + "<ds:Transform Algorithm=\"http://www.w3.org/2000/09/xmldsig#enveloped-signature\"></ds:Transform>"
            + "<ds:Transform Algorithm=\"\(Self.excC14N)\"></ds:Transform></ds:Transforms>"
            + "<ds:DigestMethod Algorithm=\"http://www.w3.org/2001/04/xmlenc#sha256\"></ds:DigestMethod>"
            + "<ds:DigestValue>\(digest)</ds:DigestValue></ds:Reference></ds:SignedInfo>"
        }
        // Canonicalized on its own, SignedInfo declares the ds namespace that it inherits in the document.
        let canonicalSignedInfo = signedInfo(" xmlns:ds=\"\(Self.dsigNS)\"")
        let signature = try Self.rsaSHA256(Data(canonicalSignedInfo.utf8), keyPEM: privateKeyPEM).base64EncodedString()
        var keyInfo = ""
        if let certificatePEM {
            keyInfo = "<ds:KeyInfo><ds:X509Data><ds:X509Certificate>\(try Self.pemBody(certificatePEM))</ds:X509Certificate>"
                + "</ds:X509Data></ds:KeyInfo>"
        }
        let signatureElement = "<ds:Signature xmlns:ds=\"\(Self.dsigNS)\">\(signedInfo(""))"
            + "<ds:SignatureValue>\(signature)</ds:SignatureValue>\(keyInfo)</ds:Signature>"
        return head + signatureElement + body
    }

    // MARK: pieces

    /// `2026-11-26T20:33:33Z` (SAML's xs:dateTime in UTC, whole seconds).
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let p = { (n: Int32, width: Int) in padded(Int(n), width) }
        return "\(p(parts.tm_year + 1900, 4))-\(p(parts.tm_mon + 1, 2))-\(p(parts.tm_mday, 2))"
            + "T\(p(parts.tm_hour, 2)):\(p(parts.tm_min, 2)):\(p(parts.tm_sec, 2))Z"
    }

    static func padded(_ n: Int, _ width: Int, radix: Int = 10) -> String {
        let digits = String(n, radix: radix)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Character data as canonical XML writes it.
    static func text(_ s: String) -> String {
        escaped(s, ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#xD;"])
    }

    /// An attribute value as canonical XML writes it.
    static func attribute(_ s: String) -> String {
        escaped(s, ["&": "&amp;", "<": "&lt;", "\"": "&quot;", "\t": "&#x9;", "\n": "&#xA;", "\r": "&#xD;"])
    }

    /// `s` with each scalar of `table` replaced (XML and HTML escaping; `LoopbackRedirectListener`'s page too).
    static func escaped(_ s: String, _ table: [Unicode.Scalar: String]) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            if let replacement = table[scalar] { out += replacement } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// The base64 between a PEM certificate's BEGIN and END lines, on one line.
    static func pemBody(_ pem: String) throws -> String {
        let lines = pem.split(whereSeparator: \.isNewline).map { String($0.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()) }
        guard let begin = lines.firstIndex(of: "-----BEGIN CERTIFICATE-----"),
              let end = lines[begin...].firstIndex(of: "-----END CERTIFICATE-----") else {
            throw SigningError(description: "the certificate is not a PEM certificate (no BEGIN CERTIFICATE line)")
        }
        let body = lines[(begin + 1)..<end].joined()
        guard Data(base64Encoded: body) != nil else { throw SigningError(description: "the certificate's PEM text is not base64") }
        return body
    }

    static func sha256(_ data: Data) throws -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        let ok = data.withUnsafeBytes { odsh_crypto_sha256($0.baseAddress, $0.count, &digest) }
        guard ok == 1 else { throw SigningError(description: odsh_crypto_load().map { String(cString: $0) } ?? "SHA-256 failed") }
        return digest
    }

    static func rsaSHA256(_ data: Data, keyPEM: String) throws -> Data {
        var signature = [UInt8](repeating: 0, count: 1024)
        var length = signature.count
        var error = [CChar](repeating: 0, count: 512)
        let pem = Array(keyPEM.utf8)
        let ok = data.withUnsafeBytes { bytes in
            odsh_crypto_rsa_sha256_sign(pem, pem.count, bytes.baseAddress, bytes.count, &signature, &length, &error, error.count)
        }
        guard ok == 1 else {
            throw SigningError(description: "the private key: " + String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Data(signature.prefix(length))
    }
}
