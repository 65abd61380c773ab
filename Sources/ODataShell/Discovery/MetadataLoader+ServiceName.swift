import ArgumentParser
import FoundationEssentials
import ODataClient
import ODataModel

extension MetadataLoader {
    /// `odsh SYSTEM SERVICE`: the service a system (a profile or a URL on it) publishes under the technical name
    /// `serviceName` (or its catalog id), found in the system's Gateway catalogs; without `serviceName`, `system`
    /// itself as `load(service:metadataFile:)` reads it. A profile lends the service its sign-in and settings.
    func load(service system: String, metadataFile: String?, serviceName: String?) throws
        -> (document: CsdlDocument, serviceRoot: String, profile: Profile?) {
        guard let serviceName else { return try load(service: system, metadataFile: metadataFile) }
        let target = try SystemTarget(system, connection: connection ?? ConnectionOptions.parse([]), context: context)
        guard let found = try target.catalog().resolve(serviceName) else {
            throw UsageError("\(serviceName): no service of that technical name in the catalogs of \(GatewayCatalog.hostPart(of: target.url)) "
                             + "(odsh services \(system) lists them)")
        }
        guard var profile = target.profile else {
            return try load(service: found.url, metadataFile: metadataFile)
        }
        // The profile's sign-in and settings, for the service found; its metadata file belongs to its own URL.
        profile.url = found.url
        profile.metadata = nil
        return (try load(profile: profile, metadataFile: metadataFile), Self.serviceRoot(of: found.url), profile)
    }
}
