import ArgumentParser
import Foundation
import ODataModel
import Testing
@testable import ODataShell
import TestSupport

/// One way to fail (issue 36): every error type in Sources has a category, or is caught where it is thrown and never
/// reaches the user; every type the code throws is one of those or one of the few foreign ones ErrorReporter places.
/// A source scan, so that a new error type without a category fails here before a user meets "internal error".
@Suite("error categories")
struct ErrorCategoryCoverageTests {
    /// Error types without a category, each ending where it is thrown: control flow, not failures.
    static let caughtWhereThrown: [String: String] = [
        "StopReading": "ends a read the consumer has seen enough of (DataService+Execute)",
        "Incomplete": "the parser's partial mode for completion (Parser)",
        "OutputClosed": "the REPL's output was closed: the statement stops (ResultReader)",
        "StdoutFailed": "a failed write to stdout, said once as the process ends (PayloadCommand, Stdout.finish)",
        "OdshExit": "a status ErrorReporter already gave, or an outcome's (OdshCommand.run)",
        "TokenEndpointRefusal": "a token endpoint's OAuth2 error, worded by the browser grant that asked (OAuth2SignIn)",
    ]

    /// Error types of other modules that the code throws, and what they are to the user.
    static let foreign: [String: String] = [
        "ValidationError": "swift-argument-parser's: a usage error (ErrorReporter.category)",
        "EncodingError": "the Codable API of ODataClient, for library users; the shell does not encode entities",
        "DecodingError": "the Codable API of ODataClient, for library users; the shell does not decode entities",
        "CancellationError": "Swift's, from the async API: cancelled (ErrorReporter.category)",
        "MCPError": "the MCP SDK's, in odsh-mcp: answered to the agent's client as a JSON-RPC error",
    ]

    /// Types whose static functions make an error that is thrown (`throw ValueConversion.mismatch(...)`): the error
    /// type they return.
    static let factories: [String: String] = ["ValueConversion": "ValueConversionError", "NotODataBody": "DataServiceError"]

    struct Declaration { var name: String; var conformances: [String]; var file: String }

    static var sources: [(file: String, text: String)] {
        let root = TestPaths.packageRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return files.compactMap { url in
            (try? String(contentsOf: url, encoding: .utf8)).map { (url.path.replacingOccurrences(of: root.path + "/", with: ""), $0) }
        }
    }

