/// Dynamic properties that aggregation annotations declare: names a path in another annotation may use although no
/// property of the type has them (a chart's measure `sumImpact`, say).
///
/// - `Analytics.AggregatedProperties` (a collection) and `Analytics.AggregatedProperty` on an entity type: each
///   record's `Name` (SAP's Analytics vocabulary: "other annotations may refer in property paths to dynamic properties
///   declared in any AggregatedProperties annotation of the given entity type").
/// - `Aggregation.CustomAggregate` on an entity set, a structured type or an entity container: the qualifier is the
///   name (OASIS Aggregation vocabulary); one on a container serves every set in it.
final class DynamicPropertyNames {
    /// Names declared for a type (on the type or on a set of it), by the type's identity.
    var byType: [ObjectIdentifier: Set<String>] = [:]
    /// Names declared on an entity container.
    var inContainers: Set<String> = []
    /// Whether the names were gathered: only once a path fails to resolve, so documents whose paths all resolve do
    /// not pay for the walk.
    var gathered = false
}

extension ModelResolver {
    /// True when `name` is a dynamic property that an aggregation annotation declares for `type` or a base type of it.
    func declaresDynamicProperty(_ name: String, on type: StructuredType) -> Bool {
        let names = dynamicNames
        if !names.gathered { gatherDynamicPropertyNames(into: names) }
        if names.inContainers.contains(name) || names.byType[ObjectIdentifier(type)]?.contains(name) == true { return true }
        var found = false
        type.forEachBaseType { found = names.byType[ObjectIdentifier($0)]?.contains(name) == true; return !found }
        return found
    }

    /// Walks the annotations of types, sets and containers, inline and in `Annotations` blocks (attached to their
    /// targets or not yet: the names are asked for while blocks are being attached).
    private func gatherDynamicPropertyNames(into names: DynamicPropertyNames) {
        names.gathered = true
        func add(_ list: [CsdlAnnotation], on element: CsdlElement) {
            for a in list {
                let declared = Self.dynamicPropertyNames(declaredBy: a)
                if declared.isEmpty { continue }
                switch element {
                case is EntityContainer: names.inContainers.formUnion(declared)
                case let t as StructuredType: names.byType[ObjectIdentifier(t), default: []].formUnion(declared)
                case let s as ContainerElement:
                    if let t = s.entityTypeIfResolved { names.byType[ObjectIdentifier(t), default: []].formUnion(declared) }
                default: break
                }
            }
        }
        for s in doc.schemas {
            for t in s.entityTypes as [StructuredType] + s.complexTypes { add(t.annotations, on: t) }
            for c in s.entityContainers {
                add(c.annotations, on: c)
                for e in c.entitySets { add(e.annotations, on: e) }
            }
            for b in s.annotationsBlocks where b.annotations.contains(where: { !Self.dynamicPropertyNames(declaredBy: $0).isEmpty }) {
                if case .found(let element, nil) = element(forTarget: b.resolvedTarget) { add(b.annotations, on: element) }
            }
        }
    }

    /// The names one annotation declares: none unless it applies one of the terms above.
    static func dynamicPropertyNames(declaredBy a: CsdlAnnotation) -> [String] {
        // The three terms end in "Properties", "Property" and "Aggregate": one byte rules out most annotations
        // (Graph's thousands of `Core.Description`) before the terms are compared.
        guard let last = a.term.utf8.last, last == UInt8(ascii: "s") || last == UInt8(ascii: "y") || last == UInt8(ascii: "e") else {
            return []
        }
        func name(_ record: AnnotationExpression) -> String? {
            guard case .record(_, let props) = record else { return nil }
            return props.first { $0.property == "Name" }?.value.text
        }
        if VocabularyTerm.matches(a, VocabularyTerm.aggregatedProperties) {
            guard case .collection(let items)? = a.value else { return [] }
            return items.compactMap(name)
        }
        if VocabularyTerm.matches(a, VocabularyTerm.aggregatedProperty) {
            // The record names the property; a qualifier, when there is one, usually repeats it.
            return (a.value.flatMap(name) ?? a.qualifier).map { [$0] } ?? []
        }
        if VocabularyTerm.matches(a, VocabularyTerm.customAggregate) { return a.qualifier.map { [$0] } ?? [] }
        return []
    }
}
