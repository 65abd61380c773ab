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
              completion: ShellCompletion.profileOrURL)
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
        Stdout.write(json ? Self.json(probes, service: HTTPClient.urlForDisplay(root)) : Self.text(probes))
        if probes.contains(where: { $0.outcome == .failed }) { throw OdshExit(.serviceError) }
    }

    /// A table of the sets (time last, so that its width moves no other column), then why each failed or was skipped.
    static func text(_ probes: [ServiceVerification.Probe]) -> String {
        var t = TextTable(headers: ["ENTITY SET", "RESULT", "STATUS", "ROWS", "ELAPSED"])
        t.flexible = [1]
        t.rightAligned = [2, 3]
        var reasons = ""
        for p in probes {
            let ran = p.outcome != .skipped
            t.add([p.entitySet, p.outcome.rawValue, p.status.map(String.init) ?? "", p.outcome == .ok ? String(p.entities) : "",
                   ran ? milliseconds(p.seconds) : ""])
            if !p.detail.isEmpty { reasons += "\(p.entitySet.forTerminal()): \(p.detail.forTerminal())\n" }
        }
        let ok = probes.filter { $0.outcome == .ok }.count
        let failed = probes.filter { $0.outcome == .failed }.count
        let skipped = probes.count - ok - failed
        return t.render(width: TextTable.stdoutWidth) + reasons + "\(ok) OK, \(failed) failed, \(skipped) skipped\n"
    }

    static func json(_ probes: [ServiceVerification.Probe], service: String) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.string("service", service)
        w.number("ok", probes.filter { $0.outcome == .ok }.count)
        w.number("failed", probes.filter { $0.outcome == .failed }.count)
        w.number("skipped", probes.filter { $0.outcome == .skipped }.count)
        w.beginArray("entitySets")
        for p in probes {
            w.beginObject()
            w.string("name", p.entitySet)
            w.string("result", p.outcome.rawValue)
            w.number("status", p.status)
            w.number("milliseconds", p.outcome == .skipped ? nil : Int((p.seconds * 1000).rounded()))
            w.number("entities", p.outcome == .ok ? p.entities : nil)
            w.string("detail", p.detail.isEmpty ? nil : p.detail)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.output + "\n"
    }

    private static func milliseconds(_ s: Double) -> String { "\(Int((s * 1000).rounded())) ms" }
}
