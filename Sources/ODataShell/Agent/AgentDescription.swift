import ODataModel

/// The model as an agent reads it: compact JSON of the sets, and of one set, type or operation, with what a
/// statement needs (names, types, keys, labels, units, value help, navigation) and what the service allows. The
/// shell's `.describe --json` keeps every annotation; this keeps what fits a model's context.
struct AgentDescription {
    let document: CsdlDocument

    /// Sets listed at most; a filter finds the others.
    static let maxSets = 300

    /// The entity sets and singletons whose name or label contains `filter` (any case).
    func sets(filter: String) -> String {
        let needle = filter.lowercased()
        let elements = (document.entitySets as [ContainerElement] + document.singletons).filter { e in
            needle.isEmpty || e.name.lowercased().contains(needle) || (ModelSearch.label(of: e)?.lowercased().contains(needle) ?? false)
        }
        var w = JSONWriter(pretty: false)
        w.beginObject()
        w.number("total", elements.count)
        w.beginArray("sets")
        for e in elements.prefix(Self.maxSets) {
            w.beginObject()
            w.string("name", e.name)
            if e is Singleton { w.string("kind", "singleton") }
            w.string("type", e.type.qualifiedName)
            if let label = ModelSearch.label(of: e) { w.string("label", label) }
            w.endObject()
        }
        w.endArray()
        if elements.count > Self.maxSets {
            w.string("note", "the first \(Self.maxSets) of \(elements.count): give filter to find the others")
        }
        let functions = document.functionImports.map(\.name) + document.functions.filter { !$0.isBound }.map(\.name)
        let actions = document.actionImports.map(\.name)
        if !functions.isEmpty && needle.isEmpty { list("functions", Array(Set(functions)).sorted(), &w) }
        if !actions.isEmpty && needle.isEmpty { list("actions", actions.sorted(), &w) }
        w.endObject()
        return w.output
    }

    private func list(_ key: String, _ names: [String], _ w: inout JSONWriter) {
        w.beginArray(key)
        for n in names.prefix(Self.maxSets) { w.string(nil, n) }
        w.endArray()
    }

    /// One set, singleton, type, function or action (or `Set/Property`): an unknown name is refused with the
    /// names it could have meant.
    func describe(_ name: String) throws -> String {
        let target = try ElementDescription(doc: document).find(name)
        var w = JSONWriter(pretty: false)
        switch target {
        case .set(let s, let type):
            w.beginObject()
            w.string("kind", s is Singleton ? "singleton" : "entitySet")
            w.string("name", s.name)
            if let label = ModelSearch.label(of: s) { w.string("label", label) }
            allows(s, &w)
            if let type { structured(type, &w, key: "type", set: s as? EntitySet) }
            w.endObject()
        case .structured(let t):
            structured(t, &w, key: nil, set: nil)
        case .property(let p, let owner):
            w.beginObject()
            w.string("owner", owner.qualifiedName)
            property(p, &w)
            w.endObject()
        case .enumeration(let e):
            w.beginObject()
            w.string("kind", "enumType"); w.string("name", e.qualifiedName); w.bool("flags", e.isFlags)
            w.beginArray("members"); for m in e.members { w.string(nil, m.name) }; w.endArray()
            w.endObject()
        case .typeDefinition(let t):
            w.beginObject()
            w.string("kind", "typeDefinition"); w.string("name", t.qualifiedName); w.string("underlyingType", t.underlyingType.qualifiedName)
            w.endObject()
        case .operations(let ops):
            w.beginArray()
            for o in ops {
                w.beginObject()
                w.string("kind", o.kind.rawValue); w.string("name", o.qualifiedName)
                if o.isBound, let binding = o.parameters.first { w.string("boundTo", binding.type.description) }
                parameters(o.isBound ? Array(o.parameters.dropFirst()) : o.parameters, &w)
                if let r = o.returnType { w.string("returns", r.type.description) }
                w.string("call", example(o))
                w.endObject()
            }
            w.endArray()
        case .functionImport(let f):
            w.beginObject()
            w.string("kind", "function"); w.string("name", f.name)
            if let m = f.httpMethod, m.uppercased() != "GET" { w.string("httpMethod", m); w.string("tool", "action") }
            parameters(f.parameters, &w)
            if let r = f.returnType { w.string("returns", r.type.description) }
            if let label = ModelSearch.label(of: f) { w.string("label", label) }
            w.endObject()
        case .actionImport(let a):
            w.beginObject()
            w.string("kind", "action"); w.string("name", a.name)
            if let op = document.operations(named: a.action).first {
                parameters(op.parameters, &w)
                if let r = op.returnType { w.string("returns", r.type.description) }
            }
            w.endObject()
        }
        return w.output
    }

