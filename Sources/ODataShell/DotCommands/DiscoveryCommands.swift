import ODataClient

// `.services` and `.verify` in the shell, on the session's own connection (its sign-in and cookies): the catalogs of
// the system the service is on, and a smoke test of the service.

/// `.services [TEXT]`: the services of this SAP system's Gateway catalogs whose name or title contains the text.
struct ServicesDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(
        ".services", summary: "the services of this SAP system's Gateway catalogs",
        parameters: [.text("TEXT", "a text the name or title contains")])
    let text: String
    init(_ arguments: DotCommandArguments) { text = arguments.word("TEXT") ?? "" }

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        let service = try session.services.dataService(settings: session.settings)
        let catalog = try GatewayCatalog(url: service.serviceRoot, client: service.client)
        let listing = try catalog.list()
        for f in listing.failures { out.textOutput.writeNote("odsh: note: no \(f.catalog.rawValue) catalog: \(CatalogListing.oneLine(f.error))\n") }
        out.write(CatalogListing.text(listing.services.filter { $0.matches(text) }, width: out.terminal.stdoutWidth))
        return .goOn
    }
}

/// `.verify [--top N] [--jobs N]`: reads every entity set with `$top`, N at a time.
struct VerifyDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(
        ".verify", summary: "read every entity set with $top, N at a time; OK, FAIL or SKIP each",
        parameters: [.option("--top", value: "N", "a number of entities per set, at least 1"),
                     .option("--jobs", value: "N", "a number of sets read at a time, at least 1")])
    let top: Int
    let jobs: Int
    init(_ arguments: DotCommandArguments) throws {
        top = try arguments.number(option: "--top", atLeast: 1) ?? 1
        jobs = try arguments.number(option: "--jobs", atLeast: 1) ?? 4
    }

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        let service = try session.services.dataService(settings: session.settings)
        let probes = try ServiceVerification(service: service, top: top, jobs: jobs).run()
        out.write(VerificationReport.text(probes, width: out.terminal.stdoutWidth))
        return .goOn
    }
}
