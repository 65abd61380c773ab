import Foundation
import ODataModel
import ODataQuery
@testable import ODataShell
import Testing

/// The golden table (golden-statements.txt): every statement against the V2 and the V4 model, with the request
/// or error written by hand.
@Suite("Golden statements")
struct GoldenStatementTests {
    struct Case: CustomStringConvertible, Sendable {
        var model: String
        var statement: String
        var line: Int
        var v2: String
        var v4: String
        var description: String { "\(model):\(line) \(statement)" }
    }

    static let cases: [Case] = {
        let url = TestModels.packageRoot.appendingPathComponent("Tests/ODataShellTests/Language/golden-statements.txt")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var out: [Case] = []
        var model = ""
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            if line.hasPrefix("## model ") { model = String(line.dropFirst(9)); continue }
            if line.hasPrefix("> ") { out.append(Case(model: model, statement: String(line.dropFirst(2)), line: i + 1, v2: "", v4: "")); continue }
            let t = line.drop(while: { $0 == " " })
            guard !out.isEmpty, line.hasPrefix("  ") else { continue }
            if t.hasPrefix("both ") { out[out.count - 1].v2 = String(t.dropFirst(5)); out[out.count - 1].v4 = String(t.dropFirst(5)) }
            else if t.hasPrefix("v2 ") { out[out.count - 1].v2 = String(t.dropFirst(3)) }
            else if t.hasPrefix("v4 ") { out[out.count - 1].v4 = String(t.dropFirst(3)) }
        }
        return out
    }()

    /// What a statement gives, in the table's form.
    static func actual(_ statement: String, _ doc: CsdlDocument) -> String {
        do {
            let b = try Binder.bind(statement, document: doc)
            // References name the related entity by its absolute URL: the service's root is http://host/svc/ here.
            let absolute = { (relative: String) in "http://host/svc/" + relative }
            var s = "\(b.request.method(for: doc.version).rawValue) \(URLEncoding.decode(try b.request.relativeURL(for: doc.version, absolute: absolute)))"
            if let body = b.request.body(for: doc.version, absolute: absolute) { s += " | \(String(decoding: body, as: UTF8.self))" }
            return s
        } catch let e as LanguageError {
            return "! " + e.headline
        } catch {
            return "! unexpected \(type(of: error)): \(error)"
        }
    }

    static func mustBeEncoded(_ c: Character) -> Bool {
        c == " " || c == "#" || c == "\"" || !c.isASCII
    }

    static func matches(_ actual: String, _ expected: String) -> Bool {
        if expected.hasSuffix("*") { return actual.hasPrefix(String(expected.dropLast())) }
        return actual == expected
    }

    @Test("the table has enough rows, each with both expectations")
    func tableIsComplete() {
        #expect(Self.cases.count >= 150)
        for c in Self.cases { #expect(!c.v2.isEmpty && !c.v4.isEmpty, "\(c)") }
    }

    @Test("Northwind V2 and V4", .fixture("corpus", TestModels.northwindAvailable, TestModels.missingNorthwind))
    func northwind() throws { try run("northwind") }

    @Test("lab model V2 and V4")
    func lab() throws { try run("lab") }

    func run(_ model: String) throws {
        let v2 = try TestModels.document("\(model)-v2"), v4 = try TestModels.document("\(model)-v4")
        let cases = Self.cases.filter { $0.model == model }
        #expect(!cases.isEmpty)
        for c in cases {
            let a2 = Self.actual(c.statement, v2), a4 = Self.actual(c.statement, v4)
            #expect(Self.matches(a2, c.v2), "V2 \(c)\n  expected \(c.v2)\n  actual   \(a2)")
            #expect(Self.matches(a4, c.v4), "V4 \(c)\n  expected \(c.v4)\n  actual   \(a4)")
            // Whatever the statement, the URL carries no character that must be encoded.
            if let b = try? Binder.bind(c.statement, document: v4) {
                let bad = ((try? b.request.relativeURL(for: v4.version)) ?? "").contains(where: Self.mustBeEncoded)
                #expect(!bad, "\(c)")
            }
        }
    }
}
