import FoundationEssentials
import ODataClient
import ODataModel

extension MetadataLoader {
    /// `odsh SYSTEM SERVICE`: the service a system (a profile or a URL on it) publishes under the technical name
    /// `serviceName` (or its catalog id), found in the system's Gateway catalogs, or that the profile's `services`
    /// table names under that alias; without `serviceName`, `system`
    /// itself as `load(service:metadataFile:)` reads it. A profile lends the service its sign-in and settings.
    func load(service system: String, metadataFile: String?, serviceName: String?) throws
        -> (document: CsdlDocument, serviceRoot: String, profile: Profile?) {
        guard let serviceName else { return try load(service: system, metadataFile: metadataFile) }
        let target = try SystemTarget(system, connections: connections)
        let url: String
        let host = GatewayCatalog.hostPart(of: target.url)
        // A profile's alias names a technical name, a path on the system or a URL; anything else is a technical name.
        let named = target.profile?.services[serviceName] ?? serviceName
        if named.hasPrefix("/") {
            url = host + named
        } else if Self.isURL(named) {
            url = named
        } else {
            let catalog = try target.catalog()
            guard let found = try catalog.resolve(named) else {
                let close = NameSuggester.closest(to: named, in: (try? catalog.list().services.map(\.technicalName)) ?? [])
                throw UsageError("\(named): no service of that technical name in the catalogs of \(host)"
                                 + (close.isEmpty ? "" : " (did you mean \(close.joined(separator: ", "))?)")
                                 + " (odsh services \(system) lists them)")
            }
            // The catalog is the system's text: a service it places on another origin is not opened with the
            // system's credentials (and settings). Opening it by its URL is the user's choice to make.
            guard catalog.isOnSystem(found) else {
                throw CatalogElsewhere(service: TerminalEscaping.oneLine(found.technicalName), url: TerminalEscaping.oneLine(HTTPClient.urlForDisplay(found.url)),
                                       system: HTTPClient.urlForDisplay(host))
            }
            url = found.url
        }
        guard var profile = target.profile else {
            return try load(service: url, metadataFile: metadataFile)
        }
        // The profile's sign-in and settings, for the service found; its metadata file belongs to its own URL.
        profile.url = url
        profile.metadata = nil
        return (try load(profile: profile, metadataFile: metadataFile), Self.serviceRoot(of: url), profile)
    }
}
