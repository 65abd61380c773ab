/// The columns SAP's `UI.LineItem` annotation lists for a type or set: what the service says matters in a table.
package struct LineItemColumns: Sendable, Equatable {
    /// Property paths of the `UI.DataField` records (and their variants with a `Value`), in the annotation's order.
    package var paths: [String]
    /// The qualifier of the `UI.LineItem` the columns come from (nil for the unqualified one).
    package var qualifier: String?

    /// Columns for these property paths, from a `UI.LineItem` with this qualifier.
    package init(paths: [String], qualifier: String? = nil) { self.paths = paths; self.qualifier = qualifier }

    /// The `UI.LineItem` columns of an entity set (its own annotation first, else its entity type's), or nil when
    /// neither has one with a property path.
    package static func of(_ set: ContainerElement) -> LineItemColumns? {
        of(element: set) ?? set.entityTypeIfResolved.flatMap { of($0) }
    }

    /// The `UI.LineItem` columns of a type, or of its nearest base type that has them.
    package static func of(_ type: StructuredType) -> LineItemColumns? {
        for t in [type] + type.baseTypeChain { if let c = of(element: t) { return c } }
        return nil
    }

    private static func of(element: CsdlElement) -> LineItemColumns? {
        guard let a = element.preferredAnnotation(of: VocabularyTerm.lineItem), let v = a.value else { return nil }
        var paths: [String] = []
        for item in v.items {
            // DataFieldForAction and DataFieldForAnnotation have no Value; a hidden field is not a column.
            guard let p = item[property: "Value"]?.pathValue, !p.isEmpty, !paths.contains(p) else { continue }
            paths.append(p)
        }
        return paths.isEmpty ? nil : LineItemColumns(paths: paths, qualifier: a.qualifier)
    }
}
