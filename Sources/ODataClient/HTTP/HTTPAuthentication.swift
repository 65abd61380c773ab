/// How a session proves who it is, besides cookies, netrc and client certificates.
public enum HTTPAuthentication: Sendable, Equatable {
    case none
    /// HTTP basic authentication, sent with the first request (no 401 round trip).
    case basic(user: String, password: String)
    /// An OAuth bearer token (`Authorization: Bearer TOKEN`).
    case bearer(token: String)
}
