import ODataModel
import ODataQuery

/// Candidates at the places of aggregation: dimensions after `group by`, methods and custom aggregates after
/// `aggregate`, the properties a method takes inside its parentheses.
extension ModelCompleter {
    /// The aggregation keywords offered among the clauses (`top` is there already).
    static let aggregationClauses = ["group by", "aggregate", "having", "compute", "bottom"]

    /// V2: `group by` and `aggregate` where the service has SAP analytical types (`sap:aggregation-role`).
    var sapAnalyticalClauses: [String] {
        document.entityTypes.contains { t in t.properties.contains { $0.sap["aggregation-role"] != nil } } ? ["group by", "aggregate"] : []
    }

    /// The candidates for one of the aggregation expectations (empty for any other).
    func aggregationCandidates(_ e: CompletionContext.Expectation) -> [CompletionCandidate] {
        switch e {
        case .groupableProperty(let scope):
            guard let t = scope.structuredType(in: document) else { return [] }
            let support = AggregationSupport(document: document, set: scope.aggregatedSet(in: document), type: t)
            var props = t.properties.filter { !$0.isCollection }
            // An SAP analytical type groups by its dimensions.
            if document.version < .v4, support.isSAPAnalytical { props = support.sapDimensions }
            if let g = support.groupableProperties, scope.navigation.isEmpty { props = props.filter { g.contains($0.name) } }
            return props.map { CompletionCandidate($0.name, annotation: $0.typeDescription + " dimension") }
                + t.navigationProperties.filter { !$0.isCollection }.map { CompletionCandidate($0.name, annotation: Self.annotation($0)) }
        case .aggregateItem(let scope):
            var out = AggregationBinder.methodNames.map { CompletionCandidate($0, annotation: "aggregate") }
            if let t = scope.structuredType(in: document) {
                let support = AggregationSupport(document: document, set: scope.aggregatedSet(in: document), type: t)
                out += support.customAggregates.map { CompletionCandidate($0.name, annotation: "custom aggregate \($0.type)") }
            }
            return out
        case .aggregatableProperty(let scope, let method):
            guard let t = scope.structuredType(in: document) else { return [] }
            let m = AggregationMethod.named(method)
            let support = AggregationSupport(document: document, set: scope.aggregatedSet(in: document), type: t)
            var props = t.properties.filter { p in
                guard !p.isCollection, p.primitiveType != nil else { return false }
                if m?.needsNumbers == true { return p.primitiveType?.isNumeric == true }
                if m == .min || m == .max { return ![.boolean, .binary, .stream].contains(p.primitiveType) }
                return true
            }
            if document.version < .v4, support.isSAPAnalytical { props = props.filter { p in support.sapMeasures.contains { $0 === p } } }
            if let allowed = support.aggregatableProperties, scope.navigation.isEmpty { props = props.filter { allowed.contains($0.name) } }
            return props.map { CompletionCandidate($0.name, annotation: $0.typeDescription + " measure") }
                + t.navigationProperties.filter { !$0.isCollection }.map { CompletionCandidate($0.name, annotation: Self.annotation($0)) }
        default:
            return []
        }
    }
}

extension CompletionContext.Scope {
    /// The entity set whose annotations say what may be aggregated: the resource's first set, when nothing follows it.
    func aggregatedSet(in doc: CsdlDocument) -> EntitySet? {
        guard resource.count == 1, navigation.isEmpty else { return nil }
        return try? doc.entitySet(withName: resource[0])
    }
}
