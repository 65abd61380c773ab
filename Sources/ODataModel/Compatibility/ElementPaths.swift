/// The element paths a comparison report uses (`NS.Customer/CompanyName`, `Container/Customers`, `NS.Color/Red`,
/// `NS.GetTop(Edm.Int32)/top`), for every element of a document: how callers name elements, for example to
/// pre-approve removing one (`canBeRemoved`).
public enum ElementPaths {
    /// Every element of the document by its path (the first one where a name is declared twice).
    public static func index(_ doc: CsdlDocument) -> [String: CsdlElement] {
        var out: [String: CsdlElement] = [:]
        forEach(doc) { path, e in if out[path] == nil { out[path] = e } }
        return out
    }

    /// Calls `body` with every element of the document and its path, schema by schema in document order (types and
    /// their members, enums, type definitions, terms, operations and parameters, containers and their children).
    public static func forEach(_ doc: CsdlDocument, _ body: (String, CsdlElement) -> Void) {
        for s in doc.schemas {
            for t in s.entityTypes as [StructuredType] + s.complexTypes {
                body(t.qualifiedName, t)
                for p in t.ownProperties { body("\(t.qualifiedName)/\(p.name)", p) }
                for n in t.ownNavigationProperties { body("\(t.qualifiedName)/\(n.name)", n) }
            }
            for e in s.enumTypes {
                body(e.qualifiedName, e)
                for m in e.members { body("\(e.qualifiedName)/\(m.name)", m) }
            }
            for t in s.typeDefinitions { body(t.qualifiedName, t) }
            for t in s.terms { body(t.qualifiedName, t) }
            for o in s.actions + s.functions {
                let sig = o.signature
                body(sig, o)
                for p in o.parameters { body("\(sig)/\(p.name)", p) }
            }
            for c in s.entityContainers {
                body(c.name, c)
                for e in c.entitySets as [CsdlElement] + c.singletons + c.actionImports { body("\(c.name)/\(e.name)", e) }
                for f in c.functionImports {
                    body("\(c.name)/\(f.name)", f)
                    for p in f.parameters { body("\(c.name)/\(f.name)/\(p.name)", p) }
                }
            }
        }
    }
}
