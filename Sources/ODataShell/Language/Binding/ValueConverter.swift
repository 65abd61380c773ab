import ODataClient
import ODataModel
import ODataQuery

/// Converts the values of bodies, `{ ... }` and `[ ... ]`, into the library's values (DataValue, EntityValue,
/// ComplexValue), each typed by its property; related entities become deep inserts or bindings by key.
struct ValueConverter: BinderPart {
    let document: CsdlDocument

    /// Sets the properties of a `{ ... }` body on an entity or complex value, each typed by its property.
    func fill(_ target: StructureBase, from v: AST.Value, type: StructuredType) throws {
        guard case .object(let members, _) = v else { throw LanguageError(.typeMismatch, "expected { ... }", at: v.range) }
        var seen = Set<String>()
        for m in members {
            if let nav = type.navigationProperty(named: m.name.text), let entity = target as? EntityValue {
                guard seen.insert(nav.name).inserted else { throw LanguageError(.syntax, "\(nav.name) is given twice", at: m.name.range) }
                try fill(entity, nav, from: m.value)
                continue
            }
            guard let p = type.structuralProperty(named: m.name.text) else {
                throw unknownProperty(m.name, in: type)
            }
            guard seen.insert(p.name).inserted else { throw LanguageError(.syntax, "\(p.name) is given twice", at: m.name.range) }
            do {
                try target.setValue(p, to: try dataValue(m.value, property: p))
            } catch let e as ValueConversionError {
                throw LanguageError(.typeMismatch, "\(p.name): \(e.description)", at: m.value.range)
            }
        }
    }

    /// A navigation property in a body: new related entities (`{...}`, or `[{...}, ...]` for a collection: a deep
    /// insert), or existing ones by set and key (`Categories(1)`, `[Products(1), Products(2)]`: bound, V4
    /// `@odata.bind`, V2 `__metadata.uri`).
    func fill(_ entity: EntityValue, _ nav: NavigationProperty, from v: AST.Value) throws {
        guard let targetType = nav.target else {
            throw LanguageError(.unknownName, "the target type of \(nav.name) is not in the metadata", at: v.range)
        }
        let targetSet = entity.entitySet.flatMap { s in s.bindingTarget(for: nav.name).flatMap { try? document.entitySet(withName: $0) } }
        func newEntity(_ item: AST.Value) throws -> EntityValue {
            let child = EntityValue.ofType(targetType, in: targetSet)
            try fill(child, from: item, type: targetType)
            return child
        }
        switch v {
        case .object:
            guard !nav.isCollection else { throw LanguageError(.typeMismatch, "\(nav.name) is a collection: give [ {...}, ... ]", at: v.range) }
            try entity.setValue(nav, to: .entity(try newEntity(v)))
        case .array(let items, _):
            guard nav.isCollection else { throw LanguageError(.typeMismatch, "\(nav.name) is one entity: give {...} or Set(key)", at: v.range) }
            var created: [EntityValue] = []
            for item in items {
                if case .expr(let e) = item { entity.bind(nav, to: try reference(e, to: targetType)) } else { created.append(try newEntity(item)) }
            }
            if !created.isEmpty { try entity.setValue(nav, to: .entityList(EntityValueList(created))) }
        case .expr(let e):
            guard !nav.isCollection else { throw LanguageError(.typeMismatch, "\(nav.name) is a collection: give [ ... ]", at: e.range) }
            entity.bind(nav, to: try reference(e, to: targetType))
        }
    }

    /// `Categories(1)` or `Order_Details(OrderID=1, ProductID=2)` in a body: the existing entity's URL relative to the
    /// service root, its key checked and written as the service's version needs.
    func reference(_ e: AST.Expr, to type: EntityType) throws -> String {
        try writer().relativeURL(for: try referenceQuery(e, to: type))
    }

    /// `Categories(1)` as the query of that entity, its key checked.
    func referenceQuery(_ e: AST.Expr, to type: EntityType) throws -> DataQuery {
        guard case .call(let setName, let args) = e.kind else {
            throw LanguageError(.syntax, "an existing entity is given by its set and key, as in Categories(1)", at: e.range)
        }
        guard let set = try? document.entitySet(withName: setName.text) else {
            throw LanguageError(.unknownName, "no entity set named \(setName.text)", at: setName.range,
                                suggestions: NameSuggester.closest(to: setName.text, in: document.entitySets.map(\.name)))
        }
        guard let setType = set.entityTypeIfResolved, setType.isSubtype(of: type) || type.isSubtype(of: setType) else {
            throw LanguageError(.typeMismatch, "\(set.name) holds no \(type.name) entities", at: setName.range)
        }
        var values: [(name: AST.Name?, value: AST.Expr)] = []
        for a in args {
            if case .binary(.eq, let l, let r) = a.kind, case .path(let names) = l.kind, names.count == 1 {
                values.append((names[0], r))
            } else {
                values.append((nil, a))
            }
        }
        let key = try keys.bindKey(AST.Key(values: values, range: e.range), type: setType)
        return DataQuery().from(set).withKey(key)
    }


    /// A body value as the library's value of the property's type.
    func dataValue(_ v: AST.Value, property p: Property, element: Bool = false) throws -> DataValue {
        if case .expr(let e) = v, case .literal(.null) = e.kind { return .null }
        if p.isCollection && !element {
            guard case .array(let items, _) = v else {
                throw LanguageError(.typeMismatch, "\(p.name) is a collection: give [ ... ]", at: v.range)
            }
            var element = p.type
            element.isCollection = false
            return .list(DataValueList(elementType: element, try items.map { try dataValue($0, property: p, element: true) }))
        }
        if case .complex(let c) = p.resolvedType {
            let value = ComplexValue.ofType(c)
            try fill(value, from: v, type: c)
            return .complex(value)
        }
        guard case .expr(let e) = v else { throw LanguageError(.typeMismatch, "\(p.name) takes a single value", at: v.range) }
        return try dataValue(try typer.bindValue(e, to: p), at: e.range)
    }

    /// A typed literal as the library's value (an enum member with its type's value).
    func dataValue(_ l: QueryLiteral, at r: SourceRange) throws -> DataValue {
        if case .enumMember(let typeName, let member) = l {
            let type = try? document.enumType(withName: typeName)
            let value = member.split(separator: ",").reduce(Int64(0)) { $0 | (type?.member(named: String($1).trimmingBlanks())?.value ?? 0) }
            return .enumValue(EnumValue(type: type, name: member, value: value))
        }
        do { return try DataValue(l) } catch let e as ValueConversionError {
            throw LanguageError(.typeMismatch, e.description, at: r)
        }
    }
}
