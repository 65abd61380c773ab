import ODataClient
import ODataModel

/// What commands and statements reach of the session's connection: one typed context for the interactive shell
/// and scripts alike, made by the shell (`ShellSessionServices`).
protocol SessionServices: AnyObject {
    /// Sends a bound statement and renders its answer (or prints the request in a dry run).
    func run(_ bound: BoundStatement, settings: ShellSettings, out: TextOutput) throws
    /// The request a bound statement makes, as the library would send it (`.url`).
    func requestText(_ bound: BoundStatement, settings: ShellSettings) throws -> String
    /// The curl command line of a statement's request, or of the last request sent (nil), with the secrets themselves
    /// when asked (`.curl`).
    func curlCommand(_ bound: BoundStatement?, settings: ShellSettings, withSecrets: Bool) throws -> String
    /// Shows the next page of the last result that had more (`.next`).
    func nextPage(settings: ShellSettings, out: TextOutput) throws
    /// Shows rows of the last result in full: all of them, row N, or a value of row N (`.show`).
    func showRows(_ row: Int?, _ name: String?, settings: ShellSettings, out: TextOutput) throws
    /// The session's service on its connection (sign-in, cookies), for `.services` and `.verify`.
    func dataService(settings: ShellSettings) throws -> DataService
    /// The service's metadata loaded again, asking the service (`.refresh`).
    func reloadMetadata() throws -> CsdlDocument
    /// Loads the service the system publishes under `name` (or the profile's alias for it) for the session that
    /// follows; throws, leaving the session as it is, when it cannot (`.open`).
    func open(_ name: String) throws
    /// The services `.open` can open, for completion: the profile's aliases and the system's catalog.
    func serviceNames() -> [CompletionCandidate]
    /// Values of a property with value help, given what was typed of the value (quoted literals).
    func valueHelp(_ property: Property, typed: String) -> [CompletionCandidate]
    /// Follows changed settings (`.trace`) and a new model (`.refresh`) in the connection.
    func follow(_ settings: ShellSettings, document: CsdlDocument)
}
