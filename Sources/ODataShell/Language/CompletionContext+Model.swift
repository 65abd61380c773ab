import ODataModel

extension CompletionContext.Scope {
    /// The structured type the scope reaches in a model: the resource path's type, then along the navigation
    /// (and complex) path; nil when a name does not resolve.
    func structuredType(in doc: CsdlDocument) -> StructuredType? {
        guard let first = resource.first else { return nil }
        var t: StructuredType?
        if let s = try? doc.entitySet(withName: first) { t = s.entityTypeIfResolved }
        else if let s = try? doc.singleton(withName: first) { t = s.entityTypeIfResolved }
        for name in resource.dropFirst() + navigation {
            guard let cur = t else { return nil }
            if let n = cur.navigationProperty(named: name) { t = n.target }
            else if let p = cur.structuralProperty(named: name), case .complex(let c) = p.resolvedType { t = c }
            else if let cast = doc.structuredType(withName: name), cast.isSubtype(of: cur) { t = cast }
            else if let op = doc.operations(named: name).first(where: { $0.isBound && $0.kind == .function }),
                    let rt = op.returnType, let r = doc.structuredType(withName: rt.type.qualifiedName) { t = r }
            else { return nil }
        }
        return t
    }

    /// Whether the scope's navigation path ends in a collection: a collection-valued navigation property or a
    /// collection property (what `any`, `all` and `$count` follow).
    func endsInCollection(in doc: CsdlDocument) -> Bool {
        guard let last = navigation.last else { return false }
        let parent = CompletionContext.Scope(resource: resource, navigation: Array(navigation.dropLast()))
        guard let t = parent.structuredType(in: doc) else { return false }
        if let n = t.navigationProperty(named: last) { return n.isCollection }
        return t.structuralProperty(named: last)?.isCollection ?? false
    }

    /// The navigation property the scope ends with (a body member that binds an existing entity).
    func navigationProperty(in doc: CsdlDocument) -> NavigationProperty? {
        guard let last = navigation.last else { return nil }
        let parent = CompletionContext.Scope(resource: resource, navigation: Array(navigation.dropLast()))
        return parent.structuredType(in: doc)?.navigationProperty(named: last)
    }

    /// Where the resource path so far leads: the entity type and whether it is a collection; nil when it leads to
    /// no entities (a property, a value) or a name does not resolve.
    /// `keyed`: for each segment of `resource`, whether a key followed it.
    func resourceEnd(in doc: CsdlDocument, keyed: [Bool]) -> (type: EntityType, isCollection: Bool)? {
        guard let first = resource.first else { return nil }
        var type: EntityType
        var many: Bool
        if let s = try? doc.entitySet(withName: first), let t = s.entityTypeIfResolved { type = t; many = true }
        else if let s = try? doc.singleton(withName: first), let t = s.entityTypeIfResolved { type = t; many = false }
        else { return nil }
        for (i, name) in resource.enumerated() {
            if i > 0 {
                if let n = type.navigationProperty(named: name), let t = n.target {
                    guard !many else { return nil }
                    type = t; many = n.isCollection
                } else if let cast = try? doc.entityType(withName: name), cast.isSubtype(of: type) {
                    type = cast
                } else if let op = doc.operations(named: name).first(where: { $0.isBound && $0.kind == .function }),
                          let rt = op.returnType, case .entity(let t) = doc.resolveType(rt.type.qualifiedName) {
                    type = t; many = rt.type.isCollection
                } else {
                    return nil
                }
            }
            if i < keyed.count, keyed[i] { many = false }
        }
        return (type, many)
    }

    /// The property the scope ends with (for `value(comparedWith:)`), when there is one.
    func property(in doc: CsdlDocument) -> Property? {
        guard let last = navigation.last else { return nil }
        let parent = CompletionContext.Scope(resource: resource, navigation: Array(navigation.dropLast()))
        return parent.structuredType(in: doc)?.structuralProperty(named: last)
    }

    /// The enumeration type of the property the scope ends with: its members are the values to offer.
    func enumType(in doc: CsdlDocument) -> EnumType? {
        if case .enumeration(let e)? = property(in: doc)?.resolvedType { return e }
        return nil
    }
}
