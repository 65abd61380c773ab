import ArgumentParser
import Foundation
import Testing
@testable import ODataShell

/// `QuickCommandLine` takes plain metadata and diff command lines past the argument parser. Every line it takes must
/// mean what the argument parser makes of it; every other line it must leave to the argument parser.
struct QuickCommandLineTests {
    /// What a metadata command was asked, in comparable form.
    struct MetadataValues: Equatable {
        var command: String, source: String, name: String?, json: Bool, strict: Bool, verbose: Bool, quiet: Bool
        var noCache: Bool, metadataFix: String?
        init(_ command: String, _ s: MetadataSource, name: String? = nil) {
            self.command = command; self.name = name
            source = s.source; json = s.json; strict = s.loading.strict; verbose = s.loading.verbose; quiet = s.loading.quiet
            noCache = s.loading.noCache; metadataFix = s.loading.metadataFix
        }
    }

    struct DiffValues: Equatable {
        var old: String, new: String, format: DiffFormat, openEnums: Bool, allowChanges: Bool, allowRemovals: Bool
        var canBeRemoved: [String], failOn: DiffFailLevel, strict: Bool, quiet: Bool, verbose: Bool, noCache: Bool
        var metadataFix: String?, timings: Bool
        init(_ d: DiffRequest) {
            old = d.old; new = d.new; format = d.format; openEnums = d.openEnums; allowChanges = d.allowChanges
            allowRemovals = d.allowRemovals; canBeRemoved = d.canBeRemoved; failOn = d.failOn; strict = d.loading.strict
            quiet = d.loading.quiet; verbose = d.loading.verbose; noCache = d.loading.noCache
            metadataFix = d.loading.metadataFix; timings = d.timings
        }
    }

    /// The connection options the argument parser leaves at their defaults when none is given.
    static func isDefault(_ c: ConnectionOptions?) -> Bool {
        guard let c else { return false }
        return c.headers.isEmpty && c.userAgent == nil && c.user == nil && c.bearer == nil && c.cookie == nil && c.cookieJar == nil
            && !c.netrc && c.certificate == nil && c.key == nil && c.caBundle == nil && !c.insecure && c.timeout == nil
            && c.connectTimeout == nil && c.proxy == nil && c.sapClient == nil && c.sapLanguage == nil && !c.trace
            && !c.traceData && !c.tracePretty && c.traceFile == nil && !c.traceSecrets
    }

    /// The argument parser's reading of a metadata command line.
    static func parsed(metadata args: [String]) throws -> MetadataValues {
        let command = try OdshCommand.root(for: args).parseAsRoot(args)
        switch command {
        case let c as MetadataCommand.Summary:
            #expect(isDefault(c.source.connection))
            return MetadataValues("summary", c.source.settings)
        case let c as MetadataCommand.Sets:
            #expect(isDefault(c.source.connection))
            return MetadataValues("sets", c.source.settings)
        case let c as MetadataCommand.Describe:
            #expect(isDefault(c.source.connection))
            return MetadataValues("describe", c.source.settings, name: c.name)
        default:
            Issue.record("\(args) parsed as \(type(of: command))")
            throw CancellationError()
        }
    }

    static func quick(metadata args: [String]) -> MetadataValues? {
        switch QuickCommandLine.match(args) {
        case .summary(let s)?: #expect(s.loading.connection == nil); return MetadataValues("summary", s)
        case .sets(let s)?: #expect(s.loading.connection == nil); return MetadataValues("sets", s)
        case .describe(let s, let name)?: #expect(s.loading.connection == nil); return MetadataValues("describe", s, name: name)
        default: return nil
        }
    }

    /// Plain metadata command lines: each flag alone, before and after the positional arguments, and all of them
    /// in several placements. (A parse through the argument parser's debug build takes ~0.4 s: a sample, not every
    /// combination.)
    static let metadataLines: [[String]] = {
        var lines: [[String]] = []
        for sub in ["summary", "sets", "describe"] {
            let positional = sub == "describe" ? ["doc.xml", "Customers"] : ["doc.xml"]
            lines.append(["metadata", sub] + positional)
            for flag in ["--json", "--strict", "-v", "--verbose", "-q", "--quiet", "--no-cache"] {
                lines.append(["metadata", sub, flag] + positional)
                lines.append(["metadata", sub] + positional + [flag])
            }
            lines.append(["metadata", sub, "--quiet", "--json"] + positional + ["--no-cache", "-v", "--strict"])
            lines.append(["metadata", sub, positional[0], "-q", "--verbose", "--json", "--strict", "--no-cache"] + positional.dropFirst())
            lines.append(["metadata", sub, "--metadata-fix", "fix.txt"] + positional)
            lines.append(["metadata", sub] + positional + ["--json", "--metadata-fix=fix.txt"])
        }
        // Sources and names that look like command or option names are still positional arguments.
        lines += [["metadata", "summary", "sets"], ["metadata", "sets", "describe"], ["metadata", "describe", "x.xml", "summary"],
                  ["metadata", "summary", ""], ["metadata", "summary", "json"], ["metadata", "describe", "a b.xml", "NS.Type/Prop"]]
        return lines
    }()

