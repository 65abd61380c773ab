import Foundation
import Testing
import TestSupport

/// scripts/doc-coverage.sh on the modules this test run was built from: every public symbol of ODataModel,
/// ODataQuery and ODataClient has a doc comment of its own; and the script counts what its header says it counts.
@Suite("documentation coverage", .fixture("doc coverage tools", DocCoverage.isAvailable, Comment(rawValue: DocCoverage.missing)))
struct DocCoverageTests {
    @Test("every public symbol of ODataModel, ODataQuery and ODataClient has a doc comment")
    func librariesAreDocumented() throws {
        let run = try DocCoverage.run(["--skip-build", "--list", "--require", "100", "ODataModel", "ODataQuery", "ODataClient"],
                                      environment: ["ODSH_BUILD_DIR": try #require(DocCoverage.buildFolder).path])
        #expect(run.status == 0, "public symbols without a doc comment:\n\(run.stdout)\(run.stderr)")
        for library in ["ODataModel", "ODataQuery", "ODataClient"] {
            #expect(run.stdout.split(separator: "\n").contains { $0.hasPrefix(library + " ") },
                    "no line for \(library):\n\(run.stdout)\(run.stderr)")
        }
    }

    /// A symbol graph made here: the script counts public symbols with a source location in the package's Sources
    /// (once, though two graph files hold it), and only doc comments written at the declaration; what the compiler
    /// synthesizes does not count, nor does a doc comment a protocol lends, the standard library's or the package's.
    @Test("doc-coverage.sh counts the package's own public symbols and only their own doc comments")
    func countingRules() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("odsh-doc-coverage-\(getpid())-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let graphs = folder.appendingPathComponent("ODataQuery")
        try FileManager.default.createDirectory(at: graphs, withIntermediateDirectories: true)
        let source = "file://" + TestPaths.packageRoot.appendingPathComponent("Sources/ODataQuery/Query/Example.swift").path
        func symbol(_ id: String, _ path: [String], access: String = "public", location: String?, doc: [String: Any]?) -> [String: Any] {
            var s: [String: Any] = ["identifier": ["precise": id, "interfaceLanguage": "swift"], "pathComponents": path,
                                    "kind": ["identifier": "swift.property", "displayName": "Instance Property"], "accessLevel": access]
            if let location { s["location"] = ["uri": location, "position": ["line": 9, "character": 4]] }
            if let doc { s["docComment"] = doc }
            return s
        }
        let own: [String: Any] = ["uri": source, "module": "ODataQuery", "lines": [["text": "The number of entities."]]]
        let lent: [String: Any] = ["module": "Swift", "lines": [["text": "A textual representation of this instance."]]]
        let protocolFile = "file://" + TestPaths.packageRoot.appendingPathComponent("Sources/ODataModel/Errors/ErrorCategory.swift").path
        let lentByOurs: [String: Any] = ["uri": protocolFile, "module": "ODataModel", "lines": [["text": "The category the error is in."]]]
        let blank: [String: Any] = ["uri": source, "module": "ODataQuery", "lines": [["text": "  "]]]
        let main: [[String: Any]] = [
            symbol("documented", ["Example", "count"], location: source, doc: own),
            symbol("undocumented", ["Example", "total"], location: source, doc: nil),
            symbol("lent", ["Example", "description"], location: source, doc: lent),
            symbol("lentByOurs", ["Example", "category"], location: source, doc: lentByOurs),
            symbol("blank", ["Example", "blank"], location: source, doc: blank),
            symbol("synthesized", ["Example", "!=(_:_:)"], location: nil, doc: lent),
            symbol("elsewhere", ["Example", "hashValue"], location: "file:///opt/swift/usr/lib/Swift.swift", doc: nil),
            symbol("internal", ["Example", "cache"], access: "internal", location: source, doc: nil),
        ]
        let extensions: [[String: Any]] = [symbol("documented", ["Example", "count"], location: source, doc: own)]
        for (name, symbols) in [("ODataQuery.symbols.json", main), ("ODataQuery@Swift.symbols.json", extensions)] {
            let graph: [String: Any] = ["metadata": [:] as [String: Any], "module": ["name": "ODataQuery"], "symbols": symbols, "relationships": [] as [Any]]
            try JSONSerialization.data(withJSONObject: graph).write(to: graphs.appendingPathComponent(name))
        }

        let strict = try DocCoverage.run(["--graphs", folder.path, "--list", "--require", "100", "ODataQuery"])
        #expect(strict.status == 1, "\(strict.stdout)\(strict.stderr)")
        let lines = strict.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                == "ODataQuery 5 public symbols, 1 documented, 20.0%", "\(strict.stdout)")
        let listed = lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(listed == ["Sources/ODataQuery/Query/Example.swift:10: Example.blank (Instance Property)",
                           "Sources/ODataQuery/Query/Example.swift:10: Example.category (Instance Property)",
                           "Sources/ODataQuery/Query/Example.swift:10: Example.description (Instance Property)",
                           "Sources/ODataQuery/Query/Example.swift:10: Example.total (Instance Property)"], "\(strict.stdout)")
        #expect(strict.stderr.contains("below 100%: ODataQuery"), "\(strict.stderr)")

        let lenient = try DocCoverage.run(["--graphs", folder.path, "--require", "20", "ODataQuery"])
        #expect(lenient.status == 0, "\(lenient.stdout)\(lenient.stderr)")
        let wrong = try DocCoverage.run(["--graphs", folder.path, "ODataShell"])
        #expect(wrong.status == 2 && wrong.stderr.contains("no library ODataShell"), "\(wrong.stderr)")
    }
}

/// Where the script and the modules of this test run are, and whether the tools it needs are here.
enum DocCoverage {
    static let script = TestPaths.packageRoot.appendingPathComponent("scripts/doc-coverage.sh").path

    /// The folder of the modules this test run was built from (the test bundle sits beside them), else .build/debug.
    static let buildFolder: URL? = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [beside, beside.deletingLastPathComponent(), TestPaths.packageRoot.appendingPathComponent(".build/debug")]
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Modules/ODataModel.swiftmodule").path) }
    }()

    static let hasExtractor = Tools.isInstalled("swift-symbolgraph-extract")
        || FileManager.default.isExecutableFile(atPath: "/opt/swift/usr/bin/swift-symbolgraph-extract")

    static var isAvailable: Bool { Tools.hasPython && hasExtractor && buildFolder != nil }
    static var missing: String {
        !Tools.hasPython ? "python3 missing" : !hasExtractor ? "swift-symbolgraph-extract missing"
            : "no built modules found beside the test bundle or in .build/debug"
    }

    static func run(_ arguments: [String], environment: [String: String?] = [:]) throws -> Spawn.Result {
        try Spawn.run(["/bin/bash", script] + arguments, environment: Spawn.environment(environment), timeout: 300)
    }
}
