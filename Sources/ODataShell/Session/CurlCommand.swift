import FoundationEssentials
import ODataClient

/// A request written as a curl command line that sends it again: method, URL, headers, body and what the session
/// adds (credentials, cookies, netrc, client certificate, CA bundle, proxy), quoted for a POSIX shell.
///
/// Secrets are shell variables unless `includingSecrets`: `-u "user:$PASSWORD"`, `Authorization: Bearer $TOKEN`,
/// `Cookie: $COOKIE`, `X-CSRF-Token: $CSRF_TOKEN` and `$NAME` for an API-key header (`X-API-Key: $X_API_KEY`), so
/// the command can be handed on as it is. A password in the URL or its query becomes `<redacted>`.
/// A write to a service that wants a CSRF token gets comment lines above it that say how to fetch one.
struct CurlCommand: Sendable {
    var request: HTTPRequest
    /// Basic credentials, cookies, files and proxy of the session that sent (or would send) the request.
    var authentication: HTTPAuthentication
    var cookie: String?
    var cookieJar: String?
    /// The session's cookies for the request, where they live in a `CookieStore` curl cannot read (nil otherwise):
    /// sent as a `Cookie` header, `$COOKIE` unless `includingSecrets`.
    var sessionCookie: String?
    var useNetrc: Bool
    var netrcFile: String?
    var clientCertificate: String?
    var clientKey: String?
    var caBundle: String?
    var insecure: Bool
    var proxy: String?
    /// Header names whose values are secret besides the well-known ones (lowercase).
    var secretHeaderNames: Set<String>
    /// The service root, for the CSRF note (nil: no note).
    var csrfRoot: String?
    /// Write the secrets themselves instead of shell variables.
    var includingSecrets: Bool

    /// The command for `request` as a session with `configuration` sends it (`request` should carry the session's
    /// headers already: `HTTPClient.requestAsSent(_:)` or `HTTPClient.lastRequest`). `serviceIssuesCSRFToken`:
    /// whether the service asked for CSRF tokens (`HTTPClient.issuesCSRFToken()`); only then does a write get the
    /// steps that fetch one.
    init(request: HTTPRequest, configuration: HTTPConfiguration, includingSecrets: Bool = false,
                serviceIssuesCSRFToken: Bool = true) {
        self.request = request
        authentication = configuration.authentication
        cookie = configuration.cookie
        cookieJar = configuration.cookieJar
        useNetrc = configuration.useNetrc
        netrcFile = configuration.netrcFile
        clientCertificate = configuration.clientCertificate
        clientKey = configuration.clientKey
        caBundle = configuration.caBundle
        insecure = configuration.insecure
        proxy = configuration.proxy
        secretHeaderNames = Set(configuration.secretHeaderNames.map { $0.lowercased() })
        let givenToken = configuration.headers.contains("X-CSRF-Token")
        csrfRoot = request.method.isModifying && configuration.csrfProtection && !givenToken && serviceIssuesCSRFToken
            ? configuration.serviceRoot : nil
        self.includingSecrets = includingSecrets
    }

