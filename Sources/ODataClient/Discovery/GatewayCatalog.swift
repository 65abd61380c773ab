import FoundationEssentials
import ODataModel

/// The services an SAP Gateway system publishes, read from its catalogs: the V2 catalog service
/// (`/sap/opu/odata/IWFND/CATALOGSERVICE;v=2/ServiceCollection`) and the V4 service groups
/// (`/sap/opu/odata4/iwfnd/config/default/iwfnd/catalog/0002/ServiceGroups`, their default system's services).
///
/// The catalogs are read as JSON without their metadata, so that a system whose catalog metadata is restricted
/// still lists its services.
public struct GatewayCatalog {
    /// Which catalog a service was listed in.
    public enum Catalog: String, Sendable, CaseIterable {
        /// The V2 catalog service (`CATALOGSERVICE;v=2`).
        case v2 = "V2"
        /// The V4 service groups.
        case v4 = "V4"
    }

    /// One service of the catalog.
    public struct Service: Sendable, Equatable {
        /// The catalog that listed it.
        public var catalog: Catalog
        /// The technical service name (`API_BUSINESS_PARTNER_SRV`; V4: the service id, `api_product`).
        public var technicalName: String
        /// The technical service version (`1`).
        public var version: String
        /// The title (V2) or description (V4).
        public var title: String
        /// The catalog's own key (`API_BUSINESS_PARTNER_SRV_0001`), or the V4 service alias; may be empty.
        public var id: String
        /// The V4 service group; empty for V2.
        public var group: String
        /// The absolute URL of the service root, ending in `/`.
        public var url: String

        /// A service as a catalog lists it.
        public init(catalog: Catalog, technicalName: String, version: String, title: String, id: String = "",
                    group: String = "", url: String) {
            self.catalog = catalog
            self.technicalName = technicalName
            self.version = version
            self.title = title
            self.id = id
            self.group = group
            self.url = url
        }

        /// True when `text` occurs, ignoring case, in the technical name, id, title or group.
        public func matches(_ text: String) -> Bool {
            let t = text.lowercased()
            return t.isEmpty || [technicalName, id, title, group].contains { $0.lowercased().contains(t) }
        }
    }

    /// What one catalog answered: its services, or why it could not be read.
    public struct Listing {
        /// The services of every catalog that could be read, V2 first, each sorted by technical name.
        public var services: [Service]
        /// The catalogs that could not be read, with their errors (a system without V4 answers 404 there).
        public var failures: [(catalog: Catalog, error: Error)]
    }

    /// The path of the V2 catalog service on a system.
    public static let v2CatalogPath = "/sap/opu/odata/IWFND/CATALOGSERVICE;v=2/"
    /// The path of the V4 catalog service on a system.
    public static let v4CatalogPath = "/sap/opu/odata4/iwfnd/config/default/iwfnd/catalog/0002/"

    /// The system: scheme, host and port, without a path (`https://gw.example.com:44300`).
    public let systemRoot: String
    /// The HTTP session the catalogs are read through.
    public let client: HTTPClient

    /// A catalog of the system that `url` is on (any URL of it: the host alone or a service's root). The client's
    /// `serviceRoot` should be on the same origin, so that its credentials go there.
    public init(url: String, client: HTTPClient) throws {
        guard let origin = URLOrigin(url), ["http", "https"].contains(origin.scheme) else {
            throw ODataClientError(.invalidRequest("not an http or https URL: \(HTTPClient.urlForDisplay(url))"), method: nil, url: url)
        }
        systemRoot = Self.hostPart(of: url)
        self.client = client
    }

    /// `scheme://host[:port]` of a URL, as written.
    package static func hostPart(of url: String) -> String {
        let chars = Array(url)
        var i = 0
        while i + 2 < chars.count, !(chars[i] == ":" && chars[i + 1] == "/" && chars[i + 2] == "/") { i += 1 }
        guard i + 2 < chars.count else { return url }
        var end = i + 3
        let stops: Set<Character> = ["/", "?", "#"]
        while end < chars.count, !stops.contains(chars[end]) { end += 1 }
        return String(chars[..<end])
    }

    /// Reads the catalogs in `protocols`. A catalog that fails is listed in `failures`; when every catalog asked
    /// for fails, the first error is thrown (cancellation always is).
    public func list(_ protocols: [Catalog] = Catalog.allCases) throws -> Listing {
        var listing = Listing(services: [], failures: [])
        for p in protocols {
            do {
                listing.services += try services(p).sorted { ($0.technicalName.lowercased(), $0.version) < ($1.technicalName.lowercased(), $1.version) }
            } catch let e as ODataClientError where e.category == .cancelled {
                throw e
            } catch {
                listing.failures.append((p, error))
            }
        }
        if listing.failures.count == protocols.count, let first = listing.failures.first { throw first.error }
        return listing
    }

