import ODataClient
import ODataModel
import ODataQuery

/// Resolves a resource path (`Customers('ALFKI')/Orders`, `Products(1)/NS.Derived/$count`) against the model:
/// names checked with "did you mean", keys typed by the key properties, each step written as a typed path segment.
struct PathResolver: BinderPart {
    let document: CsdlDocument

    /// Where a resource path leads: the query so far, and the entity type, set and cardinality it addresses.
    struct Target {
        var query: DataQuery
        var entityType: EntityType?
        var entitySet: EntitySet?
        var isCollection: Bool
        var endsInProperty: String?
    }

    /// Follows a resource path from its entity set or singleton: keys, navigation, casts, bound functions,
    /// a property, `$count` and `$value`.
    func resolve(_ path: AST.ResourcePath) throws -> Target {
        let first = path.segments[0]
        var q = DataQuery()
        var type: EntityType
        var set: EntitySet?
        var isCollection: Bool
        if let s = try? document.entitySet(withName: first.name.text), s.name == first.name.text {
            type = try usable { try s.requireEntityType() }(first.name.range)
            q = q.from(s)
            set = s
            isCollection = true
        } else if let s = try? document.singleton(withName: first.name.text) {
            type = try usable { try s.requireEntityType() }(first.name.range)
            q = q.from(s)
            isCollection = false
        } else {
            let names = document.entitySets.map(\.name) + document.singletons.map(\.name)
            throw LanguageError(.unknownName, "no entity set or singleton named \(first.name.text)", at: first.name.range,
                                suggestions: NameSuggester.closest(to: first.name.text, in: names))
        }
        if let k = first.key {
            guard isCollection else { throw LanguageError(.syntax, "\(first.name.text) is a singleton: it has no key", at: k.range) }
            q = q.withKey(try keys.bindKey(k, type: type))
            isCollection = false
        }
        var navPath: [String] = []
        for (i, seg) in path.segments.enumerated().dropFirst() {
            if let nav = type.navigationProperty(named: seg.name.text) {
                guard !isCollection else {
                    throw LanguageError(.syntax, "give a key before following \(seg.name.text): \(path.segments[i - 1].name.text) is a collection",
                                        at: seg.name.range)
                }
                guard let target = nav.target else {
                    throw LanguageError(.unknownName, "the target type of \(nav.name) is not in the metadata", at: seg.name.range)
                }
                navPath.append(nav.name)
                q = q.navigate(nav)
                type = target
                isCollection = nav.isCollection
                set = set.flatMap { s in s.bindingTarget(for: navPath.joined(separator: "/")).flatMap { try? document.entitySet(withName: $0) } }
                if let k = seg.key {
                    guard isCollection else { throw LanguageError(.syntax, "\(nav.name) leads to one entity: it takes no key", at: k.range) }
                    q = q.withKey(try keys.bindKey(k, type: type))
                    isCollection = false
                }
            } else if let p = type.structuralProperty(named: seg.name.text), seg.key == nil,
                      i == path.segments.count - 1 || (i == path.segments.count - 2 && path.segments[i + 1].name.text == "$value"
                                                       && path.segments[i + 1].key == nil && p.primitiveType != nil && !p.isCollection) {
                guard !isCollection else {
                    throw LanguageError(.syntax, "give a key before \(p.name): \(path.segments[i - 1].name.text) is a collection", at: seg.name.range)
                }
                q = q.property(p)
                // `Products(1)/ProductName/$value`: the raw value of a primitive property.
                if i == path.segments.count - 2 { q.path.append(.value); return Target(query: q, entityType: nil, entitySet: nil, isCollection: false, endsInProperty: "$value") }
                return Target(query: q, entityType: nil, entitySet: nil, isCollection: false, endsInProperty: p.name)
            } else if seg.name.text == "$count", i == path.segments.count - 1, seg.key == nil {
                guard isCollection else {
                    throw LanguageError(.syntax, "$count needs a collection: \(path.segments[i - 1].name.text) is one entity", at: seg.name.range)
                }
                return Target(query: q.count(), entityType: type, entitySet: set, isCollection: true, endsInProperty: "$count")
            } else if seg.name.text == "$value", i == path.segments.count - 1, seg.key == nil {
                guard !isCollection, type.hasStream else {
                    throw LanguageError(.syntax, "$value follows a media entity (HasStream) or a primitive property", at: seg.name.range)
                }
                q.path.append(.value)
                return Target(query: q, entityType: nil, entitySet: nil, isCollection: false, endsInProperty: "$value")
            } else if seg.name.text.contains(".") {
                let step = try qualifiedSegment(seg, after: type, isCollection: isCollection, last: i == path.segments.count - 1)
                q.path.append(step.segment)
                switch step.result {
                case .entities(let t, let many):
                    type = t
                    isCollection = many
                    if case .cast = step.segment {} else { set = nil }
                    q.entityType = t
                case .value(let what):
                    return Target(query: q, entityType: nil, entitySet: nil, isCollection: false, endsInProperty: what)
                }
            } else {
                // Bound functions and casts are qualified (`Catalog.PriceWithTax`): the unqualified name finds them too.
                let names = type.navigationProperties.map(\.name) + type.properties.map(\.name)
                    + boundOperations(for: type, isCollection: isCollection).map(\.qualifiedName)
                throw LanguageError(.unknownName, "\(seg.name.text) is neither a property nor a navigation property of \(type.name)",
                                    at: seg.name.range,
                                    suggestions: NameSuggester.closest(to: seg.name.text, in: names))
            }
        }
        return Target(query: q, entityType: type, entitySet: set, isCollection: isCollection, endsInProperty: nil)
    }

