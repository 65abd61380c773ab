import ODataClient
import ODataModel
import ODataQuery

/// Types the expressions of filters, order by and values: property paths, operators, lambdas and functions, each
/// checked for the types it meets; literals take the type of the property on the other side.
struct ExpressionTyper: BinderPart {
    let document: CsdlDocument

    /// Where an expression is typed: the structured type its property paths start from, and the lambda variables in scope.
    struct Context {
        var type: StructuredType?
        /// Lambda variables and the type each stands for (an entity or complex type, or a primitive one).
        var variables: [String: ExprType]
    }

    /// A literal bound to a property's type (keys, bodies).
    func bindValue(_ e: AST.Expr, to p: Property) throws -> QueryLiteral {
        let (x, _) = try bindExpr(e, Context(type: nil, variables: [:]), expected: ExprType.of(p))
        guard case .literal(let l) = x else { throw LanguageError(.typeMismatch, "a value is needed for \(p.name), not an expression", at: e.range) }
        return l
    }

    /// `NS.Derived` in a path of a filter, select or expand: a cast to a type derived from `type` (V4), or nil
    /// when the name is not a qualified one. `last`: nothing follows it, which a cast needs.
    func castSegment(_ n: AST.Name, from type: StructuredType, last: Bool) throws -> StructuredType? {
        guard n.text.contains("."), let cast = document.structuredType(withName: n.text) else { return nil }
        guard cast.isSubtype(of: type), cast !== type else {
            throw LanguageError(.typeMismatch, "\(cast.qualifiedName) does not derive from \(type.qualifiedName): no cast to it", at: n.range)
        }
        guard version.isV4 else { throw unsupported("a type cast in a path (\(n.text))", at: n.range) }
        if last { throw LanguageError(.syntax, "a cast is followed by a property of \(cast.name), as in \(n.text)/...", at: n.range) }
        return cast
    }

    func requireBoolean(_ t: ExprType, _ e: AST.Expr, _ what: String) throws {
        if t.isKnown, t.primitive != .boolean || t.isCollection {
            throw LanguageError(.typeMismatch, "\(what) needs a condition; this is \(t.origin ?? t.name)", at: e.range)
        }
    }

    /// True for expressions whose type comes from the other side (literals and bare names that may be enum members).
    func takesTypeFromOtherSide(_ e: AST.Expr, _ ctx: Context) -> Bool {
        switch e.kind {
        case .literal(let l):
            if case .typed = l { return false }
            return true
        case .group(let x): return takesTypeFromOtherSide(x, ctx)
        case .unary(.negate, let x): return takesTypeFromOtherSide(x, ctx)
        case .path(let names):
            guard names.count == 1, let t = ctx.type else { return false }
            return t.structuralProperty(named: names[0].text) == nil && t.navigationProperty(named: names[0].text) == nil
                && ctx.variables[names[0].text] == nil
        default: return false
        }
    }

