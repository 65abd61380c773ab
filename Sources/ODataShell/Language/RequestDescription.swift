/// What a statement asks the service for: the method, the URL relative to the service root, and a JSON body.
public struct RequestDescription: Hashable, Sendable {
    public var method: String
    /// Percent-encoded, relative to the service root (no leading `/`).
    public var relativeURL: String
    public var body: String?
    public init(method: String, relativeURL: String, body: String? = nil) {
        self.method = method; self.relativeURL = relativeURL; self.body = body
    }

    /// The service root joined with the relative URL (exactly one `/` between them).
    public func url(serviceRoot: String) -> String {
        var root = serviceRoot
        while root.hasSuffix("/") { root.removeLast() }
        return root + "/" + relativeURL
    }
}
