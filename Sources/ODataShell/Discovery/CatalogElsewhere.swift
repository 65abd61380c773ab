import ODataModel

/// `odsh SYSTEM SERVICE` when the system's catalog places the service on another origin (host, port or scheme):
/// the system's credentials stay with the system, so the service is not opened; nothing was sent there.
struct CatalogElsewhere: CategorizedError, CustomStringConvertible {
    var service: String
    var url: String
    var system: String

    /// As any request that would leave the service's origin (exit 3).
    var category: ErrorCategory { .transport }

    var description: String {
        "the catalog of \(system) places \(service) on another origin (\(url)): it was not opened, since the system's "
            + "credentials stay with the system and nothing was sent there; to open it anyway, give its URL (odsh URL) "
            + "with the credentials it needs"
    }
}
