import ODataClient
import ODataModel

/// Loads a service's metadata from a file, or from `SERVICE/$metadata` with the download streamed straight into
/// the SAX push parser (no whole-document buffer).
struct MetadataLoader {
    var connection: ConnectionOptions
    var strict: Bool

    /// True for `http://` and `https://` sources.
    static func isURL(_ source: String) -> Bool {
        let lower = source.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// The service root of a URL given either as the root or as its `$metadata` document.
    static func serviceRoot(of url: String) -> String {
        let cut = url.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? url.endIndex
        var path = String(url[..<cut])
        if path.hasSuffix("/$metadata") { path.removeLast("$metadata".count) }
        if !path.hasSuffix("/") { path += "/" }
        return path + url[cut...]
    }

    func load(_ source: String) throws -> CsdlDocument {
        let options = MetadataReader.Options(strict: strict)
        guard Self.isURL(source) else { return try MetadataReader.read(file: source, options: options) }
        let root = Self.serviceRoot(of: source)
        let client = try HTTPClient(configuration: try connection.httpConfiguration(serviceRoot: root))
        defer { client.close() }
        let reader = MetadataReader(source: HTTPClient.metadataURLForDisplay(root), options: options)
        try client.fetchMetadata(serviceURL: root) { chunk in try reader.feed(chunk) }
        return try reader.finish()
    }
}
