import ArgumentParser
import FoundationEssentials
import ODataClient

/// `.services [TEXT]` and `.verify [--top N] [--jobs N]` in the shell, on the session's own connection (its sign-in and
/// cookies): the catalogs of the system the service is on, and a smoke test of the service.
enum ReplDiscovery {
    static func run(_ name: String, _ arg: String, service: DataService, out: TextOutput) throws {
        switch name {
        case ".services":
            let catalog = try GatewayCatalog(url: service.serviceRoot, client: service.client)
            let listing = try catalog.list()
            for f in listing.failures { out.writeNote("odsh: note: no \(f.catalog.rawValue) catalog: \(ServicesCommand.oneLine(f.error))\n") }
            out.write(ServicesCommand.text(listing.services.filter { $0.matches(arg) }))
        case ".verify":
            let words = arg.split(separator: " ").map(String.init)
            var top = 1, jobs = 4
            var i = 0
            while i < words.count {
                guard i + 1 < words.count, ["--top", "--jobs"].contains(words[i]), let n = Int(words[i + 1]), n >= 1 else {
                    throw UsageError(".verify takes --top N and --jobs N (each at least 1), or nothing")
                }
                if words[i] == "--top" { top = n } else { jobs = n }
                i += 2
            }
            let probes = try ServiceVerification(service: service, top: top, jobs: jobs).run()
            out.write(VerifyCommand.text(probes))
        default:
            throw UsageError("unknown command \(name)")
        }
    }
}
