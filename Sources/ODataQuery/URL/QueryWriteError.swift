import ODataModel

/// A query that cannot be written for the service's OData version (or at all), with the feature named.
public struct QueryWriteError: CategorizedError, Hashable, Sendable, CustomStringConvertible {
    /// Something the service's version cannot express: the caller's to change.
    public var category: ErrorCategory { .usage }

    /// What cannot be written: `lambda operator any`, `$search`, `nested $filter in $expand of Orders`.
    public var feature: String
    /// The OData version of the service the query was for.
    public var version: ODataVersion
    /// The whole message: what cannot be written, for which version, and what to do instead when there is a way.
    public var message: String
    /// An error naming the feature, the version and the message.
    public init(feature: String, version: ODataVersion, message: String) {
        self.feature = feature; self.version = version; self.message = message
    }
    /// `feature` is not available in `version` (optionally: why, or what to do instead).
    static func unsupported(_ feature: String, _ version: ODataVersion, needs: String = "OData V4", hint: String? = nil) -> QueryWriteError {
        var m = "\(feature) needs \(needs); this service speaks OData \(version.rawValue)"
        if let h = hint { m += " (\(h))" }
        return QueryWriteError(feature: feature, version: version, message: m)
    }
    /// The error as people read it: its message.
    public var description: String { message }
}
