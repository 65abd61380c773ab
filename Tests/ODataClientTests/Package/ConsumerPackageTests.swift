import Foundation
import ODataClient
import ODataModel
import ODataProxyGen
import Testing
import TestSupport

/// The libraries as a versioned SwiftPM dependency: Examples/Consumer, a package of its own, is built against a
/// tagged clone of this repository (what is committed, as a dependency sees it; SwiftPM refuses such a dependency
/// when a target of its products has unsafe build flags) and run against the reference server: async paging, two
/// queries at once on one service, cancellation. Its build must not touch swift-argument-parser (the shell's
/// dependency, behind the trait "Shell").
///
/// The same build compiles proxy classes (`odsh generate swift`) for a representative set of the corpus, each a
/// module of the consumer package, and the Northwind V4 ones as a package that the odsh binary generates with
/// `--package` and its defaults but the library's location (depending on the same tag, so the library is compiled
/// once), which SAP's proxy-class examples (ProxyExamples) use against a Northwind V4 reference server of their own
/// (they write). ProxyExamples also reads a service of Microsoft Graph's shape (fixture-server.py graph, its module
/// generated from its URL): a query on a base type gives each entity as its own type's class.
///
/// Not one of the `IntegrationTests`, which run one after another: the programs run against a V4 reference server of
/// their own, so that nothing here shares state with other tests, and the minutes of the build overlap the others.
@Suite("A package that depends on this one", .fixture("git", Tools.isInstalled("git"), "git missing"))
struct ConsumerPackage {
    @Test(.timeLimit(.minutes(20)))
    func aConsumerPackageOnAVersionTagBuildsWithoutTheShellAndRunsAsync() throws {
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("odsh-consumer-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let clone = work.appendingPathComponent("odsh")
        // The committed state of this repository, tagged as the release of this version: the version a generated
        // package depends on by default.
        _ = try Spawn.output(["git", "clone", "--quiet", "--no-hardlinks", TestPaths.packageRoot.path, clone.path])
        _ = try Spawn.output(["git", "-C", clone.path, "-c", "tag.gpgSign=false", "tag", "-f", ODataClientVersion.version])
        let consumer = work.appendingPathComponent("consumer")
        _ = try Spawn.output(["cp", "-R", TestPaths.packageRoot.appendingPathComponent("Examples/Consumer").path, consumer.path])
        var settings: [String: String?] = ["ODSH_PACKAGE_URL": clone.path, "ODSH_PACKAGE_VERSION": ODataClientVersion.version]
        let odsh = TestPaths.builtProduct("odsh")
        let proxies = Corpus.isAvailable("metadata") && FileManager.default.isExecutableFile(atPath: odsh) && Tools.hasPython
        var graphPort: Int?
        if proxies {
            let home = work.appendingPathComponent("home")
            var modules = try Self.generateProxies(into: consumer.appendingPathComponent("Generated"))
            // A service of Graph's shape (fixture-server.py graph), generated from its URL: derived classes from a
            // base-type query (GraphExamples.swift).
            let port = try FixtureServers.port("graph")
            let graph = try Self.odsh(odsh, ["generate", "swift", "http://127.0.0.1:\(port)/graph/",
                                             "--destination", consumer.appendingPathComponent("Generated/GraphShape").path], home: home)
            try #require(graph.status == 0, "\(graph.stderr)")
            modules.append("GraphShape")
            graphPort = port
            settings["ODSH_PROXY_MODULES"] = modules.joined(separator: ",")
            // Named for the module the defaults give, which the consumer takes the product's name from.
            let package = work.appendingPathComponent("NorthwindService")
            try Self.generateNorthwindPackage(odsh, into: package, library: clone, home: home)
            settings["ODSH_PROXY_PACKAGE"] = package.path
        } else {
            let missing = !Corpus.isAvailable("metadata") ? Corpus.missing("metadata") : !Tools.hasPython ? "python3 missing" : "\(odsh) not built"
            Issue.record(Comment(rawValue: "proxy classes not compiled: \(missing)"), severity: .warning)
        }
        let environment = Spawn.environment(settings)
        let swift = FileManager.default.isExecutableFile(atPath: "/opt/swift/usr/bin/swift") ? "/opt/swift/usr/bin/swift" : "swift"
        let started = ContinuousClock.now
        // No index store and no debug information: nothing here reads them, and making them for the generated
        // modules is a third of their compile (LLVM's work follows the functions and what it emits for each).
        let build = try Spawn.run([swift, "build", "--disable-index-store", "-Xswiftc", "-gnone", "--package-path", consumer.path],
                                  environment: environment, mergingOutput: true, timeout: 1100)
        print("consumer package with proxy classes built in \(ContinuousClock.now - started)")
        #expect(build.status == 0, "\(build.stdout.suffix(3000))")
        // Swift 6 language mode checks concurrency completely: the consumer's code (top-level code awaiting a
        // DataServiceAsync) and the generated proxy classes compile without a warning.
        let warnings = build.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.isEmpty, "\(warnings.prefix(10).joined(separator: "\n"))")
        #expect(!build.stdout.contains("ArgumentParser"), "the libraries alone build nothing of swift-argument-parser")
        #expect(!build.stdout.contains("swift-argument-parser"), "nor fetch it")
        guard build.status == 0 else { return }
        guard ReferenceServers.isAvailable else {
            Issue.record(Comment(rawValue: "built; not run: \(ReferenceServers.missing)"), severity: .warning)
            return
        }

        // A V4 reference server of this test's own: the proxy examples write to it, and no other test sees it.
        let server = try TestScripts.run("refsrv.sh", ["start", "v4", String(getpid())], timeout: 600)
        let port = try #require(server["PORT"])
        defer { _ = try? TestScripts.run("refsrv.sh", ["stop", port], timeout: 60) }
        let binary = consumer.appendingPathComponent(".build/debug/ODataConsumer").path
        let hanging = try Fixtures.shared.hangingServer()
        let run = try Spawn.run([binary, "http://127.0.0.1:\(port)/northwind/", "http://127.0.0.1:\(hanging)/"],
                                timeout: 300)
        let out = run.stdout
        #expect(run.status == 0, "\(run.stderr)\n\(out)")
        #expect(out.contains("orders read with for try await: 830, last 11077"), "\(out)")
        #expect(out.contains("top 30 across pages: 30"))
        #expect(out.contains("concurrent: 5 customers, 7 products"))
        #expect(out.contains("decoded: ALFKI, ANATR, ANTON"), "\(out)")
        #expect(out.contains("$metadata requests: 1\n"), "\(out)")
        let cancelled = out.split(separator: "\n").first { $0.hasPrefix("cancelled: ") }.map(String.init) ?? ""
        #expect(cancelled.hasPrefix("cancelled: true, after "), "\(out)")
        let ms = Int(cancelled.split(separator: " ").dropLast().last ?? "") ?? Int.max
        #expect(ms < 100, "Task.cancel() ended the transfer after \(ms) ms")
        if proxies, let graphPort {
            try Self.runProxyExamples(consumer.appendingPathComponent(".build/debug/ProxyExamples").path, port: port, graphPort: graphPort)
        }
    }

