// swift-tools-version:6.1
// The async benchmark's two programs (scripts/bench-async.sh builds and runs them): odsh-async-bench, on odsh's
// libraries (taken by path, without the "Shell" trait, so without swift-argument-parser), and ahc-bench, the same
// load through async-http-client, the peer it is measured against. Not part of odsh: nothing in the project
// depends on this package.
import PackageDescription

let package = Package(
    name: "odsh-async-bench",
    dependencies: [
        .package(name: "odsh", path: "../../..", traits: []),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .executableTarget(name: "odsh-async-bench", dependencies: [.product(name: "OData", package: "odsh")]),
        .executableTarget(name: "ahc-bench", dependencies: [
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
