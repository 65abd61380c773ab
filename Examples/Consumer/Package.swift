// swift-tools-version:6.1
// A program outside the odsh repository that uses its libraries as a versioned SwiftPM dependency, as any Swift
// program would. The tests build it against a tagged clone of the repository (ODSH_PACKAGE_URL, ODSH_PACKAGE_VERSION)
// and run it against the reference servers.
//
// Proxy classes (`odsh generate swift`), when the tests have generated them: ODSH_PROXY_MODULES names modules
// generated into Generated/NAME (built as targets of this package), ODSH_PROXY_PACKAGE is a package generated with
// --package for the Northwind V4 service, which ProxyExamples (SAP's proxy-class examples) uses. Everything is
// built in one build, against the one clone of the library.
import PackageDescription

let url = Context.environment["ODSH_PACKAGE_URL"] ?? "https://github.com/odsh/odsh"
let version = Version(Context.environment["ODSH_PACKAGE_VERSION"] ?? "1.0.0") ?? "1.0.0"
let proxyModules = (Context.environment["ODSH_PROXY_MODULES"] ?? "").split(separator: ",").map(String.init)
let proxyPackage = Context.environment["ODSH_PROXY_PACKAGE"]

let odata = Target.Dependency.product(name: "OData", package: "odsh")
var dependencies: [Package.Dependency] = [
    // No traits: the libraries only, without the shell's swift-argument-parser.
    .package(url: url, from: version, traits: []),
]
var targets: [Target] = [
    .executableTarget(name: "ODataConsumer", dependencies: [odata]),
]
for module in proxyModules {
    targets.append(.target(name: module, dependencies: [odata], path: "Generated/\(module)"))
}
if let proxyPackage {
    dependencies.append(.package(path: proxyPackage))
    let name = String(proxyPackage.split(separator: "/").last ?? "")
    // The modules of the other examples, when generated: the catalog service's for the bound operations and Codable
    // (CatalogExamples.swift), a Graph-shaped service's for derived classes from a base-type query (GraphExamples.swift).
    let examples = [("Catalog", "CatalogExamples.swift"), ("GraphShape", "GraphExamples.swift")]
    let used = examples.filter { proxyModules.contains($0.0) }
    targets.append(.executableTarget(name: "ProxyExamples",
                                     dependencies: [odata, .product(name: name, package: name.lowercased())] + used.map { .target(name: $0.0) },
                                     path: "ProxyExamples", exclude: examples.filter { !proxyModules.contains($0.0) }.map(\.1)))
}

let package = Package(
    name: "ODataConsumer",
    dependencies: dependencies,
    targets: targets,
    swiftLanguageModes: [.v6]
)
