extension ProxyGenerator {
    /// Package.swift for `--package`: a library product of the module, depending on this repository's `OData`
    /// product by version, without the shell (no traits), so that `swift build` in the destination just works.
    func packageManifest() -> String {
        // SwiftPM names a dependency by the last path component of its URL.
        var last = Substring(options.libraryURL.split(separator: "/").last ?? "odsh")
        if last.hasSuffix(".git") { last = last.dropLast(4) }
        let packageIdentity = last.lowercased()
        return """
        // swift-tools-version:6.1
        \(header.dropLast())
        import PackageDescription

        let package = Package(
            name: \(SwiftNames.literal(moduleName)),
            products: [
                .library(name: \(SwiftNames.literal(moduleName)), targets: [\(SwiftNames.literal(moduleName))]),
            ],
            dependencies: [
                // The odsh libraries only: no traits, so the shell and swift-argument-parser stay out.
                .package(url: \(SwiftNames.literal(options.libraryURL)), from: \(SwiftNames.literal(options.libraryVersion)), traits: []),
            ],
            targets: [
                .target(name: \(SwiftNames.literal(moduleName)), dependencies: [.product(name: "OData", package: \(SwiftNames.literal(packageIdentity)))]),
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }
}
