// swift-tools-version:6.0
import PackageDescription

// The metadata reader and payload readers touch class properties millions of times per document; in release
// builds the dynamic exclusivity checks cost about a tenth of the run (measured with callgrind), and the code
// does not rely on them.
let releaseSpeed: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "odsh",
    products: [
        .executable(name: "odsh", targets: ["odsh"]),
        .library(name: "ODataModel", targets: ["ODataModel"]),
        .library(name: "ODataQuery", targets: ["ODataQuery"]),
        .library(name: "ODataClient", targets: ["ODataClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // System library: a module.modulemap over a small shim.h.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),

        // libcurl's headers (libcurl4-openssl-dev) and libedit's (libedit-dev), the libraries themselves loaded with
        // dlopen on first use.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CLibEdit", linkerSettings: [.linkedLibrary("dl")]),

        // The library floors: each may only use the floors below it.
        .target(name: "ODataModel", dependencies: ["CLibXML2"], swiftSettings: releaseSpeed),
        .target(name: "ODataQuery", dependencies: ["ODataModel"]),
        .target(name: "ODataClient", dependencies: ["ODataQuery", "ODataModel", "CCurl", "CLibXML2"],
                swiftSettings: releaseSpeed),
        .target(name: "ODataShell", dependencies: [
            "ODataClient", "ODataQuery", "ODataModel", "CLibEdit",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Release builds link odsh as a position-dependent executable. As a position-independent one, the loader
        // applies ~55,000 relative relocations at every start (Swift metadata and witness tables hold absolute
        // pointers), copying ~140 pages of data on write: about 1 ms of every run (`odsh --version` 8.5 → 7.4 ms,
        // 60 interleaved runs; `LD_DEBUG=statistics` shows the loader's 3.7 M cycles fall to 1.1 M). The price: the
        // executable's own code is not placed at a random address (shared libraries, heap and stack still are).
        // They also export none of its symbols (SwiftPM exports all, ~7,100 public symbols of the library targets).
        // Every symbol the loader binds for the shared libraries (libstdc++, ICU, libxml2) is looked up in the
        // executable first, through its hash table and symbol names, pages read from the file: with them exported,
        // the loader took 1.33 M cycles, without 0.46 M (`LD_DEBUG=statistics odsh --version`), and loading a small
        // document 2.65 → 2.30 ms task-clock (`perf stat -r 60`, alternated). Nothing looks symbols up in it:
        // `dlsym(nil, ...)` in odsh finds glibc's, and the tests link the libraries, not the executable.
        .executableTarget(name: "odsh", dependencies: ["ODataShell"],
                          linkerSettings: [.unsafeFlags(["-Xclang-linker", "-no-pie", "-Xlinker", "--no-export-dynamic"], .when(configuration: .release))]),
        // SAP's dynamic API example, run by the tests against the V4 reference server.
        .executableTarget(name: "DynamicAPIExample", dependencies: ["ODataClient", "ODataQuery", "ODataModel"],
                          path: "Examples/DynamicAPI"),

        // What the test targets share: the package and shared folders, spawning programs (posix_spawn with a
        // timeout), the reference servers and fixture servers. A plain target in no product.
        .target(name: "TestSupport", path: "Tests/TestSupport"),

        // Each test target depends on exactly what it imports.
        .testTarget(name: "ODataModelTests", dependencies: ["ODataModel", "TestSupport"]),
        .testTarget(name: "ODataQueryTests", dependencies: ["ODataQuery", "ODataModel"]),
        .testTarget(name: "ODataClientTests", dependencies: ["ODataClient", "ODataQuery", "ODataModel", "TestSupport"]),
        .testTarget(name: "ODataShellTests", dependencies: [
            "ODataShell", "ODataClient", "ODataQuery", "ODataModel", "TestSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], exclude: ["Language/Fixtures", "Language/golden-statements.txt"]),
    ],
    swiftLanguageModes: [.v5]
)
