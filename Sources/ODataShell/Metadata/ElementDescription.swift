import ODataModel

/// `odsh metadata describe NAME`: an entity set, singleton, type, function or action in detail.
struct ElementDescription {
    let doc: CsdlDocument

    enum Target {
        case set(ContainerElement, EntityType?)
        case structured(StructuredType)
        case enumeration(EnumType)
        case typeDefinition(TypeDefinition)
        case operations([Operation])
        case functionImport(FunctionImport)
        case actionImport(ActionImport)
        /// `Orders/Freight`, `Order/Customer/City`: a property of a set's or type's entities (through navigation).
        case property(Property, owner: StructuredType)
    }

    /// Finds what a name refers to: a set or singleton first, then types, then operations and imports.
    func find(_ name: String) throws -> Target {
        if name.contains("/"), !name.hasPrefix("/") { return try findProperty(name) }
        if let s = doc.entitySets.first(where: { $0.name == name }) { return .set(s, s.entityTypeIfResolved) }
        if let s = doc.singletons.first(where: { $0.name == name }) { return .set(s, s.entityTypeIfResolved) }
        if let t = doc.structuredType(withName: name) { return .structured(t) }
        if let t = try? doc.enumType(withName: name) { return .enumeration(t) }
        if let t = doc.schemaElement(named: name) as? TypeDefinition ?? doc.typeDefinitions.first(where: { $0.name == name }) {
            return .typeDefinition(t)
        }
        let ops = doc.operations(named: name)
        if !ops.isEmpty { return .operations(ops) }
        if let f = doc.functionImport(withName: name) { return .functionImport(f) }
        if let a = doc.actionImport(withName: name) { return .actionImport(a) }
        // Case-insensitive match as a courtesy, then suggestions.
        var all: [String] = doc.entitySets.map(\.name) + doc.singletons.map(\.name)
        all += doc.entityTypes.map(\.name) + doc.complexTypes.map(\.name) + doc.enumTypes.map(\.name)
        all += (doc.functions + doc.actions).map(\.name) + doc.functionImports.map(\.name) + doc.actionImports.map(\.name)
        if let exact = all.first(where: { $0.lowercased() == name.lowercased() }), exact != name { return try find(exact) }
        var message = "no entity set, type, function or action named \(name)"
        let suggestions = NameSuggester.closest(to: name, in: all)
        // A member's name: say whose it is; else point to the search of labels and descriptions.
        let members = ModelSearch(document: doc).matches(name).filter { $0.rank == 0 && ($0.kind == .property || $0.kind == .navigationProperty) }
        if let first = members.first {
            let owners = members.compactMap(\.owner)
            message += ": it is a \(first.kind.words) of " + owners.prefix(3).joined(separator: ", ") + (owners.count > 3 ? " and \(owners.count - 3) more" : "")
        } else if suggestions.isEmpty {
            message += " (.find \(name) searches names, labels and descriptions)"
        }
        throw ModelLookupError(name: name, message: message, suggestions: suggestions)
    }

    /// `Set/Property` or `Type/Property`, through navigation properties (`Orders/Customer/City`).
    private func findProperty(_ path: String) throws -> Target {
        let segments = path.split(separator: "/").map(String.init)
        var type: StructuredType
        switch try find(segments[0]) {
        case .set(_, let t?): type = t
        case .structured(let t): type = t
        default: throw ModelLookupError(name: path, message: "\(segments[0]) has no properties: \(path) names nothing")
        }
        for (i, segment) in segments.dropFirst().enumerated() {
            let last = i == segments.count - 2
            if last, let p = type.structuralProperty(named: segment) { return .property(p, owner: type) }
            if let n = type.navigationProperty(named: segment), let target = doc.structuredType(withName: n.type.qualifiedName) {
                if last { return .structured(target) }
                type = target
                continue
            }
            let names = type.properties.map(\.name) + type.navigationProperties.map(\.name)
            throw ModelLookupError(name: segment, message: "\(type.qualifiedName) has no \(last ? "property" : "navigation property") \(segment)",
                                   suggestions: NameSuggester.closest(to: segment, in: names))
        }
        return .structured(type)
    }

    // MARK: Text

