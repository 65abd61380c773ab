// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "odsh",
    // odsh and its libraries are licensed under the Apache License, Version 2.0 (LICENSE, NOTICE).
    products: [
        .executable(name: "odsh", targets: ["odsh"]),
        .executable(name: "odsh-mcp", targets: ["odsh-mcp"]),
        .library(name: "ODataModel", targets: ["ODataModel"]),
        .library(name: "ODataQuery", targets: ["ODataQuery"]),
        .library(name: "ODataClient", targets: ["ODataClient"]),
        .library(name: "OData", targets: ["OData"]),
        .library(name: "ODataProxyGen", targets: ["ODataProxyGen"]),
    ],
    // The trait "Shell" (on by default) builds the shell and the odsh executable, which need swift-argument-parser.
    // A program that uses only the libraries depends on this package with `traits: []`, and then neither fetches
    // nor builds swift-argument-parser and its plugins.
    traits: [
        .trait(name: "Shell", description: "The odsh shell and executable (brings in swift-argument-parser)"),
        .default(enabledTraits: ["Shell"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The Model Context Protocol, for `odsh mcp` (the odsh-mcp executable only).
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    ],
    targets: [
        // System library: a module.modulemap over a small shim.h.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),

        // libcurl's headers (libcurl4-openssl-dev) and libedit's (libedit-dev), the libraries themselves loaded with
        // dlopen on first use.
        .target(name: "CCurl", dependencies: ["CLoader"]),
        .target(name: "CLibEdit", dependencies: ["CLoader"]),
        // SHA-256 and RSA signing from libcrypto (OpenSSL 3, which libcurl brings), loaded the same way.
        .target(name: "CCrypto", dependencies: ["CLoader"]),
        // The desktop keyring through the Secret Service API: libsecret, loaded the same way.
        .target(name: "CLibSecret", dependencies: ["CLoader"]),
        // The dlopen loader they share.
        .target(name: "CLoader", linkerSettings: [.linkedLibrary("dl")]),
        // The C library's standard streams, as functions (Swift 6 sees the globals as shared mutable state).
        .target(name: "CStdio"),

        // The library floors: each may only use the floors below it.
        // Every target is in Swift 6 language mode (data-race checking): `swiftLanguageModes` below.
        .target(name: "ODataModel", dependencies: ["CLibXML2"]),
        .target(name: "ODataQuery", dependencies: ["ODataModel"]),
        .target(name: "ODataClient", dependencies: ["ODataQuery", "ODataModel", "CCurl", "CCrypto", "CLibXML2"]),
        // The umbrella: `import OData` re-exports the three floors above; its DocC catalog is the library's guide.
        .target(name: "OData", dependencies: ["ODataClient", "ODataQuery", "ODataModel"]),
        // Proxy classes: Swift source for a service's metadata (`odsh generate swift`), built on the OData product.
        .target(name: "ODataProxyGen", dependencies: ["ODataModel"]),
        .target(name: "ODataShell", dependencies: [
            "ODataClient", "ODataQuery", "ODataModel", "ODataProxyGen", "CLibEdit", "CStdio", "CCrypto", "CLibSecret",
            .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Shell"])),
        ]),
        // The executable; scripts/build-release.sh builds it as it ships (static runtime, full RELRO, no exported
        // symbols: linker flags given on the command line, since unsafe flags here would keep the package from being
        // used as a versioned dependency).
        .executableTarget(name: "odsh", dependencies: ["ODataShell"]),
        // `odsh mcp`'s server: odsh starts it, so that odsh's own start-up does not carry the MCP library.
        .executableTarget(name: "odsh-mcp", dependencies: [
            "ODataShell",
            .product(name: "MCP", package: "swift-sdk", condition: .when(traits: ["Shell"])),
        ]),
        // SAP's dynamic API example, run by the tests against the V4 reference server.
        .executableTarget(name: "DynamicAPIExample", dependencies: ["ODataClient", "ODataQuery", "ODataModel"],
                          path: "Examples/DynamicAPI"),

        // What the test targets share: the package and shared folders, spawning programs (posix_spawn with a
        // timeout), the reference servers and fixture servers. A plain target in no product.
        .target(name: "TestSupport", path: "Tests/TestSupport"),

        // Each test target depends on exactly what it imports.
        .testTarget(name: "ODataModelTests", dependencies: ["ODataModel", "TestSupport"]),
        .testTarget(name: "ODataQueryTests", dependencies: ["ODataQuery", "ODataModel"]),
        .testTarget(name: "ODataClientTests", dependencies: ["ODataClient", "ODataQuery", "ODataModel", "ODataProxyGen", "TestSupport"]),
        .testTarget(name: "ODataProxyGenTests", dependencies: ["ODataProxyGen", "ODataModel", "TestSupport"]),
        .testTarget(name: "ODataShellTests", dependencies: [
            "ODataShell", "ODataClient", "ODataQuery", "ODataModel", "TestSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], exclude: ["Language/Fixtures", "Language/golden-statements.txt", "Agent/Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
