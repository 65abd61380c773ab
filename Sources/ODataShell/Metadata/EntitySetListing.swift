import ODataModel

/// `odsh metadata sets`: entity sets and singletons with their types, sizes, keys and SAP labels.
struct EntitySetListing {
    let doc: CsdlDocument

    private var elements: [ContainerElement] { doc.entitySets as [ContainerElement] + doc.singletons }

    /// The listing; on a terminal (`width`) fitted to it, long names and labels cut, else whole.
    func text(width: Int?) -> String {
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