    @Test("plain metadata command lines are taken, and mean what the argument parser makes of them", arguments: metadataLines)
    func metadataLine(_ args: [String]) throws {
        let quick = try #require(Self.quick(metadata: args), "not taken: \(args)")
        #expect(try Self.parsed(metadata: args) == quick, "\(args)")
    }

    static let diffLines: [[String]] = {
        var lines: [[String]] = [["diff", "old.xml", "new.xml"]]
        for flag in ["--open-enums", "--allow-changes", "--allow-removals", "--strict", "-q", "--quiet", "-v", "--verbose", "--no-cache",
                     "--timings"] {
            lines.append(["diff", flag, "old.xml", "new.xml"])
            lines.append(["diff", "old.xml", "new.xml", flag])
        }
        for values in [["--format", "json"], ["--format=markdown"], ["--format", "junit", "--fail-on", "any"], ["--fail-on=never"],
                       ["--fail-on", "incompatible", "--format=text"]] {
            lines.append(["diff"] + values + ["old.xml", "new.xml"])
            lines.append(["diff", "old.xml"] + values + ["new.xml"])
        }
        for values in [["--can-be-removed", "NS.T/P"], ["--can-be-removed=NS.T/P", "--can-be-removed", "C/Set"], ["--metadata-fix", "fix.txt"],
                       ["--metadata-fix=fix.txt", "--can-be-removed=NS.T"]] {
            lines.append(["diff"] + values + ["old.xml", "new.xml"])
            lines.append(["diff", "old.xml", "new.xml"] + values)
        }
        lines.append(["diff", "--open-enums", "--allow-changes", "old.xml", "--format", "json", "--allow-removals", "--strict", "new.xml",
                      "-q", "-v", "--no-cache", "--timings", "--fail-on=any", "--can-be-removed", "NS.T/P", "--metadata-fix", "f.txt"])
        return lines
    }()

    @Test("plain diff command lines are taken, and mean what the argument parser makes of them", arguments: diffLines)
    func diffLine(_ args: [String]) throws {
        guard case .diff(let quick)? = QuickCommandLine.match(args) else {
            Issue.record("not taken: \(args)")
            return
        }
        #expect(quick.loading.connection == nil)
        let command = try OdshCommand.root(for: args).parseAsRoot(args)
        let parsed = try #require(command as? DiffCommand, "\(args) parsed as \(type(of: command))")
        #expect(Self.isDefault(parsed.connection))
        #expect(DiffValues(parsed.request) == DiffValues(quick), "\(args)")
    }

    @Test("anything else is left to the argument parser", arguments: [
        [], ["metadata"], ["metadata", "summary"], ["metadata", "describe", "x.xml"], ["metadata", "summary", "x.xml", "y.xml"],
        ["metadata", "summary", "x.xml", "--json", "--json"], ["metadata", "summary", "-v", "--verbose", "x.xml"],
        ["metadata", "summary", "-vq", "x.xml"], ["metadata", "summary", "--", "x.xml"], ["metadata", "summary", "-", "x.xml"],
        ["metadata", "summary", "x.xml", "--help"], ["metadata", "summary", "x.xml", "-h"], ["metadata", "summary", "--json=true", "x.xml"],
        ["metadata", "summary", "--metadata-fix", "f.txt", "--metadata-fix", "g.txt", "x.xml"], ["metadata", "summary", "x.xml", "--metadata-fix"],
        ["metadata", "summary", "--metadata-fix=", "x.xml"], ["metadata", "summary", "--metadata-fix", "", "x.xml"],
        ["metadata", "summary", "--metadata-fix", "-f", "x.xml"], ["metadata", "summary", "x.xml", "--user", "u"],
        ["metadata", "summary", "x.xml", "--sap-client", "100"], ["metadata", "help", "summary"], ["metadata", "--help"],
        ["help", "metadata"], ["--version"], ["summary", "x.xml"], ["metadata", "summaries", "x.xml"],
        ["diff"], ["diff", "a.xml"], ["diff", "a.xml", "b.xml", "c.xml"], ["diff", "a.xml", "b.xml", "--format", "yaml"],
        ["diff", "a.xml", "b.xml", "--format"], ["diff", "a.xml", "b.xml", "--format", "--strict"],
        ["diff", "a.xml", "b.xml", "--format", "json", "--format", "text"], ["diff", "a.xml", "b.xml", "--fail-on", "all"],
        ["diff", "a.xml", "b.xml", "--can-be-removed"], ["diff", "a.xml", "b.xml", "--can-be-removed="], ["diff", "a.xml", "b.xml", "--format="],
        ["diff", "a.xml", "b.xml", "--strict", "--strict"], ["diff", "a.xml", "b.xml", "--json"], ["diff", "--help"],
        ["diff", "a.xml", "--format", "b.xml", "json"], ["diff", "--fail-on", "a.xml", "b.xml", "any"],
        ["http://host/svc/"], ["-c", "Customers", "http://host/svc/"],
    ])
    func leftAlone(_ args: [String]) {
        #expect(QuickCommandLine.match(args) == nil, "\(args)")
    }
}

