import ODataClient
import ODataModel
import ODataQuery

/// Values for a property's literal while typing, from the value help its metadata declares (`Common.ValueList`,
/// which SAP Gateway also writes for V2 `sap:value-list`): a small page of the value-list entity set, filtered by
/// what was typed, each value with its description. Answers are kept for the session. A request that takes longer
/// than `timeout` gives nothing (typing never waits longer), and so does Ctrl-C, which cancels it.
final class ValueHelp {
    /// The session's service (made on first use, with the session's connection and sign-in).
    private let service: () throws -> DataService
    let timeout: Double
    /// Values asked for at most.
    let limit: Int
    private var cache: [String: [CompletionCandidate]] = [:]

    init(service: @escaping () throws -> DataService, timeout: Double = 2, limit: Int = 20) {
        self.service = service
        self.timeout = timeout
        self.limit = limit
    }

    /// Candidates for `property`'s value starting with `typed`: quoted literals, the description beside them.
    func candidates(for property: Property, typed: String) -> [CompletionCandidate] {
        guard property.primitiveType == .string, let service = try? service() else { return [] }
        // The first value list this service holds itself (one with a CollectionRoot lives elsewhere).
        let doc = service.metadata
        for list in property.valueLists where list.collectionRoot == nil {
            guard let set = try? doc.entitySet(withName: list.collectionPath), let type = set.entityTypeIfResolved,
                  let valueName = list.valueProperty(for: property.name), type.structuralProperty(named: valueName) != nil else { continue }
            let description = list.descriptionProperty(for: property.name).flatMap { type.structuralProperty(named: $0) }
                ?? type.structuralProperty(named: valueName)?.textPath.flatMap { type.structuralProperty(named: $0) }
            let key = "\(set.name)\u{0}\(valueName)\u{0}\(typed)"
            if let hit = cache[key] { return hit }
            // A complete answer (fewer rows than the limit) for a shorter prefix holds every longer one's values.
            for n in stride(from: typed.count - 1, through: 0, by: -1) {
                let shorter = "\(set.name)\u{0}\(valueName)\u{0}\(typed.prefix(n))"
                if let hit = cache[shorter], hit.count < limit {
                    let narrowed = hit.filter { ($0.displayText).hasPrefix(typed) }
                    cache[key] = narrowed
                    return narrowed
                }
            }
            var query = DataQuery().from(set).top(limit).orderBy(.path(valueName))
            query = query.select([PropertyPath(valueName)] + (description.map { [PropertyPath($0.name)] } ?? []))
            var filters: [QueryExpression] = []
            if !typed.isEmpty { filters.append(.function("startswith", [.path(valueName), .literal(typed)])) }
            for p in list.parameters where p.kind == .constant {
                if let c = p.constant { filters.append(.binary(.eq, .path(p.valueListProperty), .literal(c))) }
            }
            if let first = filters.first { query = query.filter(filters.dropFirst().reduce(first) { $0 && $1 }) }
            var found: [CompletionCandidate] = []
            do {
                // A time limit is a cancellation: a token that cancels itself.
                try RequestCancellation.withDeadline(timeout) {
                    try service.executeQuery(query).forEachEntity(allPages: false) { e in
                        guard case .string(let v)? = e[valueName] else { return true }
                        var text: String?
                        if let d = description, case .string(let s)? = e[d.name], !s.isEmpty { text = s }
                        found.append(CompletionCandidate("'" + v.replacingAll("'", with: "''") + "'", display: v, annotation: text))
                        return true
                    }
                }
            } catch {
                // Too slow, cancelled or refused: no values this time, and nothing kept, so TAB asks again.
                return []
            }
            cache[key] = found
            return found
        }
        return []
    }
}
