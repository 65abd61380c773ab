import ODataModel

/// `odsh metadata sets`: entity sets and singletons with their types, sizes, keys and SAP labels.
struct EntitySetListing {
    let doc: CsdlDocument

    private var elements: [ContainerElement] { doc.entitySets as [ContainerElement] + doc.singletons }

    /// The listing; on a terminal (`width`) fitted to it, long names and labels cut, else whole.
    func text(width: Int? = TextTable.stdoutWidth) -> String {
        var t = TextTable(headers: ["NAME", "KIND", "ENTITY TYPE", "PROPS", "NAV", "KEY", "LABEL"])
        t.rightAligned = [3, 4]
        t.flexible = [5, 6]
        for e in elements {
            let type = e.entityTypeIfResolved
            t.add([e.name + ElementMarks.text(e), e is Singleton ? "singleton" : "set", e.type.qualifiedName,
                   type.map { String($0.properties.count) } ?? "?", type.map { String($0.navigationProperties.count) } ?? "?",
                   type?.allKeyNames.joined(separator: ",") ?? "", e.sap.label ?? ""])
        }
        return t.render(width: width) + "\(doc.entitySets.count) entity sets, \(doc.singletons.count) singletons\n"
    }

    func json() -> String {
        var w = JSONWriter()
        w.beginArray()
        for e in elements {
            let type = e.entityTypeIfResolved
            w.beginObject()
            w.string("name", e.name)
            w.string("kind", e is Singleton ? "singleton" : "entitySet")
            w.string("entityType", e.type.qualifiedName)
            w.number("properties", type?.properties.count)
            w.number("navigationProperties", type?.navigationProperties.count)
            w.beginArray("key"); for k in type?.allKeyNames ?? [] { w.string(nil, k) }; w.endArray()
            w.string("label", e.sap.label)
            ElementMarks.json(e, &w)
            w.endObject()
        }
        w.endArray()
        return w.output + "\n"
    }
}

/// Marks left by a metadata refresh and by validation.
enum ElementMarks {
    static func text(_ e: CsdlElement) -> String {
        var s = ""
        if e.isExtension { s += " (added)" }
        if e.isRemoved { s += " (removed)" }
        if !e.problems.isEmpty { s += " (!)" }
        return s
    }
    static func json(_ e: CsdlElement, _ w: inout JSONWriter) {
        if e.isExtension { w.bool("isExtension", true) }
        if e.isRemoved { w.bool("isRemoved", true) }
        if !e.problems.isEmpty {
            w.beginArray("problems"); for p in e.problems { w.string(nil, p.message) }; w.endArray()
        }
        if !e.fixedFacets.isEmpty {
            w.beginArray("fixedFacets"); for f in e.fixedFacets.sorted() { w.string(nil, f) }; w.endArray()
        }
    }
}