    /// The command: one option a line, joined with ` \`, after any comment lines; ends with a newline.
    var text: String {
        var notes: [String] = []
        var first = "curl -sS -g"
        switch request.method {
        case .get where request.body == nil: break
        case .post where request.body != nil: break
        default: first += " -X " + request.method.rawValue
        }
        first += " " + Self.quoted(includingSecrets ? request.url : Redaction.redactURLPasswords(request.url))
        var parts = [first]
        var credentials = ""
        if case .basic(let user, let password) = authentication {
            credentials = " -u " + (includingSecrets ? Self.quoted(user + ":" + password) : Self.withVariable(user + ":", "PASSWORD"))
            parts.append(String(credentials.dropFirst()))
        }
        var headers = request.headers
        if let c = cookie ?? (cookieJar == nil ? sessionCookie : nil), !headers.contains("Cookie") { headers.add("Cookie", c) }
        var csrfInHeaders = false
        for field in headers {
            let lower = field.name.lowercased()
            if lower == "x-csrf-token", !["fetch", "required"].contains(field.value.lowercased()) { csrfInHeaders = true }
            parts.append("-H " + header(field))
        }
        if let root = csrfRoot {
            if !csrfInHeaders { parts.append("-H " + Self.withVariable("X-CSRF-Token: ", "CSRF_TOKEN")) }
            let jar = cookieJar.map(Self.quoted) ?? "cookies.txt"
            notes.append("# The service wants a CSRF token for writes: fetch one, with the session cookie that goes with it:")
            // The fetch signs in as the request does: with the session's cookies too when curl gets them as a header.
            let signIn = credentials + (cookie == nil && cookieJar == nil && sessionCookie != nil
                                        ? " -H " + header(HTTPHeaders.Field(name: "Cookie", value: sessionCookie!)) : "")
            notes.append("#   CSRF_TOKEN=$(curl -sS -g -o /dev/null -D - -c \(jar) -H 'X-CSRF-Token: Fetch' \(Self.quoted(root))"
                         + signIn + " | tr -d '\\r' | sed -n 's/^[Xx]-[Cc][Ss][Rr][Ff]-[Tt]oken: //p')")
            if cookieJar == nil { parts.append("-b cookies.txt") }
        }
        if let jar = cookieJar { parts.append("-b " + Self.quoted(jar)) }
        if useNetrc { parts.append(netrcFile.map { "--netrc-file " + Self.quoted($0) } ?? "--netrc") }
        if let cert = clientCertificate { parts.append("--cert " + Self.quoted(cert)) }
        if let key = clientKey { parts.append("--key " + Self.quoted(key)) }
        if let ca = caBundle { parts.append("--cacert " + Self.quoted(ca)) }
        if insecure { parts.append("-k") }
        if let p = proxy { parts.append("-x " + Self.quoted(includingSecrets ? p : Redaction.redactURLPasswords(p))) }
        // Every line but the body goes through the same redaction: a password in the URL may stand in any of them
        // (the service root of the CSRF note, a proxy, a header value).
        if !includingSecrets {
            notes = notes.map(Redaction.redactURLPasswords)
            parts = parts.map(Redaction.redactURLPasswords)
        }
        if let body = request.body { parts.append("--data-binary " + Self.quoted(body)) }
        return (notes + [parts.joined(separator: " \\\n  ")]).joined(separator: "\n") + "\n"
    }

    /// `'Name: value'`, or the value as a shell variable when it is a secret.
    private func header(_ field: HTTPHeaders.Field) -> String {
        let lower = field.name.lowercased()
        guard !includingSecrets, Redaction.isSecretHeader(lower, extra: secretHeaderNames),
              !(lower == "x-csrf-token" && ["fetch", "required"].contains(field.value.lowercased())) else {
            return Self.quoted(field.name + ": " + field.value)
        }
        let variable: String
        switch lower {
        case "authorization", "proxy-authorization":
            // Keep the scheme: `Bearer $TOKEN`, `Basic $CREDENTIALS`.
            let scheme = field.value.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
            let name = scheme.lowercased() == "bearer" ? "TOKEN" : scheme.lowercased() == "basic" ? "CREDENTIALS" : "AUTHORIZATION"
            return Self.withVariable(field.name + ": " + (scheme.isEmpty || !field.value.contains(" ") ? "" : scheme + " "), name)
        case "cookie": variable = "COOKIE"
        case "x-csrf-token": variable = "CSRF_TOKEN"
        default: variable = Self.variableName(field.name)
        }
        return Self.withVariable(field.name + ": ", variable)
    }

    /// `NAME` from a header name: upper case, other characters `_` (`X-API-Key` gives `X_API_KEY`).
    static func variableName(_ header: String) -> String {
        String(header.uppercased().map { ($0.isASCII && ($0.isLetter || $0.isNumber)) ? $0 : "_" })
    }

    /// `"text$NAME"`, double-quoted so the shell puts the variable's value in (text escaped for double quotes).
    static func withVariable(_ text: String, _ name: String) -> String {
        var out = "\""
        for c in text {
            if "\"\\$`".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out + "$" + name + "\""
    }

    /// Single-quoted for a POSIX shell (`'` written as `'\''`).
    static func quoted(_ s: String) -> String {
        var out = "'"
        for c in s { if c == "'" { out += "'\\''" } else { out.append(c) } }
        return out + "'"
    }

    /// A body: single-quoted when it is text without control characters other than newline and tab; else in
    /// bash's `$'...'` with `\xHH` escapes, so any bytes come through.
    static func quoted(_ body: Data) -> String {
        if let text = String(validating: body, as: UTF8.self),
           !text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || $0.value == 0x7F }) {
            return quoted(text)
        }
        var out = "$'"
        for b in body {
            switch b {
            case UInt8(ascii: "'"): out += "\\'"
            case UInt8(ascii: "\\"): out += "\\\\"
            case 0x20..<0x7F: out.append(Character(Unicode.Scalar(b)))
            default:
                let hex = String(b, radix: 16)
                out += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out + "'"
    }
}