    /// The target described; tables fitted to `width` (nil: whole, for a pipe or a file).
    func text(_ target: Target, width: Int?) -> String {
        switch target {
        case .set(let s, let setType):
            var out = "\(s is Singleton ? "Singleton" : "EntitySet") \(t(s.name))\(ElementMarks.text(s)): \(t(s.type.qualifiedName))\n"
            out += sapLine(s)
            if let columns = LineItemColumns.of(s) { out += "  line item: " + columns.paths.map(t).joined(separator: ", ") + "\n" }
            out += annotationLines(s.annotations)
            if !s.navigationPropertyBindings.isEmpty {
                out += "  bindings:\n"
                for b in s.navigationPropertyBindings { out += "    \(t(b.path)) → \(t(b.target))\n" }
            }
            for p in s.problems { out += "  ! \(t(p.message))\n" }
            if let type = setType { out += "\n" + text(.structured(type), width: width) }
            return out
        case .property(let p, let owner):
            var out = "Property \(t(owner.qualifiedName))/\(t(p.name))\(ElementMarks.text(p)): \(t(p.typeDescription))"
            out += p.isNullable ? " (nullable)\n" : " (not nullable)\n"
            if p.isKey { out += "  key of \(t(owner.name))\n" }
            if let label = p.sap.label { out += "  label: \(t(label))\n" }
            var notes = PropertySemantics(p).notes
            notes += p.sap.all.filter { $0.key != "label" }.sorted { $0.key < $1.key }.map { "sap:\($0.key)=\($0.value)" }
            if p.concurrencyMode == "Fixed" { notes.append("etag") }
            for n in notes { out += "  \(t(n))\n" }
            out += annotationLines(p.annotations)
            for problem in p.problems { out += "  ! \(t(problem.message))\n" }
            return out
        case .structured(let type):
            var out = "\(type is EntityType ? "EntityType" : "ComplexType") \(t(type.qualifiedName))\(ElementMarks.text(type))"
            if let b = type.baseTypeName { out += " : \(t(b.qualifiedName))" }
            var flags: [String] = []
            if type.isAbstract { flags.append("abstract") }
            if type.isOpen { flags.append("open") }
            if (type as? EntityType)?.hasStream == true { flags.append("media entity") }
            if !flags.isEmpty { out += " (" + flags.joined(separator: ", ") + ")" }
            out += "\n"
            out += sapLine(type)
            if let e = type as? EntityType { out += "  key: \(e.allKeyNames.map(t).joined(separator: ", "))\n" }
            out += annotationLines(type.annotations)
            for p in type.problems { out += "  ! \(t(p.message))\n" }
            var table = TextTable(headers: ["PROPERTY", "TYPE", "NULL", "LABEL", "NOTES"])
            table.flexible = [3, 4]
            for p in type.properties {
                var notes: [String] = []
                if p.isKey { notes.append("key") }
                if p.declaringType !== type { notes.append("from \(p.declaringType?.name ?? "?")") }
                if let d = p.facets.defaultValue { notes.append("default \(d)") }
                if let s = p.facets.srid { notes.append("SRID \(s)") }
                if p.facets.unicode == false { notes.append("non-unicode") }
                if p.concurrencyMode == "Fixed" { notes.append("etag") }
                notes += PropertySemantics(p).notes
                notes += p.sap.all.filter { !["label", "quickinfo", "heading"].contains($0.key) }
                    .sorted { $0.key < $1.key }.map { "sap:\($0.key)=\($0.value)" }
                notes += p.annotations.map { AnnotationFormatter.text($0, limit: 60) }
                if !p.problems.isEmpty { notes.append("! " + p.problems.map(\.message).joined(separator: "; ")) }
                if !p.fixedFacets.isEmpty { notes.append("fixed: " + p.fixedFacets.sorted().joined(separator: ", ")) }
                table.add([p.name + ElementMarks.text(p), p.typeDescription, p.isNullable ? "yes" : "no",
                           p.sap.label ?? "", notes.joined(separator: "; ")])
            }
            out += "\n" + table.render(width: width)
            let navs = type.navigationProperties
            if !navs.isEmpty {
                var nt = TextTable(headers: ["NAVIGATION", "TARGET", "MULT", "PARTNER", "NOTES"])
                nt.flexible = [4]
                for n in navs {
                    var notes: [String] = []
                    if n.containsTarget { notes.append("contained") }
                    if let d = n.onDelete { notes.append("on delete \(d)") }
                    if !n.referentialConstraints.isEmpty {
                        notes.append(n.referentialConstraints.map { "\($0.property)→\($0.referencedProperty)" }.joined(separator: ","))
                    }
                    if !n.problems.isEmpty { notes.append("! " + n.problems.map(\.message).joined(separator: "; ")) }
                    if !n.fixedFacets.isEmpty { notes.append("fixed: " + n.fixedFacets.sorted().joined(separator: ", ")) }
                    nt.add([n.name + ElementMarks.text(n), n.type.qualifiedName, multiplicity(n), n.partner ?? "", notes.joined(separator: "; ")])
                }
                out += "\n" + nt.render(width: width)
            }
            let derived = type.derivedTypes
            if !derived.isEmpty { out += "\nderived types: " + derived.map { t($0.qualifiedName) }.joined(separator: ", ") + "\n" }
            return out
        case .enumeration(let e):
            var out = "EnumType \(t(e.qualifiedName))\(ElementMarks.text(e)): \(e.underlyingType.rawValue)\(e.isFlags ? " (flags)" : "")\n"
            out += annotationLines(e.annotations)
            for m in e.members { out += "  \(t(m.name)) = \(m.value)\(ElementMarks.text(m))\n" }
            return out
        case .typeDefinition(let d):
            return "TypeDefinition \(t(d.qualifiedName)): \(t(d.underlyingType.qualifiedName))\(d.facets.shortForm(for: d.underlyingType.primitive))\n"
                + annotationLines(d.annotations)
        case .operations(let ops):
            return ops.map { o in
                var out = "\(o.kind.rawValue) \(t(o.qualifiedName))\(ElementMarks.text(o))\(o.isBound ? " (bound)" : "")\(o.isComposable ? " (composable)" : "")\n"
                for p in o.parameters {
                    out += "  \(t(p.name)): \(t("\(p.type)"))\(p.isNullable ? "" : " not null")\(o.bindingParameter === p ? " (binding)" : "")\n"
                }
                if let r = o.returnType { out += "  returns \(t("\(r.type)"))\(r.isNullable ? "" : " not null")\n" }
                out += annotationLines(o.annotations)
                return out
            }.joined(separator: "\n")
        case .functionImport(let f):
            var out = "FunctionImport \(t(f.name))\(ElementMarks.text(f))"
            if let fn = f.function { out += " → \(t("\(fn)"))" }
            if let m = f.httpMethod { out += " (HTTP \(m))" }
            out += "\n"
            for p in f.parameters { out += "  \(t(p.name)): \(t("\(p.type)"))\(p.isNullable ? "" : " not null")\n" }
            if let r = f.returnType { out += "  returns \(t("\(r.type)"))\(f.entitySet.map { " from \(t("\($0)"))" } ?? "")\n" }
            out += sapLine(f)
            out += annotationLines(f.annotations)
            for o in f.resolvedFunctions { out += "\n" + text(.operations([o]), width: width) }
            return out
        case .actionImport(let a):
            var out = "ActionImport \(t(a.name)) → \(t("\(a.action)"))\n"
            for o in a.resolvedActions { out += "\n" + text(.operations([o]), width: width) }
            return out
        }
    }

