import ODataModel

/// What a service says about aggregation: the Aggregation vocabulary's `ApplySupported` (transformations, groupable
/// and aggregatable properties) and `CustomAggregate`s on a set, its type or the container, and SAP Gateway V2's
/// `sap:aggregation-role` (dimensions and measures). Nothing said means nothing is known, not that nothing works.
struct AggregationSupport {
    let document: CsdlDocument
    let set: EntitySet?
    let type: StructuredType

    /// The annotations of `term` (any qualifier) on the set, then the type, then the container.
    private func annotations(_ term: String) -> [CsdlAnnotation] {
        let elements: [CsdlElement?] = [set, type, document.entityContainer]
        return elements.compactMap { $0 }.flatMap { $0.annotations(of: VocabularyTerm.aggregation(term)) }
    }

    /// `ApplySupported`'s record, when declared.
    private var applySupported: [AnnotationExpression.PropertyValue]? {
        guard let a = annotations("ApplySupported").first else { return nil }
        if case .record(_, let props)? = a.value { return props }
        return []
    }

    /// True when the service declares `ApplySupported` at all.
    var declaresApplySupported: Bool { applySupported != nil }

    private func list(_ name: String) -> [AnnotationExpression]? {
        guard let props = applySupported, let pv = props.first(where: { $0.property == name }) else { return nil }
        return pv.value.items
    }

    /// `ApplySupported/Transformations`: the transformations the service supports (nil: not said).
    var transformations: Set<String>? { list("Transformations").map { Set($0.compactMap(\.text).map { $0.lowercased() }) } }
    /// `ApplySupported/GroupableProperties` (nil: not said; then every property may be grouped by).
    var groupableProperties: Set<String>? { list("GroupableProperties").map { Set($0.compactMap(\.text)) } }
    /// `ApplySupported/AggregatableProperties`: paths, or records whose `Property` is the path (nil: not said).
    var aggregatableProperties: Set<String>? {
        list("AggregatableProperties").map { items in
            Set(items.compactMap { item -> String? in
                if case .record(_, let props) = item { return props.first { $0.property == "Property" }?.value.text }
                return item.text
            })
        }
    }

    /// The custom aggregates declared (`Aggregation.CustomAggregate#Name`), by name, with their result type's name.
    var customAggregates: [(name: String, type: String)] {
        var seen = Set<String>()
        return annotations("CustomAggregate").compactMap { a in
            guard let q = a.qualifier, seen.insert(q).inserted else { return nil }
            return (q, a.value?.text ?? "")
        }
    }

    /// SAP's Analytics vocabulary (V4): the properties annotated `Analytics.Dimension` (nil when the type annotates
    /// none, and then says nothing).
    var analyticsDimensions: Set<String>? { analytics("Dimension") }
    /// The properties annotated `Analytics.Measure` (nil when the type annotates none).
    var analyticsMeasures: Set<String>? { analytics("Measure") }

    private func analytics(_ term: String) -> Set<String>? {
        let marked = type.properties.filter { p in p.annotations(of: VocabularyTerm.analytics(term)).contains { $0.value?.text != "false" } }
        return marked.isEmpty ? nil : Set(marked.map(\.name))
    }

    /// SAP V2: the properties marked `sap:aggregation-role` `dimension` and `measure` (empty: not an analytical type).
    var sapDimensions: [Property] { type.properties.filter { $0.sap["aggregation-role"] == "dimension" } }
    /// SAP V2: the measures.
    var sapMeasures: [Property] { type.properties.filter { $0.sap["aggregation-role"] == "measure" } }
    /// SAP V2: the entity type is an analytical one (`sap:semantics="aggregate"`) or has dimensions or measures.
    var isSAPAnalytical: Bool { type.sap.semantics == "aggregate" || !sapDimensions.isEmpty || !sapMeasures.isEmpty }
}