    /// The expression as the library's, with its type; `expected` is what the other side of an operator or the
    /// property met wants (literals and bare enum member names take it).
    func bindExpr(_ e: AST.Expr, _ ctx: Context, expected: ExprType?) throws -> (QueryExpression, ExprType) {
        switch e.kind {
        case .structured(let v):
            throw LanguageError(.typeMismatch, "\(v.shape) is taken only by a parameter of a function or action of that type", at: e.range)
        case .group(let x):
            return try bindExpr(x, ctx, expected: expected)
        case .literal(let l):
            let lit = try LiteralTyper(document: document).bindLiteral(l, e.range, expected: expected)
            var t = ExprType.of(lit.primitiveType)
            if case .enumMember(let tn, _) = lit { t.enumType = try? document.enumType(withName: tn) }
            if lit == .null, let x = expected { t = x }
            return (.literal(lit), t)
        case .path(let names):
            return try bindPath(names, e, ctx, expected: expected)
        case .unary(.not, let x):
            let (bx, t) = try bindExpr(x, ctx, expected: .boolean)
            try requireBoolean(t, x, "not")
            return (.unary(.not, bx), .boolean)
        case .unary(.negate, let x):
            let (bx, t) = try bindExpr(x, ctx, expected: expected)
            if case .literal(let l) = bx, let n = negated(l) { return (.literal(n), t) }
            if let p = t.primitive, !p.isNumeric && p != .duration {
                throw LanguageError(.typeMismatch, "- needs a number; this is \(t.origin ?? t.name)", at: x.range)
            }
            return (.unary(.negate, bx), t)
        case .binary:
            return try bindChain(e, ctx, expected: expected)
        case .isIn(let lhs, let items):
            let (bl, lt) = try bindExpr(lhs, ctx, expected: nil)
            guard !items.isEmpty else { throw LanguageError(.syntax, "the list after in is empty", at: e.range) }
            if lt.isCollection { throw LanguageError(.typeMismatch, "in needs a single value on its left; use any or all", at: lhs.range) }
            // Each item as the right side of an eq with the left operand: literals take its type, expressions must be
            // comparable with it (`Freight in (1, ShipCity)` is not).
            let bound = try items.map { item -> QueryExpression in
                let (bi, it) = try bindExpr(item, ctx, expected: lt.isKnown ? lt : nil)
                if it.isCollection { throw LanguageError(.typeMismatch, "cannot compare a collection; use any or all", at: item.range) }
                try checkComparable(lt, it, item.range)
                return bi
            }
            return (.isIn(bl, bound), .boolean)
        case .call(let n, let args):
            return try bindFunctionCall(n, args, e, ctx)
        case .lambda(let op, let collection, let variable, let predicate):
            guard version >= .v3 else { throw LanguageError(.unsupported, "the lambda operator \(op.rawValue) needs OData V3 or V4; this service speaks OData \(version.rawValue)", at: e.range) }
            let (cp, ct) = try bindPath(collection, e, ctx, expected: nil)
            guard case .property(let path) = cp, ct.isCollection else {
                throw LanguageError(.typeMismatch, "\(op.rawValue) needs a collection; \(collection.map(\.text).joined(separator: "/")) is not one", at: collection.last!.range)
            }
            guard let v = variable, let p = predicate else { return (.lambda(op, collection: path, variable: nil, predicate: nil), .boolean) }
            var inner = ctx
            var vt = ct
            vt.isCollection = false
            vt.origin = v.text
            inner.variables[v.text] = vt
            let (bp, pt) = try bindExpr(p, inner, expected: .boolean)
            try requireBoolean(pt, p, op.rawValue)
            return (.lambda(op, collection: path, variable: v.text, predicate: bp), .boolean)
        }
    }

    func negated(_ l: QueryLiteral) -> QueryLiteral? {
        switch l {
        case .double(let d): return .double(-d)
        case .single(let f): return .single(-f)
        default: return nil
        }
    }

    /// Binds a chain of binary operators along its left side (`a or b or ...`, `1 + 2 + ...`) in a loop: generated
    /// lists of thousands of terms must not recurse once per term. Right sides are bound as they come.
    func bindChain(_ e: AST.Expr, _ ctx: Context, expected: ExprType?) throws -> (QueryExpression, ExprType) {
        // The left spine, outermost first, each node with what its parent expects of it.
        var spine: [(node: AST.Expr, expected: ExprType?)] = []
        var x = e, xExpected = expected
        while case .binary(let op, let a, _) = x.kind {
            spine.append((x, xExpected))
            xExpected = op.isLogical ? .boolean : (op.isComparison || op == .has) ? nil : xExpected
            x = a
        }
        var bound: (QueryExpression, ExprType)? = nil
        for (node, nodeExpected) in spine.reversed() {
            guard case .binary(let op, let a, let b) = node.kind else { continue }
            bound = try bindBinary(op, a, b, node, ctx, expected: nodeExpected, boundLeft: bound)
        }
        return bound!
    }