    /// The representative set of the corpus whose proxy classes are compiled: module name, document, and whether
    /// names that differ only in case are allowed.
    static let representative: [(module: String, file: String, caseConflicts: Bool)] = [
        ("NorthwindV2", "northwind-v2.xml", false),
        ("GWSampleBasic", "served-mocksap-GWSAMPLE_BASIC-v2.xml", false),
        ("SalesOrderS4", "s4-API_SALES_ORDER_SRV.xml", false),
        // SuccessFactors, with two properties that differ only in case.
        ("SuccessFactors", "sf-ECEmployeeProfile.xml", true),
        ("FioriElements", "sap-fe-v4Meta.v2.xml", false),
        // The V4 reference server's catalog: bound function and action, enum, complex, collection (ProxyExamples).
        ("Catalog", "served-odatapy-catalog.xml", false),
    ] + (ProcessInfo.processInfo.environment["ODSH_TEST_GRAPH_PROXIES"] == "0" ? [] : [
        // Graph (50 files, a file per initial letter): properties named class, default, operator, package,
        // protocol, self; types that differ only in case; deep inheritance; 1,010 bound operations. The largest
        // part of this test's time (docs/performance.md); ODSH_TEST_GRAPH_PROXIES=0 leaves it out of a quick run.
        ("Graph", "msgraph-v1.0-cleanMetadata.xml", true),
    ])

    /// Generates the representative set into `folder/MODULE`; returns the module names.
    static func generateProxies(into folder: URL) throws -> [String] {
        for r in representative {
            var options = ProxyGeneratorOptions()
            options.moduleName = r.module
            options.allowCaseConflicts = r.caseConflicts
            try write(try generate(r.file, options), to: folder.appendingPathComponent(r.module))
        }
        return representative.map(\.module)
    }

