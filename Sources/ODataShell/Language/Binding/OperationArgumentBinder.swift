import ODataClient
import ODataModel
import ODataQuery

/// Binds the arguments of a function or action to its parameters: each named once, typed by its parameter
/// (literals for a URL, structured values for a body), the non-nullable ones all given.
struct OperationArgumentBinder: BinderPart {
    let document: CsdlDocument

    /// An operation's argument: its literal for a URL (a structured value as V4 JSON) and, for a collection,
    /// complex or entity parameter, its value for an action's body.
    struct Argument {
        var name: String
        var literal: QueryLiteral
        var data: DataValue?
    }

    /// Arguments bound to an operation's parameters: each named once, typed by its parameter, the non-nullable
    /// ones all given.
    func operationArguments(_ parameters: ArraySlice<Parameter>, _ arguments: [(name: AST.Name, value: AST.Expr)],
                                    operation n: AST.Name) throws -> [Argument] {
        var values: [Argument] = []
        for (pn, pv) in arguments {
            guard let p = parameters.first(where: { $0.name == pn.text }) else {
                throw LanguageError(.unknownName, "\(n.text) has no parameter \(pn.text)", at: pn.range,
                                    suggestions: NameSuggester.closest(to: pn.text, in: parameters.map(\.name)))
            }
            guard !values.contains(where: { $0.name == p.name }) else { throw LanguageError(.syntax, "\(p.name) is given twice", at: pn.range) }
            if case .literal(.null) = pv.kind, !p.isNullable {
                throw LanguageError(.typeMismatch, "\(p.name) (\(p.type.description)) may not be null", at: pv.range)
            }
            if let data = try structuredArgument(pv, parameter: p) {
                let literal: QueryLiteral
                do { literal = try data.queryLiteral(for: version) } catch let e as ValueConversionError {
                    throw LanguageError(.typeMismatch, "\(p.name): \(e.description)", at: pv.range)
                }
                values.append(Argument(name: p.name, literal: literal, data: data))
                continue
            }
            var t = ExprType.of(p.type.primitive)
            if case .enumeration(let en) = p.resolvedType { t = ExprType(enumType: en) }
            else if let prim = p.resolvedType.underlyingPrimitive { t = .of(prim) }
            t.origin = "\(p.name) (\(p.type.description))"
            let (x, _) = try typer.bindExpr(pv, ExpressionTyper.Context(type: nil, variables: [:]), expected: t)
            guard case .literal(let l) = x else { throw LanguageError(.typeMismatch, "a value is needed for \(p.name)", at: pv.range) }
            values.append(Argument(name: p.name, literal: l, data: nil))
        }
        let missing = parameters.filter { p in !p.isNullable && !values.contains { $0.name == p.name } }
        if let m = missing.first {
            throw LanguageError(.syntax, "\(n.text) needs the parameter \(m.name) (\(m.type.description))", at: n.range)
        }
        return values
    }

    /// The value of an argument for a collection, complex or entity parameter (`[...]`, `{...}` or null); nil for
    /// a parameter of a single primitive or enum type, which takes a literal.
    func structuredArgument(_ e: AST.Expr, parameter p: Parameter) throws -> DataValue? {
        let structured: Bool
        switch p.resolvedType {
        case .complex, .entity: structured = true
        default: structured = p.type.isCollection
        }
        guard structured else {
            if case .structured(let v) = e.kind {
                throw LanguageError(.typeMismatch, "\(p.name) takes one value of \(p.type.description), not \(v.shape)", at: e.range)
            }
            return nil
        }
        if case .literal(.null) = e.kind { return .null }
        guard case .structured(let v) = e.kind else {
            let want = p.type.isCollection ? "a collection: give [ ... ]" : "structured: give { ... }"
            throw LanguageError(.typeMismatch, "\(p.name) (\(p.type.description)) is \(want)", at: e.range)
        }
        return try parameterValue(v, type: p.type, resolved: p.resolvedType, name: p.name, element: false)
    }

    /// A `[...]`, `{...}` or scalar value typed by a parameter's type (or, with `element`, by its element type).
    func parameterValue(_ v: AST.Value, type: TypeReference, resolved: ResolvedType, name: String,
                                element: Bool) throws -> DataValue {
        if case .expr(let e) = v, case .literal(.null) = e.kind { return .null }
        if type.isCollection && !element {
            guard case .array(let items, _) = v else {
                throw LanguageError(.typeMismatch, "\(name) is a collection: give [ ... ]", at: v.range)
            }
            let values = try items.map { try parameterValue($0, type: type, resolved: resolved, name: name, element: true) }
            if case .entity = resolved {
                return .entityList(EntityValueList(values.compactMap { if case .entity(let x) = $0 { return x } else { return nil } }))
            }
            var elementType = type
            elementType.isCollection = false
            return .list(DataValueList(elementType: elementType, values))
        }
        switch resolved {
        case .complex(let c):
            let value = ComplexValue.ofType(c)
            try converter.fill(value, from: v, type: c)
            return .complex(value)
        case .entity(let t):
            guard case .object = v else {
                throw LanguageError(.typeMismatch, "\(name) takes \(t.name) entities written as { ... }", at: v.range)
            }
            let value = EntityValue.ofType(t, in: nil)
            try converter.fill(value, from: v, type: t)
            return .entity(value)
        default:
            guard case .expr(let e) = v else {
                throw LanguageError(.typeMismatch, "\(name) takes values of \(type.qualifiedName) here, not \(v.shape)", at: v.range)
            }
            var t = ExprType.of(type.primitive)
            if case .enumeration(let en) = resolved { t = ExprType(enumType: en) }
            else if let prim = resolved.underlyingPrimitive { t = .of(prim) }
            t.origin = "\(name) (\(type.qualifiedName))"
            let (x, _) = try typer.bindExpr(e, ExpressionTyper.Context(type: nil, variables: [:]), expected: t)
            guard case .literal(let l) = x else { throw LanguageError(.typeMismatch, "a value is needed for \(name)", at: e.range) }
            return try converter.dataValue(l, at: e.range)
        }
    }
}
