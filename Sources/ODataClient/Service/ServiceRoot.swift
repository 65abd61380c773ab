/// A service root as a user gives it: `https://host/sap/opu/odata/X_SRV/?sap-client=100`, or its `$metadata`
/// document's URL. The root's own query (`sap-client`, `sap-language`, a tenant parameter) belongs to the service
/// and goes with every request to it: `$metadata`, data, next links, the CSRF fetch, `$batch`.
public struct ServiceRoot: Sendable, Equatable, CustomStringConvertible {
    /// The root without its query, ending in `/`: relative URLs are resolved against it.
    public let base: String
    /// The root's own query parameters, percent-encoded as given (`[("sap-client", "100")]`).
    public let parameters: [(name: String, value: String)]

    /// Reads a root URL; a trailing `$metadata` segment and a fragment are dropped.
    public init(_ url: String) {
        var text = url
        if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
        let cut = text.firstIndex(of: "?") ?? text.endIndex
        var path = String(text[..<cut])
        let query = cut < text.endIndex ? text[text.index(after: cut)...] : ""
        if path.hasSuffix("/") && path.hasSuffix("/$metadata/") { path.removeLast() }
        if path.hasSuffix("/$metadata") { path.removeLast("$metadata".count) }
        if !path.hasSuffix("/") { path += "/" }
        base = path
        parameters = query.split(separator: "&").compactMap { pair in
            guard !pair.isEmpty else { return nil }
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// The root as given, less `$metadata` and fragment: `base?query`.
    public var description: String {
        parameters.isEmpty ? base : base + "?" + parameters.map { $0.value.isEmpty ? $0.name : "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    /// The absolute URL of a link of the service: absolute links as they are, `/path` on the root's origin,
    /// anything else relative to the root. The root's query is not added here (see `withParameters(_:)`).
    public func resolve(_ link: String) -> String {
        let lower = link.prefix(8).lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return link }
        if link.hasPrefix("/") {
            if let scheme = base.firstRange(of: "://"), let slash = base[scheme.upperBound...].firstIndex(of: "/") {
                return String(base[..<slash]) + link
            }
            return base + link.dropFirst()
        }
        return base + link
    }

    /// `url` with the root's parameters that it does not carry yet added to its query (names compared
    /// case-insensitively), so a request keeps `sap-client` and the like.
    public func withParameters(_ url: String) -> String {
        Self.merge(parameters, into: url)
    }

    /// `url` with those of `pairs` (name, percent-encoded value) that it does not carry yet added to its query.
    static func merge(_ pairs: [(name: String, value: String)], into url: String) -> String {
        guard !pairs.isEmpty else { return url }
        let hashIndex = url.firstIndex(of: "#")
        let beforeFragment = hashIndex.map { String(url[..<$0]) } ?? url
        let fragment = hashIndex.map { String(url[$0...]) } ?? ""
        var existing: Set<String> = []
        if let q = beforeFragment.firstIndex(of: "?") {
            for pair in beforeFragment[beforeFragment.index(after: q)...].split(separator: "&") {
                existing.insert(String(pair.split(separator: "=", maxSplits: 1).first ?? "").lowercased())
            }
        }
        var result = beforeFragment
        for (name, value) in pairs where existing.insert(name.lowercased()).inserted {
            result += result.contains("?") ? (result.hasSuffix("?") || result.hasSuffix("&") ? "" : "&") : "?"
            result += value.isEmpty ? name : "\(name)=\(value)"
        }
        return result + fragment
    }

    /// Equal when their text is: the same base and the same parameters in the same order.
    public static func == (a: ServiceRoot, b: ServiceRoot) -> Bool { a.description == b.description }
}
