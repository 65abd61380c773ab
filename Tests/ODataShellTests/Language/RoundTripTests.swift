import ODataModel
import ODataQuery
@testable import ODataShell
import Testing
import TestSupport

/// Random (seeded) filter trees over the lab model, printed as the query language, parsed and bound again: the
/// same tree must come back. Literals are of every type the model has, typed by the property they meet.
@Suite("Printer and parser round trip")
struct RoundTripTests {
    struct Generator {
        var rng: SplitMix64

        static let scalarProperties = ["Name", "Code", "Big", "Small", "Tiny", "Signed", "Price", "Ratio", "Weight", "Active",
                                       "Data", "Day", "At", "Stamp", "Span", "Color", "Address/City"]

        mutating func string() -> String {
            let pieces = ["a", "B", "it's", " ", "&", "#", "+", "%", "ü", "日本", "\"", "\t", "\\", "x=y", "/", "'", "😀"]
            return (0..<rng.int(5)).map { _ in rng.pick(pieces) }.joined()
        }
        mutating func digits(_ n: Int) -> String { (0..<n).map { _ in String(rng.int(10)) }.joined() }
        mutating func two(_ max: Int) -> String { let v = rng.int(max); return v < 10 ? "0\(v)" : "\(v)" }
        mutating func date() -> String { "\(1900 + rng.int(200))-\(two(12).replacingZero())-\(two(28).replacingZero())" }
        mutating func time() -> String {
            var t = "\(two(24)):\(two(60))"
            if rng.chance(60) { t += ":\(two(60))"; if rng.chance(40) { t += ".\(digits(1 + rng.int(6)))" } }
            return t
        }

        /// A literal that fits the property (sometimes null).
        mutating func literal(for property: String) -> QueryLiteral {
            if rng.chance(5) { return .null }
            switch property {
            case "Name", "Address/City": return .string(string())
            case "Code":
                let hex = Array("0123456789abcdefABCDEF")
                let g = [8, 4, 4, 4, 12].map { n in String((0..<n).map { _ in rng.pick(hex) }) }.joined(separator: "-")
                return .guid(g)
            case "Big": return .int64(Int64(bitPattern: rng.next()) >> rng.int(64))
            case "Small": return .int16(Int16(truncatingIfNeeded: rng.next()))
            case "Tiny": return .byte(UInt8(truncatingIfNeeded: rng.next()))
            case "Signed": return .sbyte(Int8(truncatingIfNeeded: rng.next()))
            case "Price":
                var t = (rng.chance(30) ? "-" : "") + String(rng.int(100000))
                if rng.chance(70) { t += "." + digits(1 + rng.int(6)) }
                return .decimal(t)
            case "Ratio":
                switch rng.int(6) {
                case 0: return .double(rng.pick([.infinity, -.infinity, .nan, 0, -0.0]))
                case 1: return .double(Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF))
                default: return .double(Double(rng.int(2_000_000) - 1_000_000) / Double(1 + rng.int(1000)))
                }
            case "Weight":
                if rng.chance(15) { return .single(rng.pick([Float.infinity, -Float.infinity, Float.nan])) }
                return .single(Float(rng.int(20000) - 10000) / 4)
            case "Active": return .boolean(rng.chance(50))
            case "Data": return .binary((0..<rng.int(7)).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
            case "Day": return .date(date())
            case "At": return .timeOfDay(time())
            case "Stamp":
                let offset = rng.pick(["Z", "+01:00", "-05:30", "+14:00"])
                return .dateTimeOffset("\(date())T\(time())\(offset)")
            case "Span":
                var t = rng.chance(20) ? "-P" : "P"
                if rng.chance(50) { t += "\(rng.int(400))D" }
                t += "T\(rng.int(24))H"
                if rng.chance(50) { t += "\(rng.int(60))M\(rng.int(60))." + digits(3) + "S" }
                return .duration(t)
            default: return .enumMember(type: "Lab.Color", member: rng.pick(["Red", "Green", "Blue"]))
            }
        }

        mutating func path(_ p: String) -> QueryExpression { .property(PropertyPath(p)) }

        mutating func comparison() -> QueryExpression {
            let p = rng.pick(Self.scalarProperties)
            let ops: [BinaryOperator] = ["Active", "Data", "Code", "Color"].contains(p) ? [.eq, .ne] : [.eq, .ne, .gt, .ge, .lt, .le]
            let lit = QueryExpression.literal(literal(for: p))
            return rng.chance(15) ? .binary(rng.pick(ops), lit, path(p)) : .binary(rng.pick(ops), path(p), lit)
        }

        /// Arithmetic on Price; every operator has Price on one side, so that each literal has a type to take.
        mutating func arithmetic(_ depth: Int) -> QueryExpression {
            if depth == 0 || rng.chance(40) { return path("Price") }
            var lit = literal(for: "Price")
            if lit == .null { lit = .decimal("1") }
            switch rng.int(5) {
            case 0: return .unary(.negate, arithmetic(depth - 1))
            case 1: return .binary(rng.pick([.add, .sub, .mul, .div, .mod]), .literal(lit), arithmetic(depth - 1))
            case 2: return .binary(rng.pick([.add, .sub, .mul, .div, .mod]), arithmetic(depth - 1), .literal(lit))
            default: return .binary(rng.pick([.add, .sub, .mul, .div, .mod]), arithmetic(depth - 1), arithmetic(depth - 1))
            }
        }