    /// The service whose technical name (or catalog id, or V4 alias) is `name`, ignoring case; of several
    /// versions the highest. nil when the catalogs list none.
    public func resolve(_ name: String, in protocols: [Catalog] = Catalog.allCases) throws -> Service? {
        let n = name.lowercased()
        let found = try list(protocols).services.filter { [$0.technicalName, $0.id].contains { $0.lowercased() == n } }
        return found.max { (Int($0.version) ?? 0) < (Int($1.version) ?? 0) }
    }

    /// Whether a service the catalog lists is on this system's origin (scheme, host and port as libcurl reads them).
    /// A catalog is server text, like a next link: a service elsewhere must not be sent the system's credentials.
    public func isOnSystem(_ service: Service) -> Bool {
        guard let mine = URLOrigin(systemRoot), let theirs = URLOrigin(service.url) else { return false }
        return mine == theirs
    }

    /// The services of one catalog.
    public func services(_ p: Catalog) throws -> [Service] {
        switch p {
        case .v2:
            let json = try get(systemRoot + Self.v2CatalogPath + "ServiceCollection?$format=json")
            let rows = json["d"]?["results"]?.arrayValue ?? json["d"]?.arrayValue
            guard let rows else { throw notACatalog(Self.v2CatalogPath, "no d.results") }
            return rows.map { row in
                Service(catalog: .v2, technicalName: Self.text(row["TechnicalServiceName"]), version: Self.text(row["TechnicalServiceVersion"]),
                        title: Self.text(row["Title"]).isEmpty ? Self.text(row["Description"]) : Self.text(row["Title"]),
                        id: Self.text(row["ID"]), url: absolute(Self.text(row["ServiceUrl"])))
            }
        case .v4:
            let json = try get(systemRoot + Self.v4CatalogPath + "ServiceGroups?$expand=DefaultSystem($expand=Services)")
            guard let groups = json["value"]?.arrayValue else { throw notACatalog(Self.v4CatalogPath, "no value array") }
            var list: [Service] = []
            for g in groups {
                let group = Self.text(g["GroupId"])
                for s in g["DefaultSystem"]?["Services"]?.arrayValue ?? [] {
                    list.append(Service(catalog: .v4, technicalName: Self.text(s["ServiceId"]), version: Self.trimmedVersion(Self.text(s["ServiceVersion"])),
                                        title: Self.text(s["Description"]), id: Self.text(s["ServiceAlias"]), group: group,
                                        url: absolute(Self.text(s["ServiceUrl"]))))
                }
            }
            return list
        }
    }

    private func get(_ url: String) throws -> JSONValue {
        let response = try client.send(HTTPRequest(method: .get, url: url, headers: ["Accept": "application/json"]))
        let body = response.body ?? Data()
        guard let value = try? body.withUnsafeBytes({ try JSONValue.parse(bytes: $0) }) else {
            let summary = ResponseBodySummary.summarize(body, contentType: response.headers["Content-Type"]) ?? "not JSON"
            throw DataServiceError(.notOData(contentType: response.headers["Content-Type"] ?? "", summary: summary,
                                             signInPage: summary.lowercased().contains("logon") || summary.lowercased().contains("sign in")))
        }
        return value
    }

    private func notACatalog(_ path: String, _ why: String) -> Error {
        DataServiceError(.unexpectedResponse("\(systemRoot)\(path) is not a Gateway catalog (\(why))"))
    }

    /// A service URL made absolute on the system and ending in `/` (V4 catalogs give paths, V2 absolute URLs).
    private func absolute(_ link: String) -> String {
        var u = link.hasPrefix("/") ? systemRoot + link : link
        if !u.isEmpty, !u.hasSuffix("/") { u += "/" }
        return u
    }

    private static func text(_ v: JSONValue?) -> String {
        switch v {
        case .string(let s)?: return s
        case .number(let n)?: return n
        case .bool(let b)?: return b ? "true" : "false"
        default: return ""
        }
    }

    /// `0001` as `1`, as the V2 catalog spells versions.
    private static func trimmedVersion(_ v: String) -> String {
        let t = v.drop { $0 == "0" }
        return t.isEmpty ? (v.isEmpty ? "" : "0") : String(t)
    }
}
