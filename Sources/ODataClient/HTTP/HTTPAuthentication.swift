/// How a session proves who it is, besides cookies, netrc and client certificates.
public enum HTTPAuthentication: Sendable, Equatable {
    /// No `Authorization` header (cookies, netrc or a client certificate may still sign in).
    case none
    /// HTTP basic authentication, sent with the first request (no 401 round trip).
    case basic(user: String, password: String)
    /// An OAuth bearer token (`Authorization: Bearer TOKEN`).
    case bearer(token: String)
    /// SPNEGO (`Negotiate`, RFC 4559) through GSS-API: Kerberos single sign-on with the tickets in the user's
    /// credential cache (`kinit`; `KRB5CCNAME`, `KRB5_CONFIG` as usual). The server principal is `HTTP@host` of
    /// the URL; credentials are not delegated.
    case negotiate
}
