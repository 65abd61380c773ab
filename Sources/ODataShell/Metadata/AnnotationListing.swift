import ODataModel

/// `odsh metadata annotations` and `.annotations`: every annotation (inline, in `Annotations` blocks, V2 `sap:`
/// attributes) with its target, term, qualifier and value, filtered by target and term.
struct AnnotationListing {
    let doc: CsdlDocument
    /// An element name or path: a set, singleton or type (qualified or not; a set brings its entity type's
    /// annotations), a member path such as `Products/Price` or `NS.Product/Price`; nil for all.
    var target: String?
    /// A term pattern, case-insensitive, `*` for any run of characters; matched against the qualified term and its
    /// short form (`UI.LineItem`), with or without the `#qualifier`; nil for all.
    var term: String?

    /// The entries that pass both filters; throws for a target that names nothing.
    func entries() throws -> [AnnotationEntry] {
        let all = AnnotationEntry.all(in: doc)
        let targets = try target.map(targetPaths)
        let pattern = term.map { Glob($0) }
        return all.filter { e in
            if let targets, !targets.contains(where: { e.target == $0 || e.target.hasPrefix($0 + "/") }) { return false }
            if let pattern {
                let short = VocabularyTerm.shortName(e.term)
                let names = [e.term, short] + (e.qualifier.map { q in [e.term + "#" + q, short + "#" + q] } ?? [])
                if !names.contains(where: pattern.matches) { return false }
            }
            return true
        }
    }

    /// The element paths a target stands for: a set's path and its type's, a type's, or the path as given.
    private func targetPaths(_ name: String) throws -> [String] {
        let head = name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? name
        let rest = name.dropFirst(head.count)
        for c in doc.entityContainers {
            if let s = c.entitySets.first(where: { $0.name == head }) as ContainerElement? ?? c.singletons.first(where: { $0.name == head }) {
                var paths = ["\(c.name)/\(s.name)\(rest)"]
                if let t = s.entityTypeIfResolved { paths.append(t.qualifiedName + rest) }
                return paths
            }
        }
        if let t = doc.structuredType(withName: head) { return [t.qualifiedName + rest] }
        if let e = try? doc.enumType(withName: head) { return [e.qualifiedName + rest] }
        let all = AnnotationEntry.all(in: doc)
        if all.contains(where: { $0.target == name || $0.target.hasPrefix(name + "/") }) { return [name] }
        let names = doc.entitySets.map(\.name) + doc.singletons.map(\.name) + doc.entityTypes.map(\.name) + doc.complexTypes.map(\.name)
        throw ModelLookupError(name: name, message: "no set, type or annotation target named \(name)",
                               suggestions: NameSuggester.closest(to: head, in: names))
    }

    /// The listing; on a terminal (`width`) fitted to it, long values cut first, else whole.
    func text(width: Int?) throws -> String {
        let list = try entries()
        var t = TextTable(headers: ["TARGET", "TERM", "QUALIFIER", "AT", "VALUE"])
        t.flexible = [4]
        for e in list {
            let value = e.value.map(AnnotationFormatter.text) ?? "true"
            let term = e.origin == .sapAttribute ? e.term : VocabularyTerm.shortName(e.term)
            t.add([e.target + (e.targetResolves ? "" : " (!)"), term, e.qualifier ?? "", e.location == .unknown ? "" : e.location.description, value])
        }
        let missing = list.filter { !$0.targetResolves }.count
        return (list.isEmpty ? "" : t.render(width: width)) + "\(list.count) annotation\(list.count == 1 ? "" : "s")"
            + (missing > 0 ? ", \(missing) on targets that do not exist (!)" : "") + "\n"
    }

    func json() throws -> String {
        var w = JSONWriter()
        w.beginArray()
        for e in try entries() {
            w.beginObject()
            w.string("target", e.target)
            w.string("term", e.term)
            w.string("qualifier", e.qualifier)
            if let v = e.value { AnnotationFormatter.json(v, &w, key: "value") } else { w.raw("value", "null") }
            w.string("origin", e.origin.rawValue)
            if e.location != .unknown { w.number("line", e.location.line); w.number("column", e.location.column) }
            if !e.targetResolves { w.bool("targetResolves", false) }
            w.endObject()
        }
        w.endArray()
        return w.output + "\n"
    }
}
