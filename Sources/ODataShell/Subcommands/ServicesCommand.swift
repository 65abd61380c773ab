import ArgumentParser
import FoundationEssentials
import ODataClient

/// `odsh services SYSTEM [TEXT]`: the SAP Gateway catalog of a system.
struct ServicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "services",
        _superCommandName: "odsh",
        abstract: "List the OData services of an SAP Gateway system from its catalogs (V2 catalog service, V4 service groups).",
        discussion: """
            SYSTEM is a profile or any URL on the system (only scheme, host and port count). TEXT keeps the services \
            whose technical name, id, title or group contains it (ignoring case). A catalog the system lacks (many have \
            no V4 service groups) is noted on stderr; odsh fails only when no catalog can be read.
            """
    )

    @Argument(help: ArgumentHelp("A profile, or a URL of the system.", valueName: "system"), completion: CommandLineCompletion.profileOrURL)
    var system: String

    @Argument(help: ArgumentHelp("Keep only services whose name, title or group contains this text.", valueName: "text"))
    var text: String?

    @Flag(name: .customLong("v2"), help: "Only the V2 catalog service.")
    var v2Only = false

    @Flag(name: .customLong("v4"), help: "Only the V4 service groups.")
    var v4Only = false

    @Flag(name: .long, help: "Write JSON instead of a table.")
    var json = false

    @Flag(name: [.short, .long], help: "Show the details of errors.")
    var verbose = false

    @OptionGroup(title: "Connection")
    var connection: ConnectionOptions

    mutating func validate() throws {
        if v2Only && v4Only { throw ValidationError("--v2 and --v4 exclude each other (give neither for both)") }
    }

    func run() throws {
        let catalogs: [GatewayCatalog.Catalog] = v2Only ? [.v2] : v4Only ? [.v4] : [.v2, .v4]
        let listing = try ErrorReporter(verbose: verbose).exitOnError {
            let catalog = try SystemTarget(system, connections: ServiceConnections(connection.settings)).catalog()
            InterruptRelay.install()
            return try InterruptRelay.run { try catalog.list(catalogs) }
        }
        for f in listing.failures {
            Stderr.write("odsh: note: no \(f.catalog.rawValue) catalog: \(CatalogListing.oneLine(f.error))\n")
        }
        let services = listing.services.filter { $0.matches(text ?? "") }
        Stdout.write(json ? CatalogListing.json(services) : CatalogListing.text(services, width: TerminalFacts.process.stdoutWidth))
    }
}
