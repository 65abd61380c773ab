import ODataClient

extension HTTPConfiguration {
    /// The settings every connection of odsh starts from: the library's defaults, with odsh's own name first in
    /// the User-Agent.
    static func odsh(serviceRoot: String?) -> HTTPConfiguration {
        var c = HTTPConfiguration(serviceRoot: serviceRoot)
        c.userAgent = ODataClientVersion.userAgent(product: "odsh", version: ODataClientVersion.version)
        return c
    }
}