    /// The Northwind V4 proxies (the reference server's metadata) as a package of their own, generated as a user
    /// would: by the odsh binary with `--package` and the defaults (the module named for the service, the library at
    /// odsh's own version), but for `--library`, the tagged clone's URL. The default library, the source the
    /// running odsh was built from, is this working tree: a second copy of the library beside the clone is refused
    /// (the same target names), and a path dependency on the clone would silently take the place of the consumer's
    /// versioned one. `GenerateCommandTests` checks that default and that it resolves.
    static func generateNorthwindPackage(_ odsh: String, into folder: URL, library clone: URL, home: URL) throws {
        let metadata = Corpus.url("metadata", "served-odatapy-northwind-v4.json").path
        let url = "file://" + clone.path
        let r = try Self.odsh(odsh, ["generate", "swift", metadata, "--destination", folder.path, "--package", "--library", url], home: home)
        try #require(r.status == 0, "\(r.stderr)")
        let manifest = try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(".package(url: \"\(url)\", from: \"\(ODataClientVersion.version)\", traits: []),"), "\(manifest)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Sources/NorthwindService/NorthwindService.swift").path))
    }

    /// Runs the odsh binary with folders of its own under `home` (no profile, cookie or cache of the user's).
    static func odsh(_ odsh: String, _ arguments: [String], home: URL) throws -> Spawn.Result {
        let environment = Spawn.environment(["XDG_CONFIG_HOME": home.path + "/config", "XDG_STATE_HOME": home.path + "/state",
                                             "XDG_CACHE_HOME": home.path + "/cache", "ODSH_STORE": "plain"])
        return try Spawn.run([odsh] + arguments, environment: environment, timeout: 300)
    }

    static func generate(_ name: String, _ options: ProxyGeneratorOptions) throws -> [GeneratedFile] {
        let path = Corpus.url("metadata", name).path
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        return try ProxyGenerator(document: try MetadataReader.read(file: path), metadataText: text, source: name, options: options).generate()
    }

    static func write(_ files: [GeneratedFile], to folder: URL) throws {
        for f in files {
            let url = folder.appendingPathComponent(f.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(f.contents.utf8).write(to: url)
        }
    }

    /// SAP's proxy-class examples against the test's own V4 server on `port` (they create, update and delete), and
    /// the Graph-shaped service of fixture-server.py on `graphPort`.
    static func runProxyExamples(_ binary: String, port: String, graphPort: Int) throws {
        let run = try Spawn.run([binary, "http://127.0.0.1:\(port)/northwind/", "http://127.0.0.1:\(port)/catalog/",
                                 "http://127.0.0.1:\(graphPort)/graph/"], timeout: 300)
        let out = run.stdout
        #expect(run.status == 0, "\(run.stderr)\n\(out)")
        #expect(out.contains("customers in Germany: ALFKI, BLAUS, WANDK\n"), "\(out)")
        #expect(out.contains("created: Proxy Example Ltd\n"), "\(out)")
        #expect(out.contains("updated: Kari Nordmann\n"), "\(out)")
        #expect(out.contains("deleted: true\n"), "\(out)")
        #expect(out.contains("product 1 Chai: Beverages, Exotic Liquids\n"), "\(out)")
        #expect(out.contains("orders of ALFKI: 10643, 10692, 10702, 10835, 10952, 11011\n"), "\(out)")
        #expect(out.contains("selected Chai: discontinued nil, loaded false; name loaded true, category loaded false\n"), "\(out)")
        // The generated classes carry the metadata: no request for it until the refresh asks for it.
        #expect(out.contains("$metadata requests before the refresh: 0\n"), "\(out)")
        #expect(out.contains("orders read with for try await: 830, last 11077\n"), "\(out)")
        #expect(out.contains("async top 25: 25, first 10248\n"), "\(out)")
        #expect(out.contains("refreshMetadata: compatible,"), "\(out)")
        #expect(out.contains("$metadata requests: 1\n"), "\(out)")
        // Bound operations, methods of the service taking the entity, and Codable on the catalog service.
        #expect(out.contains("price with tax of Anvil: 49.5"), "\(out)")
        #expect(out.contains("discounted Chisel: 9.8"), "\(out)")
        #expect(out.contains("decoded from JSON: 1 Anvil 45"), "\(out)")
        // Typed filters with a generated enum, a DecimalValue and a LocalDate; entities print their key and compare.
        #expect(out.contains("premium after mid-2020 over 40: 2, 4\n"), "\(out)")
        #expect(out.contains("printed: Product(ID: 1, Name: \"Anvil\""), "\(out)")
        #expect(out.contains("equal when read twice: true, as a set: 2\n"), "\(out)")
        #expect(out.contains(" Standard [\"heavy\", \"iron\"] Chennai, released 2019-03-01\n"), "\(out)")
        // A query on the base type directoryObject gives each entity as its own type's class, a get-by-key too.
        #expect(out.contains("directoryObjects as their classes: User Adele Vance, Group Sales, DirectoryObject\n"), "\(out)")
        #expect(out.contains("directoryObject u1 as User: adele@example.org\n"), "\(out)")
    }
}
