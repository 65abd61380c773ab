import FoundationEssentials
import ODataClient

/// A system or service named on the command line: a URL, or a profile (its URL, sign-in and settings), with the
/// command line's connection options over them.
struct SystemTarget {
    /// The URL given, or the profile's.
    var url: String
    var profile: Profile?
    var configuration: HTTPConfiguration

    /// Resolves `name` (http(s) URL or profile name); `serviceRoot` of the configuration is the URL's service root.
    init(_ name: String, connections: ServiceConnections) throws {
        let context = connections.context
        if MetadataLoader.isURL(name) {
            url = name
            profile = nil
        } else {
            guard Profile.isValidName(name) else {
                throw UsageError("\(name) is neither a URL (http:// or https://) nor a profile (odsh profile list shows them)")
            }
            let p = try context.profiles().require(name)
            url = p.url
            profile = p
        }
        configuration = try connections.connection(serviceRoot: ServiceRoot(url).base, profile: profile).configuration
    }

    /// A catalog client for the system this target is on.
    func catalog() throws -> GatewayCatalog {
        var c = configuration
        c.serviceRoot = GatewayCatalog.hostPart(of: url) + "/"
        c.serviceParameters = []
        return try GatewayCatalog(url: url, client: HTTPClient(configuration: c))
    }
}
