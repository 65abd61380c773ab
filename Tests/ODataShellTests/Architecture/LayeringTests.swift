import Foundation
import Testing
import TestSupport

/// Settings are made once, at the edge (issue 49): the command line is parsed in `Subcommands/`, which turns it into
/// plain values (`ConnectionSettings`, `ShellSettings`, ...); no other folder of the shell names a type that
/// `Subcommands/` declares, so the statement path serves the REPL, scripts and the next front end alike.
@Suite("layering")
struct LayeringTests {
    static let shell = TestPaths.packageRoot.appendingPathComponent("Sources/ODataShell")

    /// The types (and protocols) a folder's files declare at their top level (a nested type is named through its
    /// outer one).
    static func declaredTypes(in folder: URL) throws -> Set<String> {
        var names = Set<String>()
        let pattern = try NSRegularExpression(pattern: #"^(?:public\s+|package\s+|private\s+|fileprivate\s+|internal\s+|final\s+|indirect\s+)*(?:struct|class|enum|protocol|actor|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)"#,
                                              options: [.anchorsMatchLines])
        for file in try LibraryWordingTests.swiftFiles(under: folder) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                names.insert((text as NSString).substring(with: m.range(at: 1)))
            }
        }
        return names
    }

    /// `name` as a word of `line` (not a part of a longer name).
    static func names(_ name: String, in line: Substring) -> Bool {
        var rest = line[...]
        while let r = rest.range(of: name) {
            let before = rest[..<r.lowerBound].last
            let after = rest[r.upperBound...].first
            func isWord(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isWord(before) && !isWord(after) { return true }
            rest = rest[r.upperBound...]
        }
        return false
    }

    @Test func noFolderBelowTheEdgeNamesASubcommandsType() throws {
        let edge = try Self.declaredTypes(in: Self.shell.appendingPathComponent("Subcommands"))
        #expect(edge.contains("ShellCommand") && edge.contains("ConnectionOptions"), "the scan finds the edge's types: \(edge.sorted())")
        var found: [String] = []
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.shell.path).filter { $0 != "Subcommands" }.sorted()
        #expect(folders.contains("Session") && folders.contains("DotCommands"))
        for folder in folders {
            for file in try LibraryWordingTests.swiftFiles(under: Self.shell.appendingPathComponent(folder)) {
                let text = try String(contentsOf: file, encoding: .utf8)
                for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : line.split(separator: "//").first ?? ""
                    for name in edge where Self.names(name, in: code) {
                        found.append("\(folder)/\(file.lastPathComponent):\(n + 1): \(name)")
                    }
                }
            }
        }
        #expect(found.isEmpty, "types of Subcommands/ named below it:\n\(found.joined(separator: "\n"))")
    }

    /// ODataShell exposes what the `odsh` executable calls and nothing else (tests use `@testable import`): the
    /// command's type, its initializer, its configuration (a protocol requirement) and `main`.
    @Test func theShellsPublicSurfaceIsTheCommandAlone() throws {
        var found: [String] = []
        for file in try LibraryWordingTests.swiftFiles(under: Self.shell) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                // A declaration that starts with `public` or `open`, after its attributes.
                guard code.range(of: #"^(@\w+(\([^)]*\))?\s+)*(public\s|open\s+(class|func|var|let|subscript)\s)"#, options: .regularExpression) != nil else { continue }
                found.append("\(file.lastPathComponent):\(n + 1): \(code)")
            }
        }
        // And the witness of argument-parser's ValidationError as a CategorizedError, public as its conformance must be.
        let witness = "ErrorReporter+CommandLine.swift:"
        #expect(found.count == 5 && found.allSatisfy { $0.hasPrefix("OdshCommand.swift:") || $0.hasPrefix(witness) }
                && found.filter { $0.hasPrefix(witness) }.count == 1, "\(found.joined(separator: "\n"))")
    }

    /// The argument parser is the edge's: only `Subcommands/` imports it (ErrorReporter once did, for two names).
    @Test func onlyTheEdgeImportsTheArgumentParser() throws {
        var found: [String] = []
        for file in try LibraryWordingTests.swiftFiles(under: Self.shell) where !file.path.contains("/Subcommands/") {
            let text = try String(contentsOf: file, encoding: .utf8)
            if text.split(separator: "\n").contains(where: { $0.hasPrefix("import ArgumentParser") }) { found.append(file.lastPathComponent) }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// Terminal facts are asked once (issue 49): a command run makes its one `TerminalFacts` at the edge (from
    /// `TerminalFacts.process`) and passes it down, so that code below asks its caller, not the process (`odsh mcp`
    /// says "no terminal" whatever its streams are). Nothing but `TerminalFacts` asks the system (`isatty`), and
    /// nothing below the edge asks `TerminalFacts` about a descriptor (`isTerminal(`) instead of its caller's value.
    @Test func terminalFactsAreReadAtTheEdgeOnly() throws {
        var found: [String] = []
        var edgeReads = 0
        for file in try LibraryWordingTests.swiftFiles(under: TestPaths.packageRoot.appendingPathComponent("Sources")) {
            let text = try String(contentsOf: file, encoding: .utf8)
            let allowed = file.path.contains("/ODataShell/Subcommands/") || file.lastPathComponent == "TerminalFacts.swift"
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : line.split(separator: "//").first ?? ""
                guard ["TerminalFacts.process", "TerminalFacts = .process", "isatty(", "isTerminal("].contains(where: { code.contains($0) }) else { continue }
                if allowed { edgeReads += 1 } else { found.append("\(file.lastPathComponent):\(n + 1): \(code.trimmingCharacters(in: .whitespaces))") }
            }
        }
        #expect(edgeReads > 1, "the scan finds the edge's reads")
        #expect(found.isEmpty, "terminal facts read below the edge (take them from the caller):\n\(found.joined(separator: "\n"))")
    }

    /// The language does not lean on the output (issue 49): no file of `Language/` names a type that `Output/`
    /// declares (the order of a result's columns from its statement, `ColumnOrder`, is the language's).
    @Test func theLanguageNamesNoOutputType() throws {
        let output = try Self.declaredTypes(in: Self.shell.appendingPathComponent("Output"))
        #expect(output.contains("TextOutput") && !output.contains("ColumnOrder"), "\(output.sorted())")
        var found: [String] = []
        for file in try LibraryWordingTests.swiftFiles(under: Self.shell.appendingPathComponent("Language")) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : line.split(separator: "//").first ?? ""
                for name in output where Self.names(name, in: code) { found.append("\(file.lastPathComponent):\(n + 1): \(name)") }
            }
        }
        #expect(found.isEmpty, "types of Output/ named in Language/:\n\(found.joined(separator: "\n"))")
    }

    @Test func theScanSeesAName() {
        #expect(Self.names("ShellCommand", in: "let c: ShellCommand = x"))
        #expect(!Self.names("ShellCommand", in: "let c: SessionContext = x"))
        #expect(!Self.names("Options", in: "ConnectionOptions"))
    }
}