    /// Binds `a op b`; `boundLeft` is `a` already bound (by `bindChain`; `a` is then itself a binary operation).
    func bindBinary(_ op: BinaryOperator, _ a: AST.Expr, _ b: AST.Expr, _ e: AST.Expr, _ ctx: Context, expected: ExprType?,
                            boundLeft: (QueryExpression, ExprType)? = nil) throws -> (QueryExpression, ExprType) {
        if op.isLogical {
            let (ba, ta) = try boundLeft ?? bindExpr(a, ctx, expected: .boolean)
            try requireBoolean(ta, a, op.rawValue)
            let (bb, tb) = try bindExpr(b, ctx, expected: .boolean)
            try requireBoolean(tb, b, op.rawValue)
            return (.binary(op, ba, bb), .boolean)
        }
        if op == .has {
            guard version.isV4 else { throw unsupported("the has operator", at: e.range) }
            let (ba, ta) = try boundLeft ?? bindExpr(a, ctx, expected: nil)
            guard ta.enumType != nil else { throw LanguageError(.typeMismatch, "has needs an enum property on its left; this is \(ta.origin ?? ta.name)", at: a.range) }
            let (bb, _) = try bindExpr(b, ctx, expected: ta)
            return (.binary(.has, ba, bb), .boolean)
        }
        // The operand that has a type of its own is bound first; literals take the type of the other side.
        let ba: QueryExpression, bb: QueryExpression, ta: ExprType, tb: ExprType
        if boundLeft == nil && takesTypeFromOtherSide(a, ctx) && !takesTypeFromOtherSide(b, ctx) {
            (bb, tb) = try bindExpr(b, ctx, expected: op.isComparison ? nil : expected)
            try checkArithmetic(op, tb, b)
            (ba, ta) = try bindExpr(a, ctx, expected: tb)
        } else {
            (ba, ta) = try boundLeft ?? bindExpr(a, ctx, expected: op.isComparison ? nil : expected)
            try checkArithmetic(op, ta, a)
            (bb, tb) = try bindExpr(b, ctx, expected: rightExpectation(op, after: ta))
        }
        if op.isComparison {
            if ta.isCollection || tb.isCollection {
                throw LanguageError(.typeMismatch, "cannot compare a collection; use any or all", at: ta.isCollection ? a.range : b.range)
            }
            try checkComparable(ta, tb, b.range)
            return (.binary(op, ba, bb), .boolean)
        }
        if let t = try temporalResult(op, ta, tb, a, b) { return (.binary(op, ba, bb), t) }
        try checkArithmetic(op, ta, a)
        try checkArithmetic(op, tb, b)
        return (.binary(op, ba, bb), widerNumeric(ta, tb))
    }

    func checkArithmetic(_ op: BinaryOperator, _ t: ExprType, _ x: AST.Expr) throws {
        guard op.isArithmetic else { return }
        let ok = t.primitive.map { $0.isNumeric || [.date, .dateTimeOffset, .duration, .dateTime, .time].contains($0) } ?? !t.isKnown
        if !ok || t.isCollection {
            throw LanguageError(.typeMismatch, "\(op.rawValue) needs numbers; this is \(t.origin ?? t.name)", at: x.range)
        }
    }

    func widerNumeric(_ a: ExprType, _ b: ExprType) -> ExprType {
        let order: [PrimitiveType] = [.byte, .sbyte, .int16, .int32, .int64, .decimal, .single, .double]
        guard let pa = a.primitive, let pb = b.primitive, let ia = order.firstIndex(of: pa), let ib = order.firstIndex(of: pb) else { return a.isKnown ? a : b }
        return ia >= ib ? a : b
    }

    func checkComparable(_ a: ExprType, _ b: ExprType, _ r: SourceRange) throws {
        guard a.isKnown, b.isKnown else { return }
        if let pa = a.primitive, let pb = b.primitive {
            if pa == pb || (pa.isNumeric && pb.isNumeric) { return }
            let dates: Set<PrimitiveType> = [.date, .dateTimeOffset, .dateTime]
            if dates.contains(pa) && dates.contains(pb) { return }
            throw LanguageError(.typeMismatch, "cannot compare \(a.origin ?? pa.rawValue) with \(b.origin ?? pb.rawValue)", at: r)
        }
        if let ea = a.enumType, let eb = b.enumType, ea === eb { return }
        // An entity or a complex value compares with null (or with another of its kind), not with a value.
        if let sa = a.structured, let sb = b.structured {
            if sa.isSubtype(of: sb) || sb.isSubtype(of: sa) { return }
            throw LanguageError(.typeMismatch, "cannot compare \(sa.name) with \(sb.name): they are not of one type", at: r)
        }
        if let s = a.structured ?? b.structured {
            let other = a.structured == nil ? a : b
            throw LanguageError(.typeMismatch, "cannot compare \(s.name) with \(other.origin ?? other.name): a structured value compares with null only", at: r)
        }
        throw LanguageError(.typeMismatch, "cannot compare \(a.origin ?? a.name) with \(b.origin ?? b.name)", at: r)
    }

