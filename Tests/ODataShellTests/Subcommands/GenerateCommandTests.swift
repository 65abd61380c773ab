import Foundation
import Testing
import TestSupport

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
        let service = try String(contentsOf: out.appendingPathComponent("NorthwindService.swift"), encoding: .utf8)
        #expect(service.contains("public func customers(query: DataQuery = DataQuery()) throws -> [NWCustomer] {"))
        let customer = try String(contentsOf: out.appendingPathComponent("NWCustomer.swift"), encoding: .utf8)
        #expect(customer.contains("public static var companyName: Property { proxyDescriptors.property(1) }"))
        let embedded = try String(contentsOf: out.appendingPathComponent("NorthwindServiceMetadata.swift"), encoding: .utf8)
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
        let service = out.appendingPathComponent("NorthwindService.swift")
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for url in [customer, service] { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path) }
        // An edit that keeps the header: the file is still the service's, and generating again writes over it.
        let header = try String(contentsOf: service, encoding: .utf8).prefix { $0 != "\n" }
        try "\(header)\n// edited by hand\n".write(to: service, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: service.path)
        let r = try OdshProcess.run(["generate", "swift", metadata, "--destination", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("wrote 1 file to \(out.path), 27 unchanged"), "\(r.stdout)")
        let time = { (url: URL) in try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date }
        #expect(try time(customer) == old, "an unchanged file is not written")
        #expect(try time(service) != old, "a changed one is")
        #expect(try String(contentsOf: service, encoding: .utf8).contains("public final class NorthwindService"))
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
        #expect(r.stdout.hasPrefix("wrote 27 files to \(out.path), 1 unchanged, removed 26 an earlier generation of the service wrote"), "\(r.stdout)")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
        #expect(!names.contains("OldCustomer.swift"), "the class of the old name is gone")
        #expect(names.contains("Customer.swift"))
        #expect(names.contains("Helpers.swift"), "a file the generator did not write stays")
        #expect(names.count == 29)
    }

    @Test("A hand-written file where a class would go stops the run, naming it and --force; nothing is written")
    func handWrittenFileSurvives() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let own = out.appendingPathComponent("own")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        let customer = own.appendingPathComponent("Customer.swift")
        let mine = "// my own Customer\nstruct Customer {}\n"
        try mine.write(to: customer, atomically: false, encoding: .utf8)
        let metadata = SharedCorpus.metadata("northwind-v4.xml")
        let r = try OdshProcess.run(["generate", "swift", metadata, "--destination", own.path])
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("\(customer.path) (not generated by odsh)"), "\(r.stderr)")
        #expect(r.stderr.contains("--force"), "\(r.stderr)")
        #expect(try String(contentsOf: customer, encoding: .utf8) == mine, "the user's file is as it was")
        #expect(try FileManager.default.contentsOfDirectory(atPath: own.path) == ["Customer.swift"], "nothing else was written")
        let forced = try OdshProcess.run(["generate", "swift", metadata, "--destination", own.path, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOf: customer, encoding: .utf8).contains("public final class Customer"), "--force overwrites it")
    }

    @Test("Another service's proxies survive: the run stops naming the file in the way and removes nothing")
    func anotherServiceSurvives() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(try OdshProcess.run(["generate", "swift", SharedCorpus.metadata("northwind-v4.xml"), "--destination", out.path]).status == 0)
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
        let product = out.appendingPathComponent("Product.swift")
        let northwindProduct = try String(contentsOf: product, encoding: .utf8)
        #expect(northwindProduct.hasPrefix("// Generated by `odsh generate swift` for the service ODataWebV4.Northwind.Model.NorthwindEntities from "))
        let r = try OdshProcess.run(["generate", "swift", SharedCorpus.metadata("served-odatapy-catalog.xml"), "--destination", out.path])
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("\(product.path) (generated for the service ODataWebV4.Northwind.Model.NorthwindEntities)"), "\(r.stderr)")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: out.path)) == before, "nothing removed, nothing added")
        #expect(try String(contentsOf: product, encoding: .utf8) == northwindProduct)
    }

    @Test("--dry-run lists what would be written, left, removed and in the way, and every rename; it writes nothing")
    func dryRun() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let metadata = SharedCorpus.metadata("northwind-v4.xml")
        #expect(try OdshProcess.run(["generate", "swift", metadata, "--destination", out.path, "--prefix", "Old"]).status == 0)
        try "struct Mine {}\n".write(to: out.appendingPathComponent("NWCustomer.swift"), atomically: false, encoding: .utf8)
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
        let r = try OdshProcess.run(["generate", "swift", metadata, "--destination", out.path, "--prefix", "NW", "--dry-run"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = Set(r.stdout.split(separator: "\n").map(String.init))
        #expect(lines.contains("write \(out.path)/NWOrder.swift"), "\(r.stdout)")
        #expect(lines.contains("unchanged \(out.path)/NorthwindServiceMetadata.swift"), "\(r.stdout)")
        #expect(lines.contains("remove \(out.path)/OldOrder.swift"), "\(r.stdout)")
        #expect(lines.contains("in the way \(out.path)/NWCustomer.swift (not generated by odsh): the run would stop"), "\(r.stdout)")
        #expect(lines.contains("rename type NorthwindModel.Order as NWOrder"), "\(r.stdout)")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: out.path)) == before, "a dry run writes nothing")
    }

    @Test("A destination that is a file, or under one, is a usage error naming the path and the reason (exit 2)")
    func destinationErrors() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let file = out.appendingPathComponent("file")
        try "x".write(to: file, atomically: false, encoding: .utf8)
        let metadata = SharedCorpus.metadata("northwind-v4.xml")
        let r = try OdshProcess.run(["generate", "swift", metadata, "--destination", file.path])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write to \(file.path): it is a file, not a folder"), "\(r.stderr)")
        #expect(!r.stderr.contains("CocoaError"))
        let under = try OdshProcess.run(["generate", "swift", metadata, "--destination", file.path + "/sub"])
        #expect(under.status == 2, "\(under.stderr)")
        #expect(under.stderr.contains("cannot write to \(file.path): it is a file, not a folder"), "\(under.stderr)")
    }

    @Test("--package writes Package.swift with a --library URL and version; they need --package")
    func package() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try OdshProcess.run(["generate", "swift", SharedCorpus.metadata("northwind-v2.xml"), "--destination", out.path,
                                     "--package", "--module", "Northwind", "--library", "https://example.org/odsh.git", "--library-version", "2.3.0"])
        #expect(r.status == 0, "\(r.stderr)")
        let manifest = try String(contentsOf: out.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(url: "https://example.org/odsh.git", from: "2.3.0", traits: []),"#))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("Sources/Northwind/Customer.swift").path))
        let misuse = try OdshProcess.run(["generate", "swift", SharedCorpus.metadata("northwind-v2.xml"), "--destination", out.path,
                                          "--library-version", "2.3.0"])
        #expect(misuse.status == 2)
        #expect(misuse.stderr.contains("--library and --library-version go with --package"), "\(misuse.stderr)")
        let notSource = try OdshProcess.run(["generate", "swift", SharedCorpus.metadata("northwind-v2.xml"), "--destination", out.path,
                                             "--package", "--library", out.path])
        #expect(notSource.status == 2)
        #expect(notSource.stderr.contains("is not a checkout of odsh"), "\(notSource.stderr)")
    }

    @Test("--package by default depends on the source odsh was built from, and the package resolves as generated",
          .fixture("swift", Tools.isInstalled("swift") || FileManager.default.isExecutableFile(atPath: "/opt/swift/usr/bin/swift"), "swift missing"))
    func packageByDefault() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let package = out.appendingPathComponent("Northwind")
        let r = try OdshProcess.run(["generate", "swift", SharedCorpus.metadata("northwind-v4.xml"), "--destination", package.path,
                                     "--package", "--module", "Northwind"])
        #expect(r.status == 0, "\(r.stderr)")
        let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
        let root = TestPaths.packageRoot.path
        #expect(manifest.contains(".package(path: \"\(root)\", traits: []),"), "\(manifest)")
        // Resolving is what a dependency that does not exist fails; it needs no network for a path.
        let swift = FileManager.default.isExecutableFile(atPath: "/opt/swift/usr/bin/swift") ? "/opt/swift/usr/bin/swift" : "swift"
        let resolved = try Spawn.run([swift, "package", "--package-path", package.path, "--scratch-path", out.appendingPathComponent("scratch").path,
                                      "show-dependencies"], mergingOutput: true, timeout: 600)
        #expect(resolved.status == 0, "\(resolved.stdout)")
        #expect(resolved.stdout.contains(root), "\(resolved.stdout)")
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
