extension ProxyGenerator {
    /// Package.swift for `--package`: a library product of the module, depending on this repository's `OData`
    /// product (`options.library`: by version from a repository, or a folder of its source), without the shell (no
    /// traits), so that `swift build` in the destination just works. Throws `noLibrary` without a library.
    func packageManifest() throws -> String {
        guard let library = options.library else { throw ProxyGenerationError.noLibrary }
        let location: String
        let dependency: String
        switch library {
        case let .repository(url, version):
            location = url
            dependency = ".package(url: \(SwiftNames.literal(url)), from: \(SwiftNames.literal(version)), traits: [])"
        case .path(let path):
            location = path
            dependency = ".package(path: \(SwiftNames.literal(path)), traits: [])"
        }
        // SwiftPM names a dependency by the last path component of its URL or path.
        var last = Substring(location.split(separator: "/").last ?? "odsh")
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
                \(dependency),
            ],
            targets: [
                .target(name: \(SwiftNames.literal(moduleName)), dependencies: [.product(name: "OData", package: \(SwiftNames.literal(packageIdentity)))]),
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }
}