    private func multiplicity(_ n: NavigationProperty) -> String {
        if let m = n.multiplicity { return m }
        return n.isCollection ? "*" : (n.isNullable ? "0..1" : "1")
    }

    /// A name or other text of the metadata, fit for a terminal: server text cannot act on it or forge a line.
    private func t(_ s: String) -> String { s.forTerminal() }

    private func sapLine(_ e: CsdlElement) -> String {
        let sap = e.sap
        var out = ""
        if !sap.isEmpty {
            out += "  sap: " + sap.all.sorted { $0.key < $1.key }.map { t("\($0.key)=\($0.value)") }.joined(separator: " ") + "\n"
        }
        if !e.fixedFacets.isEmpty { out += "  fixed locally: " + e.fixedFacets.sorted().map(t).joined(separator: ", ") + "\n" }
        return out
    }

    private func annotationLines(_ list: [CsdlAnnotation]) -> String {
        list.map { "  " + t(AnnotationFormatter.text($0)) + "\n" }.joined()
    }

    // MARK: JSON

    func json(_ target: Target) -> String {
        var w = JSONWriter()
        write(target, &w)
        return w.output + "\n"
    }

    private func common(_ e: CsdlElement, _ w: inout JSONWriter) {
        if !e.sap.isEmpty {
            w.beginObject("sap"); for (k, v) in e.sap.all.sorted(by: { $0.key < $1.key }) { w.string(k, v) }; w.endObject()
        }
        if !e.annotations.isEmpty { AnnotationFormatter.json(e.annotations, &w) }
        ElementMarks.json(e, &w)
    }