    /// The bound actions and functions whose binding parameter takes `type` (one entity, or a collection).
    func boundOperations(for type: EntityType, isCollection: Bool) -> [Operation] {
        (document.functions + document.actions).filter { op in
            guard op.isBound, let binding = op.bindingParameter, binding.type.isCollection == isCollection,
                  let bound = document.structuredType(withName: binding.type.qualifiedName) else { return false }
            return type.isSubtype(of: bound)
        }
    }

    /// What a qualified segment leads to: entities of a type (one or many), or a value.
    enum SegmentResult {
        case entities(EntityType, many: Bool)
        case value(String)
    }

    /// A qualified segment after `type`: a cast to a derived type (`/NS.Derived`), or a bound function
    /// (`/NS.F(p=1)`) whose binding parameter takes the entity or the collection so far. Bound actions are
    /// invoked with `call`.
    func qualifiedSegment(_ seg: AST.Segment, after type: EntityType, isCollection: Bool,
                                  last: Bool) throws -> (segment: PathSegment, result: SegmentResult) {
        let name = seg.name.text
        if let cast = try? document.entityType(withName: name) {
            guard cast.isSubtype(of: type) else {
                throw LanguageError(.typeMismatch, "\(cast.qualifiedName) does not derive from \(type.qualifiedName): no cast to it", at: seg.name.range)
            }
            if let k = seg.key {
                guard isCollection else { throw LanguageError(.syntax, "\(name) casts one entity: it takes no key", at: k.range) }
            }
            return (.cast(cast.qualifiedName), .entities(cast, many: isCollection))
        }
        let candidates = document.operations(named: name).filter { op in
            guard op.isBound, let binding = op.bindingParameter, binding.type.isCollection == isCollection,
                  let bound = document.structuredType(withName: binding.type.qualifiedName) else { return false }
            return type.isSubtype(of: bound)
        }
        guard !candidates.isEmpty else {
            // Bound elsewhere: say to what, rather than suggest the very name.
            let named = document.operations(named: name).filter(\.isBound).compactMap(\.bindingParameter)
            if let binding = named.first {
                let what = document.operations(named: name).first?.kind == .action ? "action" : "function"
                let to = binding.type.isCollection ? "a collection of \(binding.type.qualifiedName)" : "one \(binding.type.qualifiedName)"
                let here = isCollection ? "a collection of \(type.name)" : "one \(type.name)"
                throw LanguageError(.typeMismatch, "the \(what) \(name) is bound to \(to), not to \(here)"
                                    + (binding.type.isCollection || !isCollection ? "" : ": give a key first, as in Set(key)/\(name)(...)"),
                                    at: seg.name.range)
            }
            // What could follow here: the operations bound to this type, and casts to the types derived from it.
            let bindable = boundOperations(for: type, isCollection: isCollection).map(\.qualifiedName)
            let casts = document.entityTypes.filter { $0 !== type && $0.isSubtype(of: type) }.map(\.qualifiedName)
            throw LanguageError(.unknownName, "no cast or bound function named \(name) for \(isCollection ? "a collection of " : "")\(type.name)",
                                at: seg.name.range, suggestions: NameSuggester.closest(to: name, in: bindable + casts))
        }
        guard candidates.allSatisfy({ $0.kind == .function }) else {
            throw LanguageError(.syntax, "\(name) is an action: invoke it with call, as in call ...(...)/\(name)(...)", at: seg.name.range)
        }
        // Overloads: the one whose parameter names are the ones given.
        let given = Set((seg.key?.values ?? []).compactMap { $0.name?.text })
        if let k = seg.key, k.values.contains(where: { $0.name == nil }) {
            throw LanguageError(.syntax, "name every parameter of \(name), as in (p=1)", at: k.range)
        }
        let op = candidates.first { Set($0.parameters.dropFirst().map(\.name)) == given }
            ?? candidates.first { given.isSubset(of: Set($0.parameters.dropFirst().map(\.name))) }
        guard let op else {
            throw LanguageError(.unknownName, "\(name) has no overload with the parameters \(given.sorted().joined(separator: ", "))",
                                at: seg.name.range, suggestions: candidates.flatMap { $0.parameters.dropFirst().map(\.name) })
        }
        let values = try argumentBinder.operationArguments(op.parameters.dropFirst(), (seg.key?.values ?? []).map { ($0.name!, $0.value) }, operation: seg.name)
        let segment = PathSegment.boundFunction(op.qualifiedName, parameters: values.map { ($0.name, $0.literal) })
        guard let rt = op.returnType else { return (segment, .value(name)) }
        if case .entity(let t) = document.resolveType(rt.type.qualifiedName) {
            return (segment, .entities(t, many: rt.type.isCollection))
        }
        guard last else { throw LanguageError(.syntax, "\(name) returns a value: nothing can follow it", at: seg.name.range) }
        return (segment, .value(name))
    }

    func usable<T>(_ f: @escaping () throws -> T) -> (SourceRange) throws -> T {
        { range in
            do { return try f() } catch let e as ModelLookupError {
                throw LanguageError(.unknownName, e.message, at: range, suggestions: e.suggestions)
            }
        }
    }
}
