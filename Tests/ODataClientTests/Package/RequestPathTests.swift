import Foundation
import Testing
import TestSupport

/// One request path, typed to the wire: in the service's request path (Sources/ODataClient/Service, Async,
/// Codable, Batch, and the typed request itself) no URL or query text is put together by hand or read back to decide
/// what a request answers. URL text is written by ODataQuery's writer (`QueryURLWriter`, references included); only a raw request's URL (`Answer.ofRawURL`, `target(forRelativeURL:)`), the next-link
/// reader (`NextLinkGuard`) and the service root (`ServiceRoot`) read URL text.
@Suite struct RequestPathTests {
    /// What hand-made URL text looks like: pieces joined with `/`, `?`, `&` or `(`...`)`, and a URL's last segment
    /// read back.
    static let patterns: [(name: String, regex: String)] = [
        ("a path joined by hand", #"\+ "/" \+|\+ "/"\s*$|"/" \+ [a-z]"#),
        ("a query joined by hand", #""\?" \+|\+ "\?"|joined\(separator: "&"\)"#),
        ("a key or parameter list joined by hand", #"\+ "\(" \+|name \+ \(?try|set\.name \+"#),
        ("a URL's segment read back", #"hasSuffix\("\)"\)|lastPathSegment|"\$count"|"\$value""#),
    ]
    /// The files allowed to read or write URL text, and why.
    static let allowed: Set<String> = [
        "ServiceRequest.swift",     // Answer.ofRawURL: a raw request's answer, from its URL
        "DataService+Targets.swift", // target(forRelativeURL:): a raw request's payload target
        "NextLinkGuard.swift",      // the next-link reader
        "ServiceRoot.swift",        // the service root and its own query
    ]

    @Test func theRequestPathBuildsAndReadsNoURLTextByHand() throws {
        let root = TestPaths.packageRoot.appendingPathComponent("Sources/ODataClient")
        let patterns = try Self.patterns.map { (name: $0.name, regex: try Regex($0.regex)) }
        var found: [String] = []
        for folder in ["Service", "Async", "Codable", "Batch"] {
            let dir = root.appendingPathComponent(folder)
            for file in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where file.hasSuffix(".swift") {
                guard !Self.allowed.contains(file) else { continue }
                let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    if code.hasPrefix("//") { continue }
                    for p in patterns where line.contains(p.regex) {
                        found.append("\(folder)/\(file):\(n + 1): \(p.name): \(code)")
                    }
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
