import Foundation
import Testing
import TestSupport

/// The library products can be depended upon the way the README offers them: a package outside this repository
/// that depends on a version tag of it (`.package(url:from:)`) builds and runs a small dynamic-API program.
/// SwiftPM refuses such a dependency when a target of its products has unsafe build flags. It tests what is
/// committed: a clone of this repository's HEAD, tagged 0.1.0 in a temporary folder.
@Suite("A package that depends on this one", .enabled(if: swiftDriver != nil, "swift not found: the consumer package is not built"))
struct ConsumerPackageTests {

    static let program = """
        import ODataClient
        import ODataModel
        import ODataQuery

        // Lists the entity sets of a metadata file, and what a query of the first one would ask for.
        let doc = try MetadataReader.read(file: CommandLine.arguments[1])
        for set in doc.entitySets { print("set \\(set.name): \\(try set.requireEntityType().qualifiedName)") }
        let first = try doc.entitySet(withName: doc.entitySets[0].name)
        let query = DataQuery().top(2).from(first)
        print("query top \\(query.topCount.map(String.init) ?? "-")")
        print("headers \\(HTTPHeaders().count)")
        """

    @Test("builds from a version tag of a clone and runs", .timeLimit(.minutes(15)))
    func consumer() throws {
        let swift = try #require(swiftDriver)
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("odsh-consumer-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temp) }
        let clone = temp.appendingPathComponent("odsh").path
        _ = try Spawn.output(["git", "clone", "--quiet", TestPaths.packageRoot.path, clone])
        _ = try Spawn.output(["git", "-C", clone, "tag", "0.1.0"])

        let consumer = temp.appendingPathComponent("consumer")
        let sources = consumer.appendingPathComponent("Sources/Consumer")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Consumer",
                dependencies: [.package(url: "file://\(clone)", from: "0.1.0")],
                targets: [
                    .executableTarget(name: "Consumer", dependencies: [
                        .product(name: "ODataModel", package: "odsh"),
                        .product(name: "ODataQuery", package: "odsh"),
                        .product(name: "ODataClient", package: "odsh"),
                    ]),
                ]
            )
            """.write(to: consumer.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try Self.program.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)

        let build = try Spawn.run([swift, "build", "--package-path", consumer.path], mergingOutput: true, timeout: 840)
        #expect(build.status == 0, "swift build failed:\n\(build.stdout.suffix(4000))")
        guard build.status == 0 else { return }
        let sample = TestPaths.packageRoot.appendingPathComponent("scripts/sample/northwind-mini.xml").path
        let run = try Spawn.run([consumer.appendingPathComponent(".build/debug/Consumer").path, sample], mergingOutput: true)
        #expect(run.status == 0, "\(run.stdout)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("set ") }.map { String($0.dropFirst(4).prefix { $0 != ":" }) } == ["Customers", "Orders", "Order_Details", "Products"])
        #expect(lines.contains("query top 2"))
        #expect(lines.contains("headers 0"))
    }
}

/// The `swift` driver: the one in PATH, else the toolchain's usual place.
private let swiftDriver: String? = {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/opt/swift/usr/bin"
    return path.split(separator: ":").map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}()
