import Foundation
import Testing
import TestSupport

/// The libraries do not speak the shell's words (issue 49): no string literal of ODataModel, ODataQuery, ODataClient
/// or ODataProxyGen names one of odsh's command-line options. A library error names its setting (the Swift
/// property, such as `HTTPConfiguration.maxMetadataBytes`) and carries the limit and the value as data; the shell
/// words it with its own option. The options are read from the shell's declarations, so a new one is covered
/// without a list to keep.
@Suite("library wording")
struct LibraryWordingTests {
    static let libraries = ["ODataModel", "ODataQuery", "ODataClient", "ODataProxyGen"]

    /// A string literal of a library that names an option of the shell.
    struct Mention: CustomStringConvertible {
        var path: String
        var line: Int
        var option: String
        var description: String { "\(path):\(line): \(option)" }
    }

    /// The long options odsh declares anywhere in `Sources/ODataShell` (its subcommands and their option groups).
    static func shellOptions(under root: URL) throws -> Set<String> {
        var options = Set<String>()
        for file in try swiftFiles(under: root.appendingPathComponent("Sources/ODataShell")) {
            options.formUnion(SwiftSourceScan.longOptions(in: try String(contentsOf: file, encoding: .utf8)))
        }
        return options
    }

    /// The Swift files under `folder`, sorted.
    static func swiftFiles(under folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    /// The options of `options` that `text` names: `--name` not inside a longer word.
    static func options(_ options: Set<String>, namedIn text: String) -> [String] {
        func isWord(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } ?? false }
        var found: [String] = []
        for option in options.sorted() {
            var from = text.startIndex
            while let r = text.range(of: option, range: from..<text.endIndex) {
                let before = r.lowerBound == text.startIndex ? nil : text[text.index(before: r.lowerBound)]
                let after = r.upperBound == text.endIndex ? nil : text[r.upperBound]
                if !isWord(before), !isWord(after) { found.append(option); break }
                from = r.upperBound
            }
        }
        return found
    }

    /// Every mention of a shell option in the libraries' string literals under `root`.
    static func mentions(under root: URL, options: Set<String>) throws -> [Mention] {
        let prefix = root.standardizedFileURL.path + "/"
        var found: [Mention] = []
        for library in libraries {
            for file in try swiftFiles(under: root.appendingPathComponent("Sources/\(library)")) {
                let path = String(file.standardizedFileURL.path.dropFirst(prefix.count))
                for literal in SwiftSourceScan.stringLiterals(in: try String(contentsOf: file, encoding: .utf8)) {
                    for option in Self.options(options, namedIn: literal.text) {
                        found.append(Mention(path: path, line: literal.line, option: option))
                    }
                }
            }
        }
        return found
    }

    @Test("no string literal of the libraries names an odsh command-line option")
    func librariesNameNoShellOption() throws {
        let options = try Self.shellOptions(under: TestPaths.packageRoot)
        // The scan of the declarations works: options of several kinds of declaration are found.
        for known in ["--max-body-size", "--max-metadata-size", "--user", "--allow-case-conflicts", "--service", "--cert"] {
            #expect(options.contains(known), "\(known) not among the options read from Sources/ODataShell")
        }
        let found = try Self.mentions(under: TestPaths.packageRoot, options: options)
        #expect(found.isEmpty, """
            the libraries speak of odsh's options; name the library's setting and let the shell word it:
            \(found.map(\.description).joined(separator: "\n"))
            """)
    }

    @Test("the scan reads literals, not comments, and option names from declarations")
    func scanRules() {
        let source = #"""
            /// Raise --max-body-size in a doc comment: not a literal.
            // nor --user here
            /* nor --cert here */
            let a = "limit (HTTPConfiguration.maxBufferedBodyBytes, --max-body-size)"
            let b = "\(x ?? "") then --user"
            let c = #"raw "--cert" x"#
            let d = """
                several lines
                --allow-case-conflicts
                """
            let e = "--max-body-sizes, x--user, --user_x, -- user"
            """#
        let literals = SwiftSourceScan.stringLiterals(in: source)
        let options: Set<String> = ["--max-body-size", "--user", "--cert", "--allow-case-conflicts"]
        let named = literals.map { Self.options(options, namedIn: $0.text) }
        #expect(named == [["--max-body-size"], [], ["--user"], ["--cert"], ["--allow-case-conflicts"], []], "\(literals)")
        #expect(literals.first?.line == 4)

        let declarations = """
            @Option(name: .customLong("max-body-size"), help: ArgumentHelp("x (default: 3).", valueName: "MiB"))
            public var maxBodySize: Int?
            @Flag(name: .long, help: "Rename names.") var allowCaseConflicts = false
            @Option(name: [.customShort("u"), .customLong("user")], help: "u") var user: String?
            @Flag(name: [.short, .long], help: "q") var quiet = false
            @Flag(name: .customShort("x"), help: "x") var onlyShort = false
            @Option var clientID: String?
            @Flag(inversion: .prefixedNo) var cache = true
            @Option(name: .customLong("old", withSingleDash: true)) var old: String?
            """
        #expect(SwiftSourceScan.longOptions(in: declarations) == [
            "--max-body-size", "--allow-case-conflicts", "--user", "--quiet", "--client-id", "--cache", "--no-cache",
        ])
    }
}
