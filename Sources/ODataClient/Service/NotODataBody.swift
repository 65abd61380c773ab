import FoundationEssentials

/// A successful answer whose Content-Type names no OData payload (text/plain, text/html, none): what its first
/// bytes say it is. JSON and Atom are read as OData all the same; anything else is an error that says what came.
enum NotODataBody {
    /// What the first bytes of a body are.
    enum Kind: Equatable { case undecided, json, atom, notOData }

    /// Bytes kept to decide and to describe a body that is not OData; the rest of such a body is not kept.
    static let sniffLimit = 16 * 1024

    static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// Whether a body begins as an HTML page does (`<!DOCTYPE html`, `<html`), whatever its Content-Type says.
    static func startsAsHTML(_ chunk: UnsafeRawBufferPointer) -> Bool {
        var bytes = chunk.prefix(64).drop { isBlank($0) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let head = String(decoding: bytes.prefix(14), as: UTF8.self).lowercased()
        return head.hasPrefix("<!doctype html") || head.hasPrefix("<html")
    }

    /// The kind of a body from its first bytes (`.undecided` until there are enough of them).
    static func sniff(_ body: Data) -> Kind {
        guard let first = body.firstIndex(where: { !isBlank($0) }) else { return .undecided }
        let b = body[first]
        if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") { return .json }
        if b == 0xEF, body.count >= first + 3 { return sniff(body.dropFirst(first + 3)) }  // a UTF-8 byte order mark
        guard b == UInt8(ascii: "<") else { return .notOData }
        // The name of the first element, past the XML declaration, comments and a doctype.
        let text = String(decoding: body[first...].prefix(sniffLimit), as: UTF8.self).lowercased()
        var i = text.startIndex
        while let open = text[i...].firstIndex(of: "<") {
            let rest = text[text.index(after: open)...]
            if rest.hasPrefix("?") || rest.hasPrefix("!--") {
                guard let close = rest.firstIndex(of: ">") else { return body.count >= sniffLimit ? .notOData : .undecided }
                i = text.index(after: close)
                continue
            }
            if rest.hasPrefix("!doctype") { return rest.hasPrefix("!doctype html") ? .notOData : .undecided }
            let name = rest.prefix { !($0 == " " || $0 == ">" || $0 == "/" || $0 == "\n" || $0 == "\t" || $0 == "\r") }
            guard name.count < rest.count else { return body.count >= sniffLimit ? .notOData : .undecided }
            let local = name.split(separator: ":").last.map(String.init) ?? String(name)
            return local == "feed" || local == "entry" ? .atom : .notOData
        }
        return body.count >= sniffLimit ? .notOData : .undecided
    }

    /// The error for a successful answer whose body is not OData: a sign-in page is named as such, and a SAML
    /// identity provider's page (HTTP-POST binding) stands behind it.
    static func error(_ body: Data, contentType: String?) -> DataServiceError {
        let (summary, signIn) = describe(body, contentType: contentType)
        let saml = SAMLSignInPage.find(in: body)
        return DataServiceError(.notOData(contentType: contentType ?? "", summary: summary, signInPage: signIn || saml != nil), underlying: saml)
    }

    /// Its title or first line, and whether it looks like a sign-in page (a password field, a logon form).
    static func describe(_ body: Data, contentType: String?) -> (summary: String, signInPage: Bool) {
        let summary = ResponseBodySummary.summarize(body, contentType: contentType) ?? ""
        let text = String(decoding: body.prefix(sniffLimit), as: UTF8.self).lowercased()
        let markers = ["type=\"password\"", "type='password'", "type=password", "j_username", "sap-user", "saml",
                       "logon", "log on", "login", "sign in", "signin", "anmelden"]
        let looksHTML = text.contains("<html") || text.contains("<!doctype html") || (contentType ?? "").lowercased().contains("html")
        return (summary, looksHTML && markers.contains { text.contains($0) })
    }
}
