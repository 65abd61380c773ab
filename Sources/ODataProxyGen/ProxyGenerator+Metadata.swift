extension ProxyGenerator {
    /// The metadata file: the `$metadata` text as a string literal and the document read from it once.
    func metadataFile() -> String {
        var out = header + "import Foundation\nimport OData\n\n"
        out += "/// The metadata \(serviceName) was generated from: the service starts with it instead of requesting `$metadata`, and\n"
        out += "/// `refreshMetadata()` checks the live service against it.\n"
        out += "\(access) enum \(metadataName) {\n"
        out += "    /// The document, read on first use\(options.openEnumerations ? " (open enumerations pre-approved for `refreshMetadata`)" : "").\n"
        out += "    \(access) static let shared = EmbeddedMetadata(text: text, source: \(SwiftNames.literal(source)), openEnumerations: \(options.openEnumerations))\n\n"
        let derived = document.entityTypes.filter { proxyBases[$0.qualifiedName] != nil }
        if !derived.isEmpty {
            // A switch rather than a dictionary: no initializer to run, and it compiles as one function.
            out += "    /// The class of each entity type whose class inherits another's, by qualified name: the service class\n"
            out += "    /// registers it (`ProxyClassRegistry`), so that a query on a base type returns the derived types' classes.\n"
            out += "    \(access) static func derivedClass(_ qualifiedName: String) -> (any EntityProxy.Type)? {\n"
            out += "        switch qualifiedName {\n"
            for t in derived { out += "        case \(SwiftNames.literal(t.qualifiedName)): return \(className(t)).self\n" }
            out += "        default: return nil\n        }\n    }\n\n"
        }
        out += "    /// The `$metadata` text the classes were generated from.\n"
        out += "    \(access) static let text: String = \(Self.multilineLiteral(metadataText))\n"
        out += "}\n"
        return out
    }

    /// A raw multi-line string literal with as many `#` as the text needs; an escaped one-line literal when the text
    /// has characters a raw literal cannot hold.
    static func multilineLiteral(_ text: String) -> String {
        let unsafe = text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F || $0 == "\r" }
        if unsafe { return SwiftNames.literal(text) }
        // The longest run of `#` after a quote or a backslash decides the delimiter.
        var longest = 0
        var run = -1
        for c in text.unicodeScalars {
            if c == "\"" || c == "\\" { run = 0 } else if c == "#", run >= 0 { run += 1; longest = max(longest, run) } else { run = -1 }
        }
        let hashes = String(repeating: "#", count: longest + 1)
        return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
    }
}
