import ArgumentParser
import FoundationEssentials
import ODataClient
import ODataModel

/// `odsh verify SERVICE`: read every entity set with `$top` and report which answer.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        _superCommandName: "odsh",
        abstract: "Smoke-test a service: read every entity set with $top=N; exit 1 when one fails.",
        discussion: """
            Sets the metadata says cannot be read alone are skipped with the reason: sap:addressable="false", \
            sap:requires-filter="true", Capabilities.FilterRestrictions/RequiresFilter, Capabilities.ReadRestrictions/Readable \
            false, a key property that is sap:required-in-filter. Exit status: 0 when every set read answers, 1 when \
            one fails, 3 when the service cannot be reached.
            """
    )

    @Argument(help: ArgumentHelp("The service root URL, or the name of a profile.", valueName: "url|profile"),
              completion: CommandLineCompletion.profileOrURL)
    var service: String

    @Option(name: .long, help: ArgumentHelp("Entities to read from each set (default: 1).", valueName: "N"))
    var top = 1

    @Option(name: .long, help: ArgumentHelp("Entity sets read at the same time, on one session (default: 4).", valueName: "N"))
    var jobs = 4

    @Flag(name: .long, help: "Write JSON instead of a table.")
    var json = false

    @Flag(name: [.short, .long], help: "Show the details of errors.")
    var verbose = false

    @OptionGroup(title: "Metadata")
    var metadataOptions: MetadataOptions

    @OptionGroup(title: "Connection")
    var connection: ConnectionOptions

    mutating func validate() throws {
        if top < 1 { throw ValidationError("--top must be 1 or more") }
        if jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
    }

    func run() throws {
        let (root, probes) = try ErrorReporter(verbose: verbose).exitOnError {
            // One connection for the metadata and the probes (one sign-in).
            let connections = ServiceConnections(connection.settings)
            let loaded = try MetadataLoader(connections: connections, strict: false, options: metadataOptions)
                .load(service: service, metadataFile: nil)
            let root = loaded.serviceRoot
            let data = try connections.connection(serviceRoot: root, profile: loaded.profile).dataService(metadata: loaded.document)
            data.readOptions.mode = .lenient  // a probe checks that a set answers; its values are not shown
            if let bytes = connections.settings.maxValueBytes { data.readOptions.maxUnitBytes = bytes }
            InterruptRelay.install()
            return (root, try InterruptRelay.run { try ServiceVerification(service: data, top: top, jobs: jobs).run() })
        }
        Stdout.write(json ? VerificationReport.json(probes, service: HTTPClient.urlForDisplay(root)) : VerificationReport.text(probes, width: TerminalFacts.process.stdoutWidth))
        if probes.contains(where: { $0.outcome == .failed }) { throw OdshExit(.serviceError) }
    }
}
