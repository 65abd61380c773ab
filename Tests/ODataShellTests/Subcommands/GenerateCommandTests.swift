import Foundation
import Testing

/// `odsh generate swift`: proxy classes from a metadata file, with the options a user sees.
@Suite("odsh generate swift", .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("corpus", SharedCorpus.isAvailable, "corpus not found at \(SharedCorpus.root.path) (set ODSH_SHARED)"))
struct GenerateCommandTests {
    static func folder() throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("odsh-generate-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("A file writes the service class, a class per type and the embedded metadata, as it was read")
    func fromFile() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let metadata = SharedCorpus.metadata("northwind-v4.xml")
        let r = try OdshProcess.run(["generate", "swift", metadata, "--destination", out.path, "--prefix", "NW"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("wrote 28 files to \(out.path)"), "\(r.stdout)")
        let service = try String(contentsOf: out.appendingPathComponent("NorthwindEntities.swift"), encoding: .utf8)
        #expect(service.contains("public func customers(query: DataQuery = DataQuery()) throws -> [NWCustomer] {"))
        let customer = try String(contentsOf: out.appendingPathComponent("NWCustomer.swift"), encoding: .utf8)
        #expect(customer.contains("public static var companyName: Property { proxyDescriptors.property(1) }"))
        let embedded = try String(contentsOf: out.appendingPathComponent("NorthwindEntitiesMetadata.swift"), encoding: .utf8)
        let original = try String(contentsOfFile: metadata, encoding: .utf8)
        #expect(embedded.contains(original))
    }

    @Test("Generating again leaves the files that would not change as they were, so a build recompiles only the others")
    func again() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let metadata = SharedCorpus.metadata("northwind-v4.xml")
        #expect(try OdshProcess.run(["generate", "swift", metadata, "--destination", out.path]).status == 0)
        let customer = out.appendingPathComponent("Customer.swift")
        let service = out.appendingPathComponent("NorthwindEntities.swift")
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for url in [customer, service] { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path) }
        try "// edited by hand\n".write(to: service, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: service.path)
        let r = try OdshProcess.run(["generate", "swift", metadata, "--destination", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("wrote 1 file to \(out.path), 27 unchanged"), "\(r.stdout)")
        let time = { (url: URL) in try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date }
        #expect(try time(customer) == old, "an unchanged file is not written")
        #expect(try time(service) != old, "a changed one is")
        #expect(try String(contentsOf: service, encoding: .utf8).contains("public final class NorthwindEntities"))
    }

    @Test("Generating again removes the files an earlier generation wrote and this one does not; other files stay")
    func staleFiles() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let metadata = SharedCorpus.metadata("northwind-v4.xml")
        #expect(try OdshProcess.run(["generate", "swift", metadata, "--destination", out.path, "--prefix", "Old"]).status == 0)
        let ownSwift = out.appendingPathComponent("Helpers.swift")
        try "// written by hand\nstruct Helpers {}\n".write(to: ownSwift, atomically: false, encoding: .utf8)
        let r = try OdshProcess.run(["generate", "swift", metadata, "--destination", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("wrote 27 files to \(out.path), 1 unchanged, removed 26 an earlier generation wrote"), "\(r.stdout)")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
        #expect(!names.contains("OldCustomer.swift"), "the class of the old name is gone")
        #expect(names.contains("Customer.swift"))
        #expect(names.contains("Helpers.swift"), "a file the generator did not write stays")
        #expect(names.count == 29)
    }

    @Test("--package writes Package.swift with the library URL and version; they need --package")
    func package() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try OdshProcess.run(["generate", "swift", SharedCorpus.metadata("northwind-v2.xml"), "--destination", out.path,
                                     "--package", "--module", "Northwind", "--library-version", "2.3.0"])
        #expect(r.status == 0, "\(r.stderr)")
        let manifest = try String(contentsOf: out.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(url: "https://github.com/odsh/odsh", from: "2.3.0", traits: []),"#))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("Sources/Northwind/Customer.swift").path))
        let misuse = try OdshProcess.run(["generate", "swift", SharedCorpus.metadata("northwind-v2.xml"), "--destination", out.path,
                                          "--library-version", "2.3.0"])
        #expect(misuse.status == 2)
        #expect(misuse.stderr.contains("--library-url and --library-version go with --package"), "\(misuse.stderr)")
    }

    @Test("A bad service name and a rename that targets nothing are usage errors (exit 2), with one clear line")
    func usageErrors() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let bad = try OdshProcess.run(["generate", "swift", SharedCorpus.metadata("northwind-v4.xml"), "--destination", out.path,
                                       "--service", "not-a-name"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--service not-a-name: not a Swift identifier"), "\(bad.stderr)")
        let annotations = out.appendingPathComponent("renames.xml")
        try Data(#"""
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
        <Schema Namespace="Renames" xmlns="http://docs.oasis-open.org/odata/ns/edm">
        <Annotations Target="NorthwindModel.Nope"><Annotation Term="Proxy.ClassName" String="X"/></Annotations>
        </Schema></edmx:DataServices></edmx:Edmx>
        """#.utf8).write(to: annotations)
        let rename = try OdshProcess.run(["generate", "swift", SharedCorpus.metadata("northwind-v4.xml"), "--destination", out.path,
                                          "--annotations", annotations.path])
        #expect(rename.status == 2)
        #expect(rename.stderr.contains("Proxy.ClassName targets NorthwindModel.Nope"), "\(rename.stderr)")
        #expect(!rename.stderr.contains("Fatal error"))
    }
}
