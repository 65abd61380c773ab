import FoundationEssentials

/// The source folder this odsh was built from, when it is still there: the package a generated `--package`
/// depends on by default, so that `swift build` there works on this machine without a published release.
enum BuiltFromSource {
    /// The package's root: this file's path at compile time, less `Sources/ODataShell/Generation/BuiltFromSource.swift`.
    static var root: String? {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 4 else { return nil }
        parts.removeLast(4)
        let path = parts.joined(separator: "/")
        return isLibrarySource(path) ? path : nil
    }

    /// Whether a folder holds the odsh package: its manifest and the library's sources.
    static func isLibrarySource(_ path: String) -> Bool {
        let fm = FileManager.default
        return fm.fileExists(atPath: path + "/Package.swift") && fm.fileExists(atPath: path + "/Sources/ODataClient")
            && fm.fileExists(atPath: path + "/Sources/OData")
    }
}