    private func example(_ o: Operation) -> String {
        let params = (o.isBound ? Array(o.parameters.dropFirst()) : o.parameters).map { "\($0.name)=…" }.joined(separator: ", ")
        return (o.isBound ? "Set(key)/\(o.qualifiedName)" : "call \(o.name)") + "(\(params))"
    }

    /// What the service says it allows on a set: SAP's flags and the Capabilities vocabulary.
    private func allows(_ s: ContainerElement, _ w: inout JSONWriter) {
        var no: [String] = []
        if !s.sap.creatable || restricted(s, "InsertRestrictions", "Insertable") { no.append("insert") }
        if !s.sap.updatable || restricted(s, "UpdateRestrictions", "Updatable") { no.append("update") }
        if !s.sap.deletable || restricted(s, "DeleteRestrictions", "Deletable") { no.append("delete") }
        if s.sap["countable"] == "false" || restricted(s, "CountRestrictions", "Countable") { no.append("count") }
        if !s.sap.pageable { no.append("top and skip") }
        if !s.sap.addressable { no.append("direct reads (only through navigation)") }
        if !no.isEmpty { w.beginArray("notAllowed"); for n in no { w.string(nil, n) }; w.endArray() }
        if s.sap.searchable { w.bool("searchable", true) }
    }

    private func restricted(_ e: CsdlElement, _ term: String, _ property: String) -> Bool {
        e.recordValue(of: VocabularyTerm.capabilities(term), property: property)?.text == "false"
    }

    /// Paths a Capabilities restriction lists (`FilterRestrictions/NonFilterableProperties`).
    private func paths(_ e: CsdlElement?, _ term: String, _ property: String) -> Set<String> {
        Set(e?.recordValue(of: VocabularyTerm.capabilities(term), property: property)?.items.compactMap(\.text) ?? [])
    }

    private func structured(_ t: StructuredType, _ w: inout JSONWriter, key: String?, set: EntitySet?) {
        w.beginObject(key)
        w.string("kind", t is EntityType ? "entityType" : "complexType")
        w.string("name", t.qualifiedName)
        if let b = t.baseTypeName { w.string("baseType", b.qualifiedName) }
        if let e = t as? EntityType { w.beginArray("key"); for k in e.allKeyNames { w.string(nil, k) }; w.endArray() }
        let noFilter = paths(set, "FilterRestrictions", "NonFilterableProperties")
        let noSort = paths(set, "SortRestrictions", "NonSortableProperties")
        let required = paths(set, "FilterRestrictions", "RequiredProperties")
        w.beginArray("properties")
        for p in t.properties {
            w.beginObject()
            property(p, &w)
            if !p.sap.filterable || noFilter.contains(p.name) { w.bool("filterable", false) }
            if !p.sap.sortable || noSort.contains(p.name) { w.bool("sortable", false) }
            if p.sap.requiredInFilter || required.contains(p.name) { w.bool("requiredInFilter", true) }
            w.endObject()
        }
        w.endArray()
        if !t.navigationProperties.isEmpty {
            w.beginArray("navigation")
            for n in t.navigationProperties {
                w.beginObject()
                w.string("name", n.name); w.string("target", n.type.qualifiedName)
                if n.isCollection { w.bool("many", true) }
                if let label = ModelSearch.label(of: n) { w.string("label", label) }
                w.endObject()
            }
            w.endArray()
        }
        if !t.derivedTypes.isEmpty { w.beginArray("derivedTypes"); for d in t.derivedTypes { w.string(nil, d.qualifiedName) }; w.endArray() }
        w.endObject()
    }

    private func property(_ p: Property, _ w: inout JSONWriter) {
        w.string("name", p.name)
        w.string("type", p.typeDescription)
        if p.isKey { w.bool("key", true) }
        if !p.isNullable { w.bool("nullable", false) }
        if let m = p.facets.maxLength { w.string("maxLength", m.description) }
        if let label = ModelSearch.label(of: p) { w.string("label", label) }
        if let u = p.unitReference { w.string(u.kind.rawValue, PropertySemantics.text(u.source)) }
        if let t = p.textPath { w.string("text", t) }
        if p.hasValueHelp {
            w.string("valueHelp", p.valueLists.first.map(\.collectionPath) ?? (p.hasFixedValues ? "fixed values" : "yes"))
        }
        if !p.sap.updatable { w.bool("updatable", false) }
        if !p.sap.creatable { w.bool("creatable", false) }
    }

    private func parameters(_ ps: [Parameter], _ w: inout JSONWriter) {
        w.beginArray("parameters")
        for p in ps {
            w.beginObject(); w.string("name", p.name); w.string("type", p.type.description)
            if !p.isNullable { w.bool("nullable", false) }
            w.endObject()
        }
        w.endArray()
    }
}
