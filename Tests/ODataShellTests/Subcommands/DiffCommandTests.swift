import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport

/// `odsh diff`, run as a process: exit statuses, output formats, pre-approval flags.
@Suite("odsh diff command", .fixture("odsh binary", OdshProcess.isBuilt, "build odsh first: .build/debug/odsh is missing"))
struct DiffCommandTests {
    /// A small V4 model; the tests write edits of it to files.
    static let model = """
        <EntityType Name="Customer">
          <Key><PropertyRef Name="ID"/></Key>
          <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
          <Property Name="Name" Type="Edm.String" MaxLength="40"/>
          <Property Name="Fax" Type="Edm.String"/>
        </EntityType>
        <EnumType Name="Color"><Member Name="Red" Value="0"/><Member Name="Green" Value="1"/></EnumType>
        <EntityContainer Name="Container">
          <EntitySet Name="Customers" EntityType="NS.Customer"/>
        </EntityContainer>
        """
    static let green = #"<Member Name="Green" Value="1"/>"#
    static let fax = #"<Property Name="Fax" Type="Edm.String"/>"#
    static let name = #"<Property Name="Name" Type="Edm.String" MaxLength="40"/>"#

    static func document(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:DataServices>
            <Schema Namespace="NS" xmlns="http://docs.oasis-open.org/odata/ns/edm">
        \(body)
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """
    }

    /// Files in a fresh temporary folder, removed when the value goes.
    final class Files {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("odsh-diff-\(UUID().uuidString)")
        init() { try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: dir) }
        func write(_ name: String, _ text: String) throws -> String {
            let url = dir.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        func model(_ name: String, _ edit: (String) -> String = { $0 }) throws -> String {
            try write(name, DiffCommandTests.document(edit(DiffCommandTests.model)))
        }
    }

    /// old: the model; new: an enum member added (incompatible), Fax removed (incompatible), Email added
    /// (compatible), MaxLength 40 → 80 (info).
    func pair(_ files: Files) throws -> (String, String) {
        let old = try files.model("old.xml")
        let new = try files.model("new.xml") {
            $0.replacingOccurrences(of: Self.green, with: Self.green + #"<Member Name="Blue" Value="2"/>"#)
                .replacingOccurrences(of: Self.fax, with: #"<Property Name="Email" Type="Edm.String"/>"#)
                .replacingOccurrences(of: Self.name, with: #"<Property Name="Name" Type="Edm.String" MaxLength="80"/>"#)
        }
        return (old, new)
    }

    @Test("no changes: exit 0")
    func same() throws {
        let files = Files()
        let a = try files.model("a.xml"), b = try files.model("b.xml")
        let r = try OdshProcess.run(["diff", a, b])
        #expect(r.status == 0)
        #expect(r.stdout == "no changes; passes (--fail-on incompatible)\n")
    }

    @Test("incompatible changes: exit 1, grouped by element, with levels, rules and a summary")
    func incompatible() throws {
        let files = Files()
        let (old, new) = try pair(files)
        let r = try OdshProcess.run(["diff", old, new])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout == """
            NS.Color/Blue  (enum member)
              incompatible  added  [enum-member-added]
            NS.Customer/Email  (property)
              compatible    added  [property-added]
            NS.Customer/Fax  (property)
              incompatible  removed  [property-removed]
            NS.Customer/Name  (property)
              info          MaxLength 40 → 80  [facet-changed]
            4 changes: 2 incompatible, 0 approved, 1 compatible, 1 info; fails (--fail-on incompatible)

            """)
    }

    @Test("pre-approvals: --open-enums, --allow-removals, --allow-changes and --can-be-removed")
    func approvals() throws {
        let files = Files()
        let (old, new) = try pair(files)
        let openOnly = try OdshProcess.run(["diff", "--open-enums", old, new])
        #expect(openOnly.status == 1)
        #expect(openOnly.stdout.contains("approved      added  [enum-member-added, approved by hasOpenEnumerations]"))
        let both = try OdshProcess.run(["diff", "--open-enums", "--allow-removals", old, new])
        #expect(both.status == 0)
        #expect(both.stdout.hasSuffix("4 changes: 0 incompatible, 2 approved, 1 compatible, 1 info; passes (--fail-on incompatible)\n"))
        let byPath = try OdshProcess.run(["diff", "--open-enums", "--can-be-removed", "NS.Customer/Fax", old, new])
        #expect(byPath.status == 0)
        #expect(byPath.stdout.contains("removed  [property-removed, approved by canBeRemoved]"))
        let changesOnly = try OdshProcess.run(["diff", "--allow-changes", old, new])
        #expect(changesOnly.status == 1, "changes are not removals or new members")
    }

    @Test("--can-be-removed with a path that names nothing in OLD: usage error, exit 2, with suggestions")
    func canBeRemovedUnknown() throws {
        let files = Files()
        let (old, new) = try pair(files)
        let r = try OdshProcess.run(["diff", "--can-be-removed", "NS.Customer/Faxx", old, new])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("--can-be-removed NS.Customer/Faxx: no element of \(old) has this path"))
        #expect(r.stderr.contains("did you mean NS.Customer/Fax"))
        // A path of NEW only is not an element of OLD either.
        #expect(try OdshProcess.run(["diff", "--can-be-removed", "NS.Customer/Email", old, new]).status == 2)
    }

    @Test("--fail-on: incompatible (default), any (anything but info), never")
    func failOn() throws {
        let files = Files()
        let (old, new) = try pair(files)
        let onlyAdded = try files.model("added.xml") { $0.replacingOccurrences(of: Self.fax, with: Self.fax + #"<Property Name="Email" Type="Edm.String"/>"#) }
        let onlyInfo = try files.model("info.xml") { $0.replacingOccurrences(of: Self.name, with: #"<Property Name="Name" Type="Edm.String" MaxLength="80"/>"#) }
        #expect(try OdshProcess.run(["diff", old, onlyAdded]).status == 0)
        #expect(try OdshProcess.run(["diff", "--fail-on", "any", old, onlyAdded]).status == 1)
        #expect(try OdshProcess.run(["diff", "--fail-on", "any", old, onlyInfo]).status == 0)
        #expect(try OdshProcess.run(["diff", "--fail-on", "any", "--open-enums", "--allow-removals", old, new]).status == 1, "approved counts for any")
        #expect(try OdshProcess.run(["diff", "--fail-on", "never", old, new]).status == 0)
        #expect(try OdshProcess.run(["diff", "--fail-on", "sometimes", old, new]).status == 2)
    }

    @Test("usage errors and unreadable files: exit 2; invalid metadata: exit 4")
    func errors() throws {
        let files = Files()
        let (old, _) = try pair(files)
        let missing = try OdshProcess.run(["diff", old, files.dir.appendingPathComponent("nope.xml").path])
        #expect(missing.status == 2 && missing.stderr.contains("nope.xml"))
        #expect(try OdshProcess.run(["diff", old]).status == 2)
        // A service URL is fetched: an unreachable one is a transport failure.
        let url = try OdshProcess.run(["diff", "http://127.0.0.1:9/service/", old])
        #expect(url.status == 3 && url.stderr.contains("curl error 7"))
        #expect(try OdshProcess.run(["diff", "--format", "yaml", old, old]).status == 2)
        let broken = try files.write("broken.xml", "<edmx:Edmx Version=\"4.0\" xmlns:edmx=\"http://docs.oasis-open.org/odata/ns/edmx\"><edmx:DataServices><Schema")
        let invalid = try OdshProcess.run(["diff", old, broken])
        #expect(invalid.status == 4)
        #expect(invalid.stderr.contains("invalid metadata"))
        // A warning (a type that does not resolve) fails only with --strict.
        let warned = try files.model("warned.xml") { $0.replacingOccurrences(of: Self.fax, with: #"<Property Name="Fax" Type="NS.Nope"/>"#) }
        #expect(try OdshProcess.run(["diff", "--fail-on", "never", old, warned]).status == 0)
        #expect(try OdshProcess.run(["diff", "--strict", old, warned]).status == 4)
    }

    @Test("--quiet: only what fails, and the summary; --verbose: the rule's sentence")
    func quietAndVerbose() throws {
        let files = Files()
        let (old, new) = try pair(files)
        let quiet = try OdshProcess.run(["diff", "-q", old, new])
        #expect(quiet.stdout == """
            NS.Color/Blue  (enum member)
              incompatible  added  [enum-member-added]
            NS.Customer/Fax  (property)
              incompatible  removed  [property-removed]
            4 changes: 2 incompatible, 0 approved, 1 compatible, 1 info; fails (--fail-on incompatible)

            """)
        let verbose = try OdshProcess.run(["diff", "-v", old, new])
        #expect(verbose.stdout.contains("Adding a member to an enumeration type is incompatible unless enumerations are open (hasOpenEnumerations)."))
    }

    @Test("--format json: the documented layout")
    func json() throws {
        let files = Files()
        let (old, new) = try pair(files)
        let r = try OdshProcess.run(["diff", "--format", "json", "--open-enums", old, new])
        #expect(r.status == 1)
        #expect(r.stderr.contains("4 changes: 1 incompatible, 1 approved, 1 compatible, 1 info; fails"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["odshDiff"] as? Int == 1)
        #expect((object["old"] as? [String: Any])?["source"] as? String == old)
        #expect((object["new"] as? [String: Any])?["version"] as? String == "4.0")
        #expect(object["failOn"] as? String == "incompatible")
        #expect(object["failed"] as? Bool == true)
        #expect((object["approvals"] as? [String: Any])?["hasOpenEnumerations"] as? Bool == true)
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["incompatible": 1, "approved": 1, "compatible": 1, "info": 1, "total": 4])
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.count == 4)
        let blue = changes[0]
        #expect(blue["path"] as? String == "NS.Color/Blue")
        #expect(blue["element"] as? String == "enumMember")
        #expect(blue["change"] as? String == "added")
        #expect(blue["level"] as? String == "approved")
        #expect(blue["approvedBy"] as? String == "hasOpenEnumerations")
        #expect(blue["fails"] as? Bool == false)
        #expect(blue["old"] is NSNull && blue["new"] is NSNull)
        let rule = try #require(blue["rule"] as? [String: Any])
        #expect(rule["id"] as? String == "enum-member-added" && rule["defaultLevel"] as? String == "incompatible" && rule["sap"] as? Bool == true)
        let name = changes[3]
        #expect(name["change"] as? String == "facetChanged" && name["aspect"] as? String == "MaxLength")
        #expect(name["old"] as? String == "40" && name["new"] as? String == "80")
        #expect(name["summary"] as? String == "MaxLength 40 → 80")
    }

    @Test("--format markdown: a pull-request comment")
    func markdown() throws {
        let files = Files()
        let (old, new) = try pair(files)
        let r = try OdshProcess.run(["diff", "--format", "markdown", old, new])
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("### Metadata changes: `old.xml` → `new.xml`\n\n**Fails** (`--fail-on incompatible`): **2 incompatible**, 0 approved, 1 compatible, 1 info\n"))
        #expect(r.stdout.contains("#### 2 incompatible changes\n\n| Element | Kind | Change | Rule |\n|---|---|---|---|\n| `NS.Color/Blue` | enum member | added | `enum-member-added` |\n"))
        #expect(r.stdout.contains("<details><summary>1 info change</summary>"))
    }

    @Test("--format junit: well-formed, one test case per element, failures at or above --fail-on")
    func junit() throws {
        let files = Files()
        let (old, new) = try pair(files)
        let r = try OdshProcess.run(["diff", "--format", "junit", old, new])
        #expect(r.status == 1)
        try Self.expectWellFormed(r.stdout)
        #expect(r.stdout.contains(#"<testsuites name="odsh diff" tests="4" failures="2" errors="0">"#))
        #expect(r.stdout.contains(#"<testcase classname="metadata.enumMember" name="NS.Color/Blue">"#))
        #expect(r.stdout.contains(#"<failure type="incompatible" message="added">incompatible: added [enum-member-added]</failure>"#))
        #expect(r.stdout.contains("<system-out>info: MaxLength 40 → 80 [facet-changed]</system-out>"))
        let same = try OdshProcess.run(["diff", "--format", "junit", old, old])
        try Self.expectWellFormed(same.stdout)
        #expect(same.stdout.contains(#"<testcase classname="metadata" name="no changes"/>"#))
    }

    /// Runs a command line tool (such as `xmllint`) on the text when it is installed; nil when it is not.
    static func tool(_ name: String, _ arguments: [String], input: String) throws -> Int32? {
        guard let path = ["/usr/bin/", "/usr/local/bin/", "/bin/"].map({ $0 + name }).first(where: FileManager.default.isExecutableFile) else {
            return nil
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("odsh-tool-\(UUID().uuidString)")
        try input.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return try Spawn.run([path] + arguments + [file.path]).status
    }

    static func expectWellFormed(_ xml: String) throws {
        if let status = try Self.tool("xmllint", ["--noout"], input: xml) {
            #expect(status == 0, "xmllint --noout rejects the JUnit output")
        }
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "XMLParser: \(String(describing: parser.parserError))")
    }

    @Test("Graph v1.0 Prod, in every format", .fixture("corpus", SharedCorpus.isAvailable, "corpus not found (set ODSH_SHARED)"),
          arguments: ["text", "json", "markdown", "junit"])
    func graph(_ format: String) throws {
        let old = SharedCorpus.metadata("msgraph-v1.0-Prod.v1.xml"), new = SharedCorpus.metadata("msgraph-v1.0-Prod.v2.xml")
        let r = try OdshProcess.run(["diff", "--format", format, old, new])
        #expect(r.status == 1)
        switch format {
        case "text":
            #expect(r.stdout.hasSuffix("22 changes: 8 incompatible, 0 approved, 12 compatible, 2 info; fails (--fail-on incompatible)\n"))
            #expect(r.stdout.contains("microsoft.graph.contentCategory  (enum type)\n  compatible    added  [type-added]\n"))
        case "json":
            let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            #expect((object["summary"] as? [String: Int])?["incompatible"] == 8)
        case "markdown":
            #expect(r.stdout.contains("#### 8 incompatible changes"))
        default:
            try Self.expectWellFormed(r.stdout)
            #expect(r.stdout.contains(#"failures="8""#))
        }
        let open = try OdshProcess.run(["diff", "--open-enums", "-q", old, new])
        #expect(open.status == 0 && open.stdout == "22 changes: 0 incompatible, 8 approved, 12 compatible, 2 info; passes (--fail-on incompatible)\n")
    }

    @Test("V2 against its V4 twin: a note, the protocol change first, exit 1",
          .fixture("corpus", SharedCorpus.isAvailable, "corpus not found (set ODSH_SHARED)"))
    func crossVersion() throws {
        let r = try OdshProcess.run(["diff", SharedCorpus.metadata("northwind-v2.xml"), SharedCorpus.metadata("northwind-v4.xml")])
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("""
            note: comparing OData 2.0 with OData 4.0: a different protocol version, which no metadata refresh accepts; \
            the model is compared as far as it goes
            (document)  (document)
              incompatible  OData version 2.0 → 4.0  [odata-version-changed]

            """))
        #expect(try OdshProcess.run(["diff", "--allow-changes", "--allow-removals", "--open-enums",
                                 SharedCorpus.metadata("northwind-v2.xml"), SharedCorpus.metadata("northwind-v4.xml")]).status == 1)
    }
}