    private func write(_ target: Target, _ w: inout JSONWriter, key: String? = nil) {
        switch target {
        case .property(let p, let owner):
            w.beginObject(key)
            w.string("kind", "Property"); w.string("name", p.name); w.string("owner", owner.qualifiedName)
            w.string("type", p.typeDescription); w.bool("nullable", p.isNullable); w.bool("key", p.isKey)
            common(p, &w)
            w.endObject()
        case .set(let s, let t):
            w.beginObject(key)
            w.string("kind", s is Singleton ? "Singleton" : "EntitySet")
            w.string("name", s.name)
            w.string("entityType", s.type.qualifiedName)
            w.beginArray("navigationPropertyBindings")
            for b in s.navigationPropertyBindings { w.beginObject(); w.string("path", b.path); w.string("target", b.target); w.endObject() }
            w.endArray()
            common(s, &w)
            if let columns = LineItemColumns.of(s) { w.beginArray("lineItem"); for c in columns.paths { w.string(nil, c) }; w.endArray() }
            if let t = t { write(.structured(t), &w, key: "type") }
            w.endObject()
        case .structured(let t):
            w.beginObject(key)
            w.string("kind", t is EntityType ? "EntityType" : "ComplexType")
            w.string("name", t.qualifiedName)
            w.string("baseType", t.baseTypeName?.qualifiedName)
            w.bool("abstract", t.isAbstract); w.bool("open", t.isOpen)
            if let e = t as? EntityType {
                w.bool("hasStream", e.hasStream)
                w.beginArray("key"); for k in e.allKeyNames { w.string(nil, k) }; w.endArray()
            }
            w.beginArray("properties")
            for p in t.properties {
                w.beginObject()
                w.string("name", p.name); w.string("type", p.type.qualifiedName); w.bool("collection", p.isCollection)
                w.bool("nullable", p.isNullable)
                if let m = p.facets.maxLength { w.string("maxLength", m.description) }
                w.number("precision", p.facets.precision)
                if let s = p.facets.scale { w.string("scale", s.description) }
                if let s = p.facets.srid { w.string("srid", s) }
                if let d = p.facets.defaultValue { w.string("defaultValue", d) }
                if let u = p.facets.unicode { w.bool("unicode", u) }
                if let c = p.concurrencyMode { w.string("concurrencyMode", c) }
                w.bool("key", p.isKey)
                if p.declaringType !== t { w.string("declaredOn", p.declaringType?.qualifiedName) }
                PropertySemantics(p).json(&w)
                common(p, &w)
                w.endObject()
            }
            w.endArray()
            w.beginArray("navigationProperties")
            for n in t.navigationProperties {
                w.beginObject()
                w.string("name", n.name); w.string("type", n.type.qualifiedName); w.bool("collection", n.isCollection)
                w.bool("nullable", n.isNullable); w.string("multiplicity", multiplicity(n))
                w.string("partner", n.partner); w.bool("containsTarget", n.containsTarget)
                if let d = n.onDelete { w.string("onDelete", d) }
                w.beginArray("referentialConstraints")
                for c in n.referentialConstraints {
                    w.beginObject(); w.string("property", c.property); w.string("referencedProperty", c.referencedProperty); w.endObject()
                }
                w.endArray()
                common(n, &w)
                w.endObject()
            }
            w.endArray()
            w.beginArray("derivedTypes"); for d in t.derivedTypes { w.string(nil, d.qualifiedName) }; w.endArray()
            common(t, &w)
            w.endObject()
        case .enumeration(let e):
            w.beginObject(key)
            w.string("kind", "EnumType"); w.string("name", e.qualifiedName)
            w.string("underlyingType", e.underlyingType.rawValue); w.bool("isFlags", e.isFlags)
            w.beginArray("members")
            for m in e.members { w.beginObject(); w.string("name", m.name); w.raw("value", String(m.value)); common(m, &w); w.endObject() }
            w.endArray()
            common(e, &w)
            w.endObject()
        case .typeDefinition(let t):
            w.beginObject(key)
            w.string("kind", "TypeDefinition"); w.string("name", t.qualifiedName); w.string("underlyingType", t.underlyingType.qualifiedName)
            common(t, &w)
            w.endObject()
        case .operations(let ops):
            w.beginArray(key)
            for o in ops {
                w.beginObject()
                w.string("kind", o.kind.rawValue); w.string("name", o.qualifiedName)
                w.bool("isBound", o.isBound); w.bool("isComposable", o.isComposable)
                parameters(o.parameters, &w)
                if let r = o.returnType { w.beginObject("returnType"); w.string("type", r.type.description); w.bool("nullable", r.isNullable); w.endObject() }
                common(o, &w)
                w.endObject()
            }
            w.endArray()
        case .functionImport(let f):
            w.beginObject(key)
            w.string("kind", "FunctionImport"); w.string("name", f.name); w.string("function", f.function)
            w.string("httpMethod", f.httpMethod); w.string("entitySet", f.entitySet)
            w.string("returnType", f.returnType?.type.description)
            parameters(f.parameters, &w)
            common(f, &w)
            w.endObject()
        case .actionImport(let a):
            w.beginObject(key)
            w.string("kind", "ActionImport"); w.string("name", a.name); w.string("action", a.action); w.string("entitySet", a.entitySet)
            common(a, &w)
            w.endObject()
        }
    }

    private func parameters(_ ps: [Parameter], _ w: inout JSONWriter) {
        w.beginArray("parameters")
        for p in ps {
            w.beginObject(); w.string("name", p.name); w.string("type", p.type.description); w.bool("nullable", p.isNullable)
            if let m = p.mode { w.string("mode", m) }
            w.endObject()
        }
        w.endArray()
    }
}
