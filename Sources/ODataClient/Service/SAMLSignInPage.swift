import FoundationEssentials
import ODataModel

/// A page that sends the browser to a SAML 2.0 identity provider through the HTTP-POST binding: a form, posted
/// at once by script, that carries a `SAMLRequest`. It stands behind a `DataServiceError.Kind.notOData` as its
/// `underlying` error, so that messages and hints can name it. (The HTTP-Redirect binding is a redirect to
/// another origin: `ODataClientError.Kind.redirectToOtherOrigin`.)
public struct SAMLSignInPage: CategorizedError, Sendable, CustomStringConvertible {
    /// Where the form posts to: the identity provider's sign-in endpoint ("" when the form does not say).
    public let identityProvider: String

    /// Not an OData answer, as the `notOData` error it stands behind.
    public var category: ErrorCategory { .invalidData }

    /// What the page does, naming the provider.
    public var description: String {
        "a page that posts a SAML authentication request to \(identityProvider.isEmpty ? "an identity provider" : identityProvider)"
    }

    /// The page in `body` when it is one (the first `NotODataBody.sniffLimit` bytes are looked at).
    static func find(in body: Data) -> SAMLSignInPage? {
        let bytes = Array(body.prefix(NotODataBody.sniffLimit))
        // ASCII letters folded to lower case, byte for byte: offsets in it are offsets in `bytes`.
        let lower = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        guard ["name=\"samlrequest\"", "name='samlrequest'", "name=samlrequest"].contains(where: { lower.firstRange(of: Array($0.utf8)) != nil }),
              let form = lower.firstRange(of: Array("<form".utf8)) else { return nil }
        let tagEnd = lower[form.upperBound...].firstIndex(of: UInt8(ascii: ">")) ?? lower.endIndex
        // The form's action, as written, in double or single quotes.
        guard let action = lower[form.upperBound..<tagEnd].firstRange(of: Array("action=".utf8)), action.upperBound < tagEnd,
              lower[action.upperBound] == UInt8(ascii: "\"") || lower[action.upperBound] == UInt8(ascii: "'") else {
            return SAMLSignInPage(identityProvider: "")
        }
        let quote = lower[action.upperBound]
        let valueStart = action.upperBound + 1
        let valueEnd = lower[valueStart..<tagEnd].firstIndex(of: quote) ?? tagEnd
        var target = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self).replacing("&amp;", with: "&")
        // A service's text that goes into a message: no control characters (a line feed would forge a line), not
        // longer than a URL needs to be recognised.
        target = String(String.UnicodeScalarView(target.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(300)))
        return SAMLSignInPage(identityProvider: Redaction.redactURLPasswords(target))
    }
}
