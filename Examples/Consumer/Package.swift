// swift-tools-version:6.1
// A program outside the odsh repository that uses its libraries as a versioned SwiftPM dependency, as any Swift
// program would. The tests build it against a tagged clone of the repository (ODSH_PACKAGE_URL, ODSH_PACKAGE_VERSION)
// and run it against the reference servers.
import PackageDescription

let url = Context.environment["ODSH_PACKAGE_URL"] ?? "https://github.com/odsh/odsh"
let version = Version(Context.environment["ODSH_PACKAGE_VERSION"] ?? "1.0.0") ?? "1.0.0"

let package = Package(
    name: "ODataConsumer",
    dependencies: [
        // No traits: the libraries only, without the shell's swift-argument-parser.
        .package(url: url, from: version, traits: []),
    ],
    targets: [
        .executableTarget(name: "ODataConsumer", dependencies: [.product(name: "OData", package: "odsh")]),
    ],
    swiftLanguageModes: [.v6]
)