    func bindPath(_ names: [AST.Name], _ e: AST.Expr, _ ctx: Context, expected: ExprType?) throws -> (QueryExpression, ExprType) {
        var segments: [String] = []
        var t: StructuredType?
        var rest = names[...]
        if let v = ctx.variables[names[0].text] {
            t = v.structured; segments = [names[0].text]; rest = names.dropFirst()
            if rest.isEmpty { return (.property(PropertyPath(segments)), v) }
        } else {
            t = ctx.type
        }
        // A single bare name that is not a property: an enum member or INF/NaN, when the other side says so.
        if names.count == 1, let only = names.first, ctx.variables[only.text] == nil,
           t.map({ $0.structuralProperty(named: only.text) == nil && $0.navigationProperty(named: only.text) == nil }) ?? true {
            if let en = expected?.enumType {
                guard let m = en.member(named: only.text) else {
                    throw LanguageError(.unknownName, "\(en.name) has no member \(only.text)", at: only.range,
                                        suggestions: NameSuggester.closest(to: only.text, in: en.members.map(\.name)))
                }
                return (.literal(.enumMember(type: en.qualifiedName, member: m.name)), ExprType(enumType: en))
            }
            if let p = expected?.primitive, p == .double || p == .single, ["INF", "NaN"].contains(only.text) {
                let d: Double = only.text == "INF" ? .infinity : .nan
                return (.literal(p == .double ? .double(d) : .single(Float(d))), .of(p))
            }
            if t == nil {
                throw LanguageError(.syntax, "\(only.text) is not a value here (put text in quotes: '\(only.text)')", at: only.range)
            }
        }
        // `Tags/$count`, `Order_Details/$count` (V4): the number of members of a collection property, or of related
        // entities, when the collection `name` at `i` is followed by `$count` and nothing else.
        func countOf(_ name: String, isCollection: Bool, at i: Int) throws -> (QueryExpression, ExprType)? {
            guard isCollection, i + 2 == names.count, names[i + 1].text == "$count" else { return nil }
            guard version.isV4 else { throw unsupported("\(name)/$count in a filter", at: names[i + 1].range) }
            var counted = ExprType.of(.int32)
            counted.origin = "\(name)/$count"
            return (.property(PropertyPath(segments + ["$count"])), counted)
        }
        var type = ExprType.unknown
        for (i, n) in zip(rest.indices, rest) {
            guard let cur = t else { throw LanguageError(.syntax, "nothing can follow \(names[i - 1].text)", at: n.range) }
            let last = i == names.count - 1
            if let cast = try castSegment(n, from: cur, last: last) {
                segments.append(cast.qualifiedName)
                t = cast
            } else if let p = cur.structuralProperty(named: n.text) {
                segments.append(p.name)
                type = ExprType.of(p)
                if let count = try countOf(p.name, isCollection: p.isCollection, at: i) { return count }
                if case .complex(let c) = p.resolvedType, !p.isCollection { t = c } else { t = nil }
                if !last, t == nil { throw LanguageError(.syntax, "\(p.name) is not a complex or navigation property: nothing can follow it", at: names[i + 1].range) }
            } else if let nav = cur.navigationProperty(named: n.text) {
                segments.append(nav.name)
                type = ExprType(structured: nav.target, isCollection: nav.isCollection, origin: nav.name)
                if let count = try countOf(nav.name, isCollection: nav.isCollection, at: i) { return count }
                if nav.isCollection && !last {
                    throw LanguageError(.syntax, "\(nav.name) is a collection: use \(nav.name)/$count, or \(nav.name)/any(x: x/\(names[i + 1].text) ...) to test its members",
                                        at: names[i + 1].range)
                }
                t = nav.target
            } else {
                var e = unknownProperty(n, in: cur)
                // The names a statement gave its results (aggregates, computed values) are candidates too.
                if i == rest.startIndex, ctx.variables.isEmpty == false {
                    e.suggestions = NameSuggester.closest(to: n.text, in: cur.properties.map(\.name) + cur.navigationProperties.map(\.name)
                                                            + ctx.variables.keys.sorted())
                }
                throw e
            }
        }
        return (.property(PropertyPath(segments)), type)
    }