    /// Every type declared (or extended) to conform to Error or to a protocol refining it.
    static var errorTypes: [Declaration] {
        let pattern = try! NSRegularExpression(
            pattern: #"^[ \t]*(?:@\w+[ \t]+)*(?:(?:public|package|internal|private|fileprivate|final|indirect)[ \t]+)*(?:struct|enum|class|actor|extension)[ \t]+([\w.]+)(?:<[^>{]*>)?[ \t]*:([^{]+)\{"#,
            options: [.anchorsMatchLines])
        var found: [Declaration] = []
        for (file, text) in sources {
            let ns = text as NSString
            for m in pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                let name = String(ns.substring(with: m.range(at: 1)).split(separator: ".").last!)
                let clause = ns.substring(with: m.range(at: 2)).components(separatedBy: " where ")[0]
                let conformances = clause.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                if conformances.contains(where: { ["Error", "CategorizedError", "LocalizedError"].contains($0) }) {
                    found.append(Declaration(name: name, conformances: conformances, file: file))
                }
            }
        }
        return found
    }

    @Test("the scan finds the error types it should (it reads nested and extension declarations)")
    func scanSeesTypes() {
        let names = Set(Self.errorTypes.map(\.name))
        for expected in ["LanguageError", "ODataClientError", "SigningError", "Incomplete", "UsageError", "OdshExit"] {
            #expect(names.contains(expected), "the scan missed \(expected): \(names.sorted())")
        }
    }

    @Test("every error type in Sources has a category, or is caught where it is thrown")
    func everyErrorTypeHasACategory() {
        let all = Self.errorTypes
        for d in all where !d.conformances.contains("CategorizedError") {
            #expect(Self.caughtWhereThrown[d.name] != nil,
                    "\(d.file): \(d.name) is an Error without a category: conform to CategorizedError")
        }
        // The list holds no name that is gone, and no type that has a category now.
        for name in Self.caughtWhereThrown.keys {
            #expect(all.contains { $0.name == name && !$0.conformances.contains("CategorizedError") }, "\(name) is listed for nothing")
        }
    }

    @Test("every error type without a category is caught in Sources")
    func uncategorizedOnesAreCaught() {
        let text = Self.sources.map(\.text).joined(separator: "\n")
        for name in Self.caughtWhereThrown.keys {
            // The name as declared or qualified by its enclosing type (`catch let i as ParseCursor.Incomplete`).
            let caught = text.range(of: #"catch (is (\w+\.)*\#(name)\b|let \w+ as (\w+\.)*\#(name)\b)"#,
                                    options: .regularExpression) != nil
            #expect(caught, "\(name) is thrown but caught nowhere: it would reach the user as an internal error")
        }
    }

    /// For `throw Self.name(`: the return type of `func name(...) -> T` in the same file, nil when there is none.
    static func staticMaker(in text: String, after location: Int) -> String? {
        let ns = text as NSString
        let rest = ns.substring(from: location)
        guard let call = rest.range(of: #"^\w+"#, options: .regularExpression) else { return nil }
        let function = String(rest[call])
        guard let declaration = text.range(of: #"func \#(function)\([^)]*\)\s*->\s*\w+"#, options: .regularExpression) else { return nil }
        return text[declaration].split(separator: ">").last.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test("every type thrown in Sources is ours or one ErrorReporter places")
    func everyThrownTypeIsKnown() {
        let ours = Set(Self.errorTypes.map(\.name))
        let thrown = try! NSRegularExpression(pattern: #"\bthrow\s+(?:[A-Z]\w*\.)*([A-Z]\w*)\s*[(.]"#)
        for (file, text) in Self.sources {
            let ns = text as NSString
            for m in thrown.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                let name = ns.substring(with: m.range(at: 1))
                var made = Self.factories[name] ?? name
                // `throw Self.failure(...)`: the type the file's own `func failure(...) -> T` makes.
                if name == "Self", let maker = Self.staticMaker(in: text, after: m.range.upperBound) { made = maker }
                #expect(ours.contains(made) || Self.foreign[made] != nil, "\(file) throws \(name), which the scan does not place")
            }
        }
        for (maker, made) in Self.factories {
            let declared = Self.sources.contains { $0.text.contains("enum \(maker) {") && $0.text.contains("-> \(made) {") }
            #expect(declared, "\(maker) no longer makes \(made)")
        }
        // The shell neither encodes nor decodes entities through Codable, so the Codable errors cannot reach it.
        for (file, text) in Self.sources where file.hasPrefix("ODataShell/") {
            #expect(!text.contains("EntityValueDecoder") && !text.contains("EntityValueEncoder"), "\(file) uses the Codable API")
        }
    }

    @Test("Swift's CancellationError is cancelled: exit 130")
    func cancellationErrorIsCancelled() {
        #expect(ErrorReporter.category(of: CancellationError()) == .cancelled)
        #expect(ErrorReporter().describe(CancellationError()).status.rawValue == 130)
    }

    @Test("argument-parser's ValidationError is a usage error: exit 2")
    func validationErrorIsUsage() {
        let d = ErrorReporter().describe(ValidationError("--top must be 1 or more"))
        #expect(ErrorReporter.category(of: ValidationError("x")) == .usage)
        #expect(d.status == .usage && d.status.rawValue == 2)
        #expect(d.message == "--top must be 1 or more")
    }

    /// No error the command line can reach lacks a category (the tests above), so this one is made here.
    struct ErrorWithoutCategory: Error, CustomStringConvertible { var description: String { "something odd" } }

    @Test("an error without a category is an internal error: its type named, exit 70")
    func uncategorizedIsInternal() {
        let d = ErrorReporter().describe(ErrorWithoutCategory())
        #expect(d.status == .internalError && d.status.rawValue == 70)
        #expect(d.message.hasPrefix("internal error: ") && d.message.contains("ErrorWithoutCategory"), "\(d.message)")
        #expect(d.message.hasSuffix(": something odd"), "\(d.message)")
    }

    @Test("every category has its exit status")
    func categoryStatuses() {
        let expected: [(ErrorCategory, Int32)] = [(.usage, 2), (.unknownName, 2), (.service, 1), (.transport, 3),
                                                  (.invalidData, 4), (.cancelled, 130)]
        for (category, status) in expected { #expect(ErrorReporter.status(of: category).rawValue == status, "\(category)") }
    }
}