/// The same command lines through the built odsh, once taken past the argument parser and once not (an option the
/// quick path does not take, and that does nothing for a file, sends a line to the argument parser): same output,
/// same messages, same exit status, on success and on failure.
@Suite("odsh with and without the quick command line", .enabled(if: OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .enabled(if: SharedCorpus.isAvailable, "corpus not found at \(SharedCorpus.root.path) (set ODSH_SHARED)"))
struct QuickCommandLineProcessTests {
    static let cases: [[String]] = [
        // Warnings on stderr, summary on stdout.
        ["metadata", "summary", SharedCorpus.metadata("sap-gw-v2-FAR_MANAGE_BS_SRV.xml")],
        ["metadata", "summary", "--json", "--verbose", SharedCorpus.metadata("sap-cloudsdk-faulty-test-service.xml")],
        ["metadata", "sets", SharedCorpus.metadata("northwind-v4.xml"), "-q"],
        ["metadata", "describe", "--json", SharedCorpus.metadata("northwind-v2.xml"), "Orders"],
        // An unknown name (exit 2, with suggestions), a missing file, a document that is not well-formed (exit 4).
        ["metadata", "describe", SharedCorpus.metadata("northwind-v2.xml"), "Ordrs"],
        ["metadata", "summary", "/nonexistent/odsh-quick.xml"],
        ["metadata", "summary", "--strict", SharedCorpus.metadata("sap-gw-v2-MM_PUR_CNTRL_PO_MAINTAIN_SRV.xml")],
        ["metadata", "summary", "--strict", SharedCorpus.metadata("sap-cloudsdk-faulty-test-service.xml")],
        // Incompatible changes (exit 1), in two formats.
        ["diff", SharedCorpus.metadata("northwind-v2.xml"), SharedCorpus.metadata("northwind-v4.xml")],
        ["diff", "--format=json", "--allow-removals", SharedCorpus.metadata("sap-cloudsdk-v2-API_TEST_SRV.v1.xml"),
         SharedCorpus.metadata("sap-cloudsdk-v2-API_TEST_SRV.v2.xml"), "--fail-on", "any"],
        // A pre-approval naming no element of OLD (exit 2, with suggestions).
        ["diff", "--can-be-removed", "NorthwindModel.Customerz", SharedCorpus.metadata("northwind-v2.xml"),
         SharedCorpus.metadata("northwind-v4.xml")],
    ]

    @Test("same stdout, stderr and exit status", arguments: cases)
    func same(_ args: [String]) throws {
        #expect(QuickCommandLine.match(args) != nil, "\(args)")
        let viaParser = args + ["--sap-client", "100"]
        #expect(QuickCommandLine.match(viaParser) == nil)
        let quick = try OdshProcess.run(args)
        let parsed = try OdshProcess.run(viaParser)
        #expect(quick.status == parsed.status, "\(args)")
        #expect(quick.stdout == parsed.stdout, "\(args)")
        #expect(quick.stderr == parsed.stderr, "\(args)")
    }

    /// Both ways load through one `MetadataLoading`: ten warnings for a metadata command, three per document for a
    /// diff (each followed by how many more, naming the document), all with --verbose, none with --quiet.
    @Test("warnings listed, and how many more", arguments: [true, false])
    func warningsListed(quick: Bool) throws {
        let xml = SharedCorpus.metadata("oasis-csdl-miscellaneous.xml"), json = SharedCorpus.metadata("oasis-csdl-miscellaneous.json")
        func stderr(_ args: [String]) throws -> [Substring] {
            let line = quick ? args : args + ["--sap-client", "100"]
            #expect((QuickCommandLine.match(line) != nil) == quick, "\(line)")
            return try OdshProcess.run(line).stderr.split(separator: "\n")
        }
        func warnings(_ lines: [Substring], of path: String) -> Int { lines.filter { $0.hasPrefix(path + ":") && $0.contains(": warning: ") }.count }
        let all = try stderr(["metadata", "summary", "-v", xml])
        let allXML = warnings(all, of: xml)
        let allJSON = warnings(try stderr(["metadata", "summary", "-v", json]), of: json)
        #expect(allXML > 10 && allJSON > 10)
        #expect(all.count == allXML)

        let summary = try stderr(["metadata", "summary", xml])
        #expect(warnings(summary, of: xml) == 10)
        #expect(summary.last == "odsh: \(allXML - 10) more warnings (--verbose lists them all)")
        #expect(try stderr(["metadata", "summary", "-q", xml]).isEmpty)

        let diff = try stderr(["diff", xml, json])
        #expect(warnings(diff, of: xml) == 3 && warnings(diff, of: json) == 3)
        #expect(diff.contains("odsh: \(xml): \(allXML - 3) more warnings (--verbose lists them all)"))
        #expect(diff.contains("odsh: \(json): \(allJSON - 3) more warnings (--verbose lists them all)"))
        let diffAll = try stderr(["diff", "-v", xml, json])
        #expect(warnings(diffAll, of: xml) == allXML && warnings(diffAll, of: json) == allJSON)
    }
}