    func bindFunctionCall(_ n: AST.Name, _ args: [AST.Expr], _ e: AST.Expr, _ ctx: Context) throws -> (QueryExpression, ExprType) {
        // V2's substringof(needle, haystack) is contains(haystack, needle), written for each version as it needs.
        if n.text.lowercased() == "substringof" {
            guard args.count == 2 else { throw LanguageError(.syntax, "substringof takes 2 arguments, not \(args.count)", at: e.range) }
            return try bindFunctionCall(AST.Name(text: "contains", range: n.range), [args[1], args[0]], e, ctx)
        }
        guard let f = QueryFunction.named(n.text) else {
            throw LanguageError(.unknownName, "no function named \(n.text)", at: n.range,
                                suggestions: NameSuggester.closest(to: n.text.lowercased(), in: QueryFunction.all.map(\.name)))
        }
        guard f.arity.contains(args.count) else {
            let want = f.arity.lowerBound == f.arity.upperBound ? "\(f.arity.lowerBound)" : "\(f.arity.lowerBound) or \(f.arity.upperBound)"
            throw LanguageError(.syntax, "\(f.name) takes \(want) argument\(f.arity.upperBound == 1 ? "" : "s"), not \(args.count)", at: e.range)
        }
        if !version.isV4, f.v2Name == nil { throw unsupported("the function \(f.name)()", at: n.range) }
        if f.name == "isof" || f.name == "cast" {
            var bound: [QueryExpression] = []
            if args.count == 2 { bound.append(try bindExpr(args[0], ctx, expected: nil).0) }
            let (tn, tt) = try typeName(args.last!)
            bound.append(.typeName(tn))
            return (.function(f.name, bound), f.name == "isof" ? .boolean : tt)
        }
        var bound: [QueryExpression] = []
        var first = ExprType.unknown
        for (i, a) in args.enumerated() {
            let want = i < f.argumentTypes.count ? f.argumentTypes[i].map { ExprType.of($0) } : nil
            let (x, t) = try bindExpr(a, ctx, expected: want)
            if i == 0 { first = t }
            if i == 0, want == nil, let kinds = argumentKinds(of: f.name), t.isKnown,
               t.isCollection || !(t.primitive.map { kinds.types.contains($0) } ?? false) {
                throw LanguageError(.typeMismatch, "\(f.name) needs \(kinds.described); this is \(t.origin ?? t.name)", at: a.range)
            }
            if let w = want?.primitive, let p = t.primitive, p != w, !(w.isNumeric && p.isNumeric),
               !([PrimitiveType.dateTimeOffset, .dateTime, .date].contains(w) && [PrimitiveType.dateTimeOffset, .dateTime, .date].contains(p)) {
                throw LanguageError(.typeMismatch, "\(f.name) needs \(w.rawValue) here; this is \(t.origin ?? p.rawValue)", at: a.range)
            }
            bound.append(x)
        }
        return (.function(f.name, bound), f.returnType.map { ExprType.of($0) } ?? first)
    }

    /// The type argument of isof/cast: a qualified entity, complex, enum or primitive type name.
    func typeName(_ e: AST.Expr) throws -> (String, ExprType) {
        var written: String?
        if case .path(let names) = e.kind, names.count == 1 { written = names[0].text }
        if case .literal(.string(let s)) = e.kind { written = s }
        guard let w = written else { throw LanguageError(.syntax, "expected a type name such as NorthwindModel.Customer or Edm.String", at: e.range) }
        if let p = PrimitiveType.named(w) { return (p.rawValue, .of(p)) }
        if let s = document.structuredType(withName: w) { return (s.qualifiedName, ExprType(structured: s, origin: s.name)) }
        if let en = try? document.enumType(withName: w) { return (en.qualifiedName, ExprType(enumType: en)) }
        let all = document.entityTypes.map(\.qualifiedName) + document.complexTypes.map(\.qualifiedName)
        throw LanguageError(.unknownName, "no type named \(w)", at: e.range, suggestions: NameSuggester.closest(to: w, in: all))
    }
}
