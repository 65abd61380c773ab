import ODataModel
import ODataQuery
@testable import ODataShell
import Testing

/// Hostile statements (issue 28): deep nesting is a syntax error with its position, long flat chains work. Before,
/// each of these overflowed the stack (SIGSEGV) in the parser, the binder or the URL writer.
@Suite("Nesting limits and long chains")
struct NestingLimitTests {
    static func bind(_ statement: String, _ model: String = "lab-v4") throws -> BoundStatement {
        try Binder.bind(statement, document: TestModels.document(model))
    }

    /// The error a statement ends in: a syntax error naming the nesting limit.
    static func nestingError(_ statement: String) throws -> LanguageError {
        do {
            _ = try bind(statement)
        } catch let e as LanguageError {
            return e
        }
        Issue.record("no error for a statement nested too deeply")
        return LanguageError(.syntax, "", at: SourceRange(start: 0, end: 0))
    }

    @Test("4,000 nested parentheses: an error at the first one too many")
    func deepParentheses() throws {
        let e = try Self.nestingError("Items where " + String(repeating: "(", count: 4000) + "ID = 1" + String(repeating: ")", count: 4000))
        #expect(e.kind == .syntax)
        #expect(e.message.contains("nested more than \(Parser.maxNesting) levels"))
        // The top-level expression is one level, each parenthesis one more.
        #expect(e.range.start == "Items where ".count + Parser.maxNesting)
    }

    @Test("Parentheses within the limit still work")
    func parenthesesWithinLimit() throws {
        let n = Parser.maxNesting - 2
        let b = try Self.bind("Items where " + String(repeating: "(", count: n) + "ID = 1" + String(repeating: ")", count: n))
        #expect((try b.request.relativeURL(for: .v4)) == "Items?$filter=ID%20eq%201")
    }

    @Test("3,000 nested expands: an error, not a crash")
    func deepExpands() throws {
        let n = 1500
        let s = "Items expand " + String(repeating: "Parts(expand Item(expand ", count: n) + "Parts" + String(repeating: "))", count: n)
        let e = try Self.nestingError(s)
        #expect(e.message.contains("nested more than"))
    }

    static let deepStatements = [
        "Items where " + String(repeating: "not ", count: 5000) + "Active",
        "Items where Big = " + String(repeating: "-", count: 5000) + "(1)",
        "Items where ID" + String(repeating: " in (1)", count: 5000),
        "Items where contains(" + String(repeating: "concat(", count: 5000) + "Name",
        "create Items {Tags: " + String(repeating: "[{a: ", count: 5000),
        "create Items {Address: " + String(repeating: "{City: ", count: 5000),
    ]

    @Test("Deep not, minus, in, calls and bodies: errors, not crashes", arguments: deepStatements.indices)
    func deepOtherwise(_ index: Int) throws {
        let e = try Self.nestingError(Self.deepStatements[index])
        #expect(e.message.contains("nested more than"), "\(e.message)")
    }

    @Test("A filter of 6,000 or terms binds and is written out")
    func longOrChain() throws {
        let terms = (0..<6000).map { "ID = \($0)" }
        let b = try Self.bind("Items where " + terms.joined(separator: " or "))
        let url = (try b.request.relativeURL(for: .v4))
        #expect(url.hasPrefix("Items?$filter=ID%20eq%200%20or%20ID%20eq%201%20or"))
        #expect(url.hasSuffix("ID%20eq%205999"))
        // And printed back as the query language.
        let printed = QueryPrinter.text(try #require(b.query?.filterExpression))
        #expect(printed == terms.joined(separator: " or "))
    }

    /// Issue 38: each item copied the query before (20,000 items took 11 s, 100,000 did not finish). Checked as a
    /// ratio, not against a clock: ten times the items may take at most thirty times as long (linear work gives about
    /// ten, quadratic a hundred), so a busy machine slows both runs alike and does not fail the test.
    @Test("Long select and order by lists bind in linear time")
    func longSelectAndOrderBy() throws {
        let small = try Self.bindLongLists(5_000)
        let large = try Self.bindLongLists(50_000)
        #expect(large < small * 30, "5,000 items: \(small), 50,000 items: \(large)")
    }

    private static func bindLongLists(_ n: Int) throws -> Duration {
        let names = ["ID", "Name", "Big", "Small", "Price"]
        let items = (0..<n).map { names[$0 % names.count] }
        let start = ContinuousClock.now
        let select = try Self.bind("Items select " + items.joined(separator: ", "))
        #expect(select.query?.selectItems.count == n)
        let order = try Self.bind("Items order by " + items.map { $0 + " desc" }.joined(separator: ", "))
        #expect(order.query?.sortItems.count == n)
        #expect(order.query?.sortItems.last?.order == .descending)
        let url = try order.request.relativeURL(for: .v4)
        #expect(url.hasPrefix("Items?$orderby=ID%20desc,Name%20desc"))
        return ContinuousClock.now - start
    }

    @Test("A chain of 10,000 add binds, typed by its property")
    func longAddChain() throws {
        let b = try Self.bind("Items where Big = " + Array(repeating: "1", count: 10000).joined(separator: " + "))
        #expect((try b.request.relativeURL(for: .v4)).hasPrefix("Items?$filter=Big%20eq%201%20add%201%20add%201"))
        #expect((try b.request.relativeURL(for: .v4)).hasSuffix("%20add%201"))
    }

    @Test("Mixed chains keep their precedence and their types")
    func mixedChain() throws {
        let b = try Self.bind("Items where Big = 1 + 2 * 3 - 4 or Name = 'a' and Active or 1 + Big > 3")
        #expect((try b.request.relativeURL(for: .v4)) == "Items?$filter=Big%20eq%201%20add%202%20mul%203%20sub%204%20or%20Name%20eq%20%27a%27%20and%20Active%20or%201%20add%20Big%20gt%203")
        // A literal on the left of a long chain still takes the type of the property on its right.
        let t = try Self.bind("Items where 1 + Small + Small + Small > 0")
        #expect((try t.request.relativeURL(for: .v4)).contains("1%20add%20Small%20add%20Small"))
        // A type error deep inside a chain is still found, at its place.
        #expect(throws: LanguageError.self) { try Self.bind("Items where ID = 1 or ID = 2 or Name + 1 = 3 or ID = 4") }
    }

    @Test("V2 spells a 6,000-item in list as an or-chain without recursing")
    func longInListV2() throws {
        let b = try Self.bind("Items where ID in (" + (0..<6000).map(String.init).joined(separator: ", ") + ")", "lab-v2")
        #expect((try b.request.relativeURL(for: .v2)).hasPrefix("Items?$filter=ID%20eq%200%20or%20ID%20eq%201"))
        #expect((try b.request.relativeURL(for: .v2)).hasSuffix("ID%20eq%205999"))
    }

    @Test("More operators than the limit: an error naming it")
    func tooManyOperators() throws {
        let terms = (0..<(Parser.maxOperators / 2 + 10)).map { "ID = \($0)" }
        let e = try Self.nestingError("Items where " + terms.joined(separator: " or "))
        #expect(e.message.contains("more than \(Parser.maxOperators) operators"))
    }
}
