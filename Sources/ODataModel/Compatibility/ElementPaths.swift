/// The element paths a comparison report uses (`NS.Customer/CompanyName`, `Container/Customers`, `NS.Color/Red`,
/// `NS.GetTop(Edm.Int32)/top`), for every element of a document: how callers name elements, for example to
/// pre-approve removing one (`canBeRemoved`).
public enum ElementPaths {
    /// Every element of the document by its path (the first one where a name is declared twice).
    public static func index(_ doc: CsdlDocument) -> [String: CsdlElement] {
        var out: [String: CsdlElement] = [:]
        func put(_ path: String, _ e: CsdlElement) { if out[path] == nil { out[path] = e } }
        for s in doc.schemas {
            for t in s.entityTypes as [StructuredType] + s.complexTypes {
                put(t.qualifiedName, t)
                for p in t.ownProperties { put("\(t.qualifiedName)/\(p.name)", p) }
                for n in t.ownNavigationProperties { put("\(t.qualifiedName)/\(n.name)", n) }
            }
            for e in s.enumTypes {
                put(e.qualifiedName, e)
                for m in e.members { put("\(e.qualifiedName)/\(m.name)", m) }
            }
            for t in s.typeDefinitions { put(t.qualifiedName, t) }
            for t in s.terms { put(t.qualifiedName, t) }
            for o in s.actions + s.functions {
                let sig = o.signature
                put(sig, o)
                for p in o.parameters { put("\(sig)/\(p.name)", p) }
            }
            for c in s.entityContainers {
                put(c.name, c)
                for e in c.entitySets as [CsdlElement] + c.singletons + c.actionImports { put("\(c.name)/\(e.name)", e) }
                for f in c.functionImports {
                    put("\(c.name)/\(f.name)", f)
                    for p in f.parameters { put("\(c.name)/\(f.name)/\(p.name)", p) }
                }
            }
        }
        return out
    }
}
