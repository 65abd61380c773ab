import ODataModel

/// The wire format of a data payload.
public enum PayloadFormat: String, Sendable, CaseIterable {
    /// OData V4 JSON (`application/json;odata.metadata=minimal|full|none`, also with `IEEE754Compatible=true`).
    case v4JSON = "v4json"
    /// OData V2 verbose JSON (`{"d": ...}`), and V1's `{"d": [...]}`.
    case v2JSON = "v2json"
    /// Atom XML (`application/atom+xml`), V2 and V3 namespaces and odatapy's V4 Atom.
    case atom

    /// The JSON dialect a service of this version speaks.
    public static func json(for version: ODataVersion) -> PayloadFormat { version.isV4 ? .v4JSON : .v2JSON }

    /// The format a response's Content-Type names, for a service of `version`; nil when it is not a data payload.
    public static func from(contentType: String, version: ODataVersion) -> PayloadFormat? {
        let t = contentType.lowercased()
        if t.hasPrefix("application/atom+xml") || t.hasPrefix("application/xml") { return .atom }
        if t.hasPrefix("application/json") { return json(for: version) }
        return nil
    }
}
