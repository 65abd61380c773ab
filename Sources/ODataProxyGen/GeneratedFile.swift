/// One file the generator writes: its path relative to the destination and its text.
public struct GeneratedFile: Sendable, Equatable {
    /// The path under the destination folder (`Customer.swift`, `Sources/Northwind/Customer.swift`, `Package.swift`).
    public var path: String
    /// The file's text.
    public var contents: String

    /// A file at `path` with `contents`.
    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}
