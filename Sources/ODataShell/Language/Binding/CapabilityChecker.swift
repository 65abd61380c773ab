import ODataModel

/// Reads what the service says it cannot do (SAP's `sap:filterable`, `sap:sortable`, `sap:required-in-filter`, the
/// Capabilities vocabulary's restrictions) and turns a statement that asks for it into warnings, not errors: the
/// service decides.
struct CapabilityChecker {
    let document: CsdlDocument

    /// The property paths a Capabilities restriction lists (`FilterRestrictions/NonFilterableProperties`, ...).
    private func annotationPaths(_ el: CsdlElement?, term: String, property: String) -> [String] {
        el?.recordValue(of: VocabularyTerm.capabilities(term), property: property)?.items.compactMap(\.text) ?? []
    }

    /// Top-level property paths an expression uses (`Customer/Country` counts as `Customer/Country`).
    private func paths(in e: AST.Expr) -> [(String, AST.Name)] {
        // A work list, not recursion: a filter may be a chain of thousands of terms.
        var out: [(String, AST.Name)] = []
        var work = [e]
        while let x = work.popLast() {
            switch x.kind {
            case .path(let names): out.append((names.map(\.text).joined(separator: "/"), names[0]))
            case .unary(_, let y), .group(let y): work.append(y)
            case .binary(_, let a, let b): work.append(b); work.append(a)
            case .isIn(let l, let items): work.append(contentsOf: items.reversed()); work.append(l)
            case .call(_, let args): work.append(contentsOf: args.reversed())
            case .lambda(_, let c, _, _): out.append((c.map(\.text).joined(separator: "/"), c[0]))
            case .literal, .structured: break
            }
        }
        return out
    }

    /// Warnings for a filter on properties marked not filterable (`sap:filterable`, `FilterRestrictions`).
    func filterWarnings(_ e: AST.Expr, type: StructuredType, set: EntitySet?) -> [String] {
        var warnings: [String] = []
        let restricted = Set(annotationPaths(set, term: "FilterRestrictions", property: "NonFilterableProperties"))
        var seen = Set<String>()
        for (path, first) in paths(in: e) where seen.insert(path).inserted {
            if let p = type.structuralProperty(named: first.text), !p.sap.filterable {
                warnings.append("\(p.name) is marked sap:filterable=\"false\": the service may refuse to filter on it")
            } else if restricted.contains(path) || restricted.contains(first.text) {
                warnings.append("\(path) is listed in Capabilities.FilterRestrictions/NonFilterableProperties of \(set!.name): the service may refuse to filter on it")
            }
        }
        return warnings
    }

    /// Warnings for an order by on properties marked not sortable (`sap:sortable`, `SortRestrictions`).
    func sortWarnings(_ e: AST.Expr, type: StructuredType, set: EntitySet?) -> [String] {
        var warnings: [String] = []
        let restricted = Set(annotationPaths(set, term: "SortRestrictions", property: "NonSortableProperties"))
        for (path, first) in paths(in: e) {
            if let p = type.structuralProperty(named: first.text), !p.sap.sortable {
                warnings.append("\(p.name) is marked sap:sortable=\"false\": the service may refuse to sort by it")
            } else if restricted.contains(path) || restricted.contains(first.text) {
                warnings.append("\(path) is listed in Capabilities.SortRestrictions/NonSortableProperties of \(set!.name): the service may refuse to sort by it")
            }
        }
        return warnings
    }

    /// Warnings for properties the service requires in every filter (`sap:required-in-filter`,
    /// `FilterRestrictions/RequiredProperties`) that the query's filter leaves out.
    func requiredFilterWarnings(_ o: AST.Options, set: EntitySet?, type: EntityType?, isCollection: Bool) -> [String] {
        guard isCollection, let type = type else { return [] }
        var warnings: [String] = []
        let used = Set((o.filter.map(paths) ?? []).map(\.0))
        var required = type.properties.filter { $0.sap.requiredInFilter }.map(\.name)
        required += annotationPaths(set, term: "FilterRestrictions", property: "RequiredProperties")
        for r in required where !used.contains(r) {
            warnings.append("\(r) is required in filters\(set.map { " of \($0.name)" } ?? ""): the service may refuse the request without a condition on it")
        }
        return warnings
    }
}