        mutating func condition(_ depth: Int) -> QueryExpression {
            if depth == 0 { return comparison() }
            switch rng.int(12) {
            case 0, 1: return .binary(.and, condition(depth - 1), condition(depth - 1))
            case 2, 3: return .binary(.or, condition(depth - 1), condition(depth - 1))
            case 4: return .unary(.not, condition(depth - 1))
            case 5:
                let p = rng.pick(["Name", "Small", "Color", "Price", "Day"])
                return .isIn(path(p), (0..<(1 + rng.int(3))).map { _ in .literal(literal(for: p)) }.filter { $0 != .literal(.null) } + [.literal(literal(for: p))].filter { $0 != .literal(.null) } + [.literal(.null)].prefix(0))
            case 6:
                return .function(rng.pick(["contains", "startswith", "endswith"]), [path("Name"), .literal(.string(string()))])
            case 7:
                return .binary(rng.pick([.gt, .lt, .eq]), arithmetic(2), .literal(literal(for: "Price")))
            case 8:
                return .lambda(rng.pick([.any, .all]), collection: "Parts", variable: "p",
                               predicate: .binary(.and, .binary(.gt, .property("p/Qty"), .literal(.int32(Int32(rng.int(100))))),
                                                  .function("startswith", [.property("p/Label"), .literal(.string(string()))])))
            case 9:
                return .binary(.has, path("Perms"), .literal(.enumMember(type: "Lab.Access", member: rng.pick(["Read", "Write", "Admin"]))))
            case 10:
                return .binary(.eq, .function("length", [path("Name")]), .literal(.int32(Int32(rng.int(50)))))
            default:
                return rng.chance(50) ? path("Active") : .unary(.not, path("Active"))
            }
        }
    }

    /// In-lists must not hold nulls or be empty: the generator keeps them non-empty.
    static func sanitized(_ e: QueryExpression) -> QueryExpression {
        if case .isIn(let x, let items) = e, items.isEmpty { return .binary(.eq, x, .literal(.null)) }
        return e
    }

    @Test("4000 random trees (1000 a seed) print, parse and bind back to themselves", arguments: [1, 2, 3, 4])
    func roundTrip(seed: UInt64) throws {
        let doc = try TestModels.document("lab-v4")
        var g = Generator(rng: SplitMix64(seed: seed &* 0x1234_5678_9ABC))
        for _ in 0..<1000 {
            let tree = Self.sanitized(g.condition(g.rng.int(4)))
            // Written with symbols and with OData's operator words (gt, mul, ...): both read back the same.
            for words in [false, true] {
                let text = QueryPrinter.text(tree, operatorWords: words)
                let statement = "Items where " + text
                do {
                    let bound = try Binder.bind(statement, document: doc)
                    #expect(bound.query?.filterExpression == tree, "\(statement)\n  tree   \(tree)\n  back   \(String(describing: bound.query?.filterExpression))")
                    // And the V4 URL writer takes every tree the language can say.
                    _ = try #require(try bound.request.relativeURL(for: doc.version).hasPrefix("Items?$filter="))
                } catch {
                    Issue.record("\(statement)\n  tree \(tree)\n  \(error)")
                }
            }
        }
    }

    @Test("printed forms of literals", arguments: [
        (QueryLiteral.string("it's"), "'it''s'"), (.string("a\tb"), "\"a\\tb\""), (.int64(-5), "-5"), (.decimal("12.50"), "12.50"),
        (.double(.infinity), "INF"), (.double(-.infinity), "-INF"), (.double(.nan), "NaN"), (.duration("P1D"), "duration'P1D'"),
        (.time("PT1H"), "time'PT1H'"), (.binary([0x0A, 0xFF]), "binary'Cv8='"), (.enumMember(type: "Lab.Color", member: "Red"), "Lab.Color'Red'"),
        (.guid("01234567-89ab-cdef-0123-456789abcdef"), "01234567-89ab-cdef-0123-456789abcdef"), (.dateTime("2020-01-01T10:00"), "2020-01-01T10:00"),
    ])
    func literals(_ l: QueryLiteral, _ text: String) {
        #expect(QueryPrinter.literal(l) == text)
    }

    @Test("parentheses only where precedence needs them")
    func parentheses() {
        let a = QueryExpression.property("A"), b = QueryExpression.property("B"), one = QueryExpression.literal(.int32(1))
        #expect(QueryPrinter.text(.binary(.and, .binary(.or, a, b), a)) == "(A or B) and A")
        #expect(QueryPrinter.text(.binary(.or, a, .binary(.and, a, b))) == "A or A and B")
        #expect(QueryPrinter.text(.binary(.sub, a, .binary(.sub, b, one))) == "A - (B - 1)")
        #expect(QueryPrinter.text(.binary(.sub, .binary(.sub, a, b), one)) == "A - B - 1")
        #expect(QueryPrinter.text(.unary(.not, .binary(.eq, a, one))) == "not A = 1")
        #expect(QueryPrinter.text(.binary(.eq, .unary(.not, a), b)) == "(not A) = B")
        #expect(QueryPrinter.text(.unary(.negate, one)) == "-(1)")
        #expect(QueryPrinter.text(.unary(.negate, .binary(.add, a, one))) == "-(A + 1)")
        #expect(QueryPrinter.text(.binary(.and, .binary(.gt, .binary(.mul, a, one), b), .binary(.ne, a, one)), operatorWords: true)
                == "A mul 1 gt B and A ne 1")
        #expect(QueryPrinter.text(.binary(.div, a, .binary(.sub, b, one)), operatorWords: true) == "A div (B sub 1)")
    }
}

extension String {
    /// `00` → `01`: months and days start at one.
    func replacingZero() -> String { self == "00" ? "01" : self }
}
