import ODataClient

/// The services a system's catalogs list, as `odsh services` and `.services` show them: a table or JSON.
enum CatalogListing {
    /// Why a catalog could not be read, on one line.
    static func oneLine(_ error: Error) -> String {
        if let e = error as? ODataClientError { return e.summary }
        return "\(error)"
    }

    /// The services in a table; on a terminal (`width`) fitted to it, long titles and URLs cut, else whole.
    static func text(_ services: [GatewayCatalog.Service], width: Int?) -> String {
        var t = TextTable(headers: ["TECHNICAL NAME", "VERSION", "CATALOG", "TITLE", "URL"])
        t.rightAligned = [1]
        t.flexible = [3, 4]
        for s in services {
            t.add([s.technicalName, s.version, s.catalog.rawValue, s.title, HTTPClient.urlForDisplay(s.url)])
        }
        return t.render(width: width) + "\(services.count) service\(services.count == 1 ? "" : "s")\n"
    }

    /// The services as a JSON array, one object per service (indented, or on one line for `odsh mcp`).
    static func json(_ services: [GatewayCatalog.Service], pretty: Bool = true) -> String {
        var w = JSONWriter(pretty: pretty)
        w.beginArray()
        for s in services {
            w.beginObject()
            w.string("technicalName", s.technicalName)
            w.string("version", s.version)
            w.string("catalog", s.catalog.rawValue)
            w.string("title", s.title)
            if !s.id.isEmpty { w.string("id", s.id) }
            if !s.group.isEmpty { w.string("group", s.group) }
            w.string("url", HTTPClient.urlForDisplay(s.url))
            w.endObject()
        }
        w.endArray()
        return w.output + (pretty ? "\n" : "")
    }
}
