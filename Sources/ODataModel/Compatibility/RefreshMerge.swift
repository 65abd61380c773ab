/// Turns the newer document of a compatible comparison into the refreshed model: marks added elements
/// `isExtension`, carries removed ones over (marked `isRemoved`) into the matching parents and re-links them to the
/// newer document's types, so that look-ups by name still find them.
struct RefreshMerge {
    let comparison: MetadataComparison
    private var doc: CsdlDocument { comparison.new }

    init(_ comparison: MetadataComparison) { self.comparison = comparison }

    func apply() {
        for e in comparison.additions { mark(e) { $0.isExtension = true } }
        var schemas: [String: CsdlSchema] = [:]
        for s in doc.schemas where schemas[s.namespace] == nil { schemas[s.namespace] = s }
        func schema(_ namespace: String) -> CsdlSchema {
            if let s = schemas[namespace] { return s }
            // The whole schema is gone: a stand-in, itself removed, holds what is carried over.
            let s = CsdlSchema(namespace: namespace, alias: nil)
            s.isRemoved = true
            doc.schemas.append(s)
            schemas[namespace] = s
            return s
        }
        var carriedTypes: [StructuredType] = []
        for r in comparison.removals {
            switch r {
            case .schemaElement(let e):
                mark(e) { $0.isRemoved = true }
                let s = schema(e.namespace)
                switch e {
                case let t as EntityType: s.add(t); carriedTypes.append(t)
                case let t as ComplexType: s.add(t); carriedTypes.append(t)
                case let t as EnumType: s.add(t)
                case let t as TypeDefinition: s.add(t)
                case let t as Term: s.add(t)
                case let c as EntityContainer:
                    s.add(c)
                    for set in c.entitySets { register(set) }
                    for set in c.singletons { register(set) }
                    for f in c.functionImports { register(f) }
                    for a in c.actionImports { register(a) }
                default: continue
                }
                if doc.schemaElements[e.qualifiedName] == nil {
                    // Assigned whole, never changed in place (see `CsdlElement` on storage).
                    var table = doc.schemaElements
                    table[e.qualifiedName] = e
                    doc.schemaElements = table
                }
            case .operation(let o):
                mark(o) { $0.isRemoved = true }
                schema(o.namespace).add(o)
                doc.operationsByName[o.qualifiedName, default: []].append(o)
                for p in o.parameters { p.resolvedType = doc.resolveQualifiedType(p.type.qualifiedName) }
            case .property(let p, let t):
                p.isRemoved = true
                t.addProperty(p)
                _ = t.indexMembers()
                p.resolvedType = doc.resolveQualifiedType(p.type.qualifiedName)
            case .navigation(let n, let t):
                n.isRemoved = true
                t.addNavigationProperty(n)
                _ = t.indexMembers()
                n.target = doc.schemaElements[n.type.qualifiedName] as? EntityType
            case .member(let m, let e):
                m.isRemoved = true
                e.addMember(m)
                _ = e.indexMembers()
            case .containerElement(let e, let c):
                mark(e) { $0.isRemoved = true }
                switch e {
                case let s as EntitySet: c.add(s); register(s)
                case let s as Singleton: c.add(s); register(s)
                case let f as FunctionImport: c.add(f); register(f)
                case let a as ActionImport: c.add(a); register(a)
                default: break
                }
            }
        }
        // Carried types point at the older document's types: point them at the newer one's.
        for t in carriedTypes {
            t.directDerivedTypes = []
            t.baseType = nil
        }
        for t in carriedTypes {
            if let b = t.baseTypeName, let base = doc.schemaElements[b.qualifiedName] as? StructuredType, (base is EntityType) == (t is EntityType) {
                t.baseType = base
                base.directDerivedTypes.append(t)
            }
            for p in t.ownProperties { p.resolvedType = doc.resolveQualifiedType(p.type.qualifiedName) }
            for n in t.ownNavigationProperties { n.target = doc.schemaElements[n.type.qualifiedName] as? EntityType }
        }
    }

    private func register(_ e: CsdlElement) {
        switch e {
        case let s as EntitySet:
            if doc.entitySetsByName[s.name] == nil { doc.entitySetsByName[s.name] = s }
            s.entityTypeIfResolved = doc.schemaElements[s.type.qualifiedName] as? EntityType
        case let s as Singleton:
            if doc.singletonsByName[s.name] == nil { doc.singletonsByName[s.name] = s }
            s.entityTypeIfResolved = doc.schemaElements[s.type.qualifiedName] as? EntityType
        case let f as FunctionImport:
            if doc.functionImportsByName[f.name] == nil { doc.functionImportsByName[f.name] = f }
            if let fn = f.function { f.resolvedFunctions = doc.operationsByName[doc.resolveAlias(fn)]?.filter { $0.kind == .function } ?? [] }
        case let a as ActionImport:
            if doc.actionImportsByName[a.name] == nil { doc.actionImportsByName[a.name] = a }
            a.resolvedActions = doc.operationsByName[doc.resolveAlias(a.action)]?.filter { $0.kind == .action } ?? []
        default: break
        }
    }

    /// Sets a mark on an element and on what it contains (an added type's properties are new too).
    private func mark(_ e: CsdlElement, _ set: (CsdlElement) -> Void) {
        set(e)
        switch e {
        case let t as StructuredType:
            t.ownProperties.forEach(set); t.ownNavigationProperties.forEach(set)
        case let t as EnumType:
            t.members.forEach(set)
        case let o as Operation:
            o.parameters.forEach(set)
        case let c as EntityContainer:
            c.entitySets.forEach(set); c.singletons.forEach(set)
            c.functionImports.forEach { set($0); $0.parameters.forEach(set) }
            c.actionImports.forEach(set)
        case let f as FunctionImport:
            f.parameters.forEach(set)
        default: break
        }
    }
}
