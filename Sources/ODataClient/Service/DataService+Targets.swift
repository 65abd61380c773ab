import FoundationEssentials
import ODataModel
import ODataQuery

extension DataService {
    /// The payload target for a relative URL (`Customers`, `Customers('A')/Orders`, `TopProduct`, `GetX(...)`) from the model; nil when unknown.
    package func target(forRelativeURL relativeURL: String) -> PayloadTarget? {
        var url = relativeURL
        if url.hasPrefix(serviceRoot) { url = String(url.dropFirst(serviceRoot.count)) }
        if url.hasPrefix("/") { url.removeFirst() }
        let path = url[..<(url.firstIndex(of: "?") ?? url.endIndex)]
        return target(forSegments: Self.pathSegments(path))
    }

    /// The payload target of a query's path, from the model; nil for a count and when unknown.
    public func target(for query: DataQuery) -> PayloadTarget? {
        guard !query.countOnly else { return nil }
        var names: [String] = []
        for segment in query.path {
            switch segment {
            case .entitySet(let n), .singleton(let n), .navigation(let n), .property(let n), .action(let n): names.append(n)
            case .function(let n, _): names.append(n)
            case .key: continue
            case .cast(let n), .boundFunction(let n, _), .boundAction(let n): names.append(n)
            case .value: names.append("$value")
            case .link(let l):
                let path = l[..<(l.firstIndex(of: "?") ?? l.endIndex)]
                names += Self.pathSegments(path.hasPrefix(serviceRoot) ? path.dropFirst(serviceRoot.count) : path)
            }
        }
        return target(forSegments: names)
    }

    /// The payload target of path segments without their keys and parameters (`Customers`, `Orders`).
    func target(forSegments segments: [String]) -> PayloadTarget? {
        guard let head = segments.first else { return nil }
        var current: PayloadTarget
        if let set = try? metadata.entitySet(withName: head) {
            current = .entitySet(set)
        } else if let s = try? metadata.singleton(withName: head) {
            current = .singleton(s)
        } else if let fi = metadata.functionImport(withName: head) {
            guard let rt = fi.returnType ?? fi.resolvedFunctions.first?.returnType else { return nil }
            let setName = fi.entitySet
            guard let t = operationTarget(rt.type, setName: setName) else { return nil }
            current = t
        } else if let ai = metadata.actionImport(withName: head) {
            guard let rt = ai.resolvedActions.first?.returnType, let t = operationTarget(rt.type, setName: ai.entitySet) else { return nil }
            current = t
        } else {
            return nil
        }
        for segment in segments.dropFirst() {
            if segment.hasPrefix("$") { return nil }   // $count, $value, $ref, $links
            guard let next = step(from: current, segment) else { return nil }
            current = next
        }
        return current
    }

    /// The target one path segment further on: navigation, property, type cast or bound operation.
    private func step(from current: PayloadTarget, _ segment: String) -> PayloadTarget? {
        switch current {
        case .values(let t):
            // A property of a complex value.
            guard !t.isCollection, let ct = metadata.structuredType(withName: t.qualifiedName),
                  let p = ct.structuralProperty(named: segment) else { return nil }
            return .values(p.type)
        default:
            guard let type = current.entityType else { return nil }
            if let nav = type.navigationProperty(named: segment) {
                guard let targetType = nav.target ?? (try? metadata.entityType(withName: nav.type.qualifiedName)) else { return nil }
                var set: EntitySet?
                if let from = current.entitySet, let name = from.bindingTarget(for: nav.name) {
                    set = try? metadata.entitySet(withName: String(name.split(separator: "/").last ?? Substring(name)))
                } else if case .singleton(let s) = current, let name = s.bindingTarget(for: nav.name) {
                    set = try? metadata.entitySet(withName: String(name.split(separator: "/").last ?? Substring(name)))
                }
                if set == nil {
                    // V2 (and V4 without bindings): the one set of that type, when there is only one.
                    let sets = metadata.entitySets.filter { $0.entityTypeIfResolved === targetType }
                    if sets.count == 1 { set = sets[0] }
                }
                return .entityType(targetType, set: set)
            }
            if let p = type.structuralProperty(named: segment) { return .values(p.type) }
            if segment.contains(".") {
                if let cast = try? metadata.entityType(withName: segment) { return .entityType(cast, set: current.entitySet) }
                if let op = metadata.operations(named: segment).first, let rt = op.returnType {
                    return operationTarget(rt.type, setName: nil)
                }
            }
            return nil
        }
    }

    /// Entities of a return type (in the named set or the only set of the type), or values.
    func operationTarget(_ type: TypeReference, setName: String?) -> PayloadTarget? {
        if case .entity(let e) = metadata.resolveType(type.qualifiedName) {
            var set = setName.flatMap { try? metadata.entitySet(withName: $0) }
            if set == nil {
                let sets = metadata.entitySets.filter { $0.entityTypeIfResolved === e }
                if sets.count == 1 { set = sets[0] }
            }
            return .entityType(e, set: set)
        }
        return .values(type)
    }

    /// Path segments without their parentheses: `Customers('A/B')/Orders` gives `Customers`, `Orders`.
    static func pathSegments(_ path: Substring) -> [String] {
        var out: [String] = []
        var name = ""
        var depth = 0
        var inQuote = false
        var inName = true
        for c in path {
            if inQuote {
                if c == "'" { inQuote = false }
                continue
            }
            switch c {
            case "'" where depth > 0: inQuote = true
            case "(": depth += 1; inName = false
            case ")": depth = max(0, depth - 1)
            case "/" where depth == 0:
                out.append(name); name = ""; inName = true
            default:
                if inName && depth == 0 { name.append(c) }
            }
        }
        if !name.isEmpty { out.append(name) }
        return out.map { $0.removingPercentEscapes ?? $0 }.filter { !$0.isEmpty }
    }
}
