import Foundation
import ODataModel
import Testing
import TestSupport
@testable import ODataShell

/// Where the completer asks for value help, and what it does with the answer (a stand-in for the service's
/// answer here; ValueHelpTests asks a real one): inside a `'...'` literal of a property with a value list, the
/// values that start with what was typed replace the literal from its quote; nowhere else.
@Suite(.fixture("corpus", Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
struct ValueHelpCompletionTests {
    static func completer(asked: Box) throws -> ModelCompleter {
        let doc = try MetadataReader.read(file: Corpus.url("metadata", "sap-gw-v2-FAR_MANAGE_BS_SRV.xml").path)
        return ReplSession.completer(for: doc, valueHelp: { p, typed in
            asked.calls.append("\(p.name):\(typed)")
            let values: [String] = ["1000", "1010", "2000"]
            return values.filter { $0.hasPrefix(typed) }.map { v in CompletionCandidate("'" + v + "'", display: v, annotation: "Company " + v) }
        })
    }

    final class Box { var calls: [String] = [] }

    @Test func insideALiteralOfAPropertyWithAValueList() throws {
        let asked = Box()
        let c = try Self.completer(asked: asked)
        let line = "C_Arbankstatement where CompanyCode = '10"
        let r = c.complete(line: line, cursor: line.count)
        #expect(r.candidates.map(\.insertText) == ["'1000'", "'1010'"])
        #expect(r.candidates.first?.annotation == "Company 1000")
        #expect(r.replacing == 38..<line.count)   // from the opening quote
        #expect(asked.calls == ["CompanyCode:10"])
        // Right after the operator: every value, quoted.
        let bare = "C_Arbankstatement where CompanyCode = "
        #expect(c.complete(line: bare, cursor: bare.count).candidates.map(\.insertText).contains("'2000'"))
    }

    @Test func insideTheListOfIn() throws {
        let asked = Box()
        let c = try Self.completer(asked: asked)
        // The first item, a later one, and right after `(` or `,` (every value, quoted).
        let first = "C_Arbankstatement where CompanyCode in ('10"
        let r = c.complete(line: first, cursor: first.count)
        #expect(r.candidates.map(\.insertText) == ["'1000'", "'1010'"])
        #expect(r.replacing == 40..<first.count)
        let later = "C_Arbankstatement where CompanyCode in ('1000', '2"
        #expect(c.complete(line: later, cursor: later.count).candidates.map(\.insertText) == ["'2000'"])
        for bare in ["C_Arbankstatement where CompanyCode in (", "C_Arbankstatement where CompanyCode in ('1000', "] {
            #expect(c.complete(line: bare, cursor: bare.count).candidates.map(\.insertText).contains("'2000'"), "\(bare)")
        }
        // Inside a group and after `not`, too.
        let nested = "C_Arbankstatement where not (CompanyCode in ('1000', '1"
        #expect(c.complete(line: nested, cursor: nested.count).candidates.map(\.insertText) == ["'1000'", "'1010'"])
        #expect(asked.calls.contains("CompanyCode:10") && asked.calls.contains("CompanyCode:2"))
    }

    @Test func nowhereElse() throws {
        let asked = Box()
        let c = try Self.completer(asked: asked)
        // A property without value help, a search text in double quotes, a closed literal.
        for line in ["C_Arbankstatement where BankStatement = '1", "search C_Arbankstatement \"10",
                     "C_Arbankstatement where CompanyCode = '1000' and BankStatement = '"] {
            #expect(c.complete(line: line, cursor: line.count).candidates.isEmpty, "\(line)")
        }
        #expect(asked.calls.isEmpty)
    }
}
