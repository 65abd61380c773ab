import ODataModel
import ODataQuery
@testable import ODataShell
import Testing
import TestSupport

/// Seeded fuzzing of the statement language (issue 28): thousands of generated statements, from near-valid to
/// garbage, through the parser and the binder (and the URL writer behind it). None may crash; every failure is a
/// `LanguageError` with a range inside the statement. Deterministic: the same seeds every run.
@Suite("Statement language fuzzing")
struct StatementFuzzTests {
    static let pieces = [
        "Items", "Parts", "People", "Words", "Logs", "ID", "Name", "Big", "Price", "Active", "Day", "Color", "Perms", "Address/City",
        "Parts", "Owner", "Tags", "where", "select", "order", "by", "top", "skip", "expand", "count", "search", "get", "create", "update",
        "delete", "call", "and", "or", "not", "in", "has", "any", "all", "eq", "ne", "gt", "add", "sub", "mul", "div", "mod", "asc", "desc",
        "(", ")", "(", ")", ",", ";", ":", "/", "=", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "%", "{", "}", "[", "]",
        "1", "-1", "1.5", "1e3", "0x", "'a'", "'it''s'", "'", "\"q\"", "true", "false", "null", "2024-01-02", "12:30", "INF", "NaN",
        "guid'01234567-89ab-cdef-0123-456789abcdef'", "Lab.Color'Red'", "contains", "startswith", "length", "substring", "now",
        "d", "d/Quantity", "Parts/any(d:", "$count", "$value", "*", "\u{1B}", "\u{0}", "日本", "😀", "\\", "#", "@", "&",
    ]

    static func statement(_ rng: inout SplitMix64) -> String {
        var words: [String] = []
        if rng.int(3) > 0 { words.append(rng.pick(["Items", "Parts", "count Items", "Items(1)", "create Items", "Items where"])) }
        for _ in 0..<(1 + rng.int(24)) { words.append(rng.pick(pieces)) }
        // Now and then a long chain or deep nesting.
        switch rng.int(40) {
        case 0: words.append(String(repeating: "(", count: 300 + rng.int(300)))
        case 1: words.append((0..<(500 + rng.int(1500))).map { "ID = \($0)" }.joined(separator: " or "))
        case 2: words.append(String(repeating: "not ", count: 300))
        default: break
        }
        return words.joined(separator: rng.int(4) == 0 ? "" : " ")
    }

    @Test("4,000 generated statements: no crash, every failure a LanguageError", arguments: ["lab-v4", "lab-v2"])
    func generated(_ model: String) throws {
        let doc = try TestModels.document(model)
        var rng = SplitMix64(seed: model == "lab-v4" ? 28 : 2028)
        var bound = 0, refused = 0
        for _ in 0..<2000 {
            let s = Self.statement(&rng)
            do {
                _ = try Binder.bind(s, document: doc)
                bound += 1
            } catch let e as LanguageError {
                refused += 1
                #expect(e.range.start >= 0 && e.range.start <= s.count + 1, "\(s): \(e.range)")
            } catch {
                Issue.record("\(s): \(type(of: error)): \(error)")
            }
            // Completion uses the same parser in partial mode, at every cursor position a user could stand.
            _ = Parser(s).expectation(at: rng.int(s.count + 1))
        }
        #expect(bound + refused == 2000)
    }
}
