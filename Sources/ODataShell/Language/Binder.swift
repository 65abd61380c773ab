import ODataClient
import ODataModel
import ODataQuery

/// Checks a parsed statement against the model and turns it into a request: names resolved (with "did you mean"),
/// literals typed by the property or parameter they meet, V4-only features refused on V2 services, capability
/// restrictions reported as warnings.
public struct Binder {
    public let document: CsdlDocument
    public var version: ODataVersion { document.version }
    private var warnings: [String] = []
    private var text = ""

    public init(document: CsdlDocument) { self.document = document }

    /// Parses and binds one statement.
    public static func bind(_ statement: String, document: CsdlDocument) throws -> BoundStatement {
        let ast = try Parser.parse(statement)
        var b = Binder(document: document)
        return try b.bind(ast, text: statement)
    }

    /// Binds a parsed statement; `text` is the statement, for the caret line of errors.
    public mutating func bind(_ statement: AST.Statement, text: String) throws -> BoundStatement {
        self.text = text
        warnings = []
        do {
            return try bindStatement(statement)
        } catch var e as LanguageError {
            e.statement = text
            throw e
        } catch let e as QueryWriteError {
            var l = LanguageError(.unsupported, e.message, at: SourceRange(start: 0, end: text.count))
            l.statement = text
            throw l
        }
    }

    private func writer() -> QueryURLWriter { QueryURLWriter(version: version) }

    private mutating func bindStatement(_ s: AST.Statement) throws -> BoundStatement {
        switch s {
        case .raw(let url):
            // Relative to the service root, or a full URL (only the service's origin is ever sent anything).
            var u = URLEncoding.escapingUnsafe(url)
            while u.hasPrefix("/") { u.removeFirst() }
            return BoundStatement(request: .raw(u), query: nil, warnings: [])
        case .query(let path, let options, let countOnly):
            if countOnly {
                // $count answers a number: $select and $expand shape entities, and servers refuse them beside it.
                if let first = options.select.first {
                    throw LanguageError(.syntax, "count takes no select: $count answers the number only (Customers select ... count gives rows and their number)", at: first.range)
                }
                if let first = options.expand.first {
                    throw LanguageError(.syntax, "count takes no expand: $count answers the number only", at: first.range)
                }
            }
            let target = try resolve(path)
            if let e = target.endsInProperty, !options.isEmpty {
                throw LanguageError(.syntax, "no clauses can follow the property \(e)", at: path.range)
            }
            var q = target.query
            q = try applyOptions(options, to: q, type: target.entityType, set: target.entitySet, nested: false)
            if countOnly {
                guard target.isCollection else { throw LanguageError(.syntax, "count needs a collection, not one entity", at: path.range) }
                q = q.count()
            }
            checkRequiredFilters(options, set: target.entitySet, type: target.entityType, isCollection: target.isCollection)
            _ = try writer().relativeURL(for: q)  // what the service's version cannot express is refused here
            return BoundStatement(request: .query(q), query: q, warnings: warnings,
                                  columnOrder: countOnly ? nil : ColumnOrder.of(options, q))
        case .create(let path, let body):
            let target = try resolve(path)
            guard target.isCollection, let type = target.entityType else {
                throw LanguageError(.syntax, "create needs an entity set or a collection, not one entity", at: path.range)
            }
            let entity = EntityValue.ofType(type, in: target.entitySet)
            try fill(entity, from: body, type: type)
            return BoundStatement(request: .create(entity, at: target.query), query: nil, warnings: warnings)
        case .update(let path, let body, let force, let replace):
            let target = try resolve(path)
            guard !target.isCollection, let type = target.entityType else {
                throw LanguageError(.syntax, "\(replace ? "replace" : "update") needs one entity: give its key, as in \(path.segments[0].name.text)(...)", at: path.range)
            }
            let entity = addressed(type, target)
            try fill(entity, from: body, type: type)
            var request = replace ? DataRequest.replace(entity, at: target.query) : DataRequest.update(entity, at: target.query)
            if force { request.ifMatch = .any }
            return BoundStatement(request: request, query: nil, warnings: warnings)
        case .delete(let path, let force):
            let target = try resolve(path)
            guard !target.isCollection, let type = target.entityType else {
                throw LanguageError(.syntax, "delete needs one entity: give its key, as in \(path.segments[0].name.text)(...)", at: path.range)
            }
            var request = DataRequest.delete(at: target.query, entity: addressed(type, target))
            if force { request.ifMatch = .any }
            return BoundStatement(request: request, query: nil, warnings: warnings)
        case .call(let name, let arguments, let options):
            return try bindCall(name, arguments, options)
        case .callBound(let path):
            return try bindBoundCall(path)
        case .link(let path, let target):
            return try bindReference(path, linkTo: target)
        case .unlink(let path):
            return try bindReference(path, linkTo: nil)
        case .batch(let items):
            var parts: [DataRequest.BatchPart] = []
            var orders: [MemberOrder?] = []
            for item in items {
                switch item {
                case .statement(let s, _):
                    let bound = try batchStatement(s)
                    parts.append(.request(bound.request))
                    orders.append(bound.columnOrder)
                case .changeSet(let statements, let r):
                    let bound = try statements.map { try batchStatement($0) }
                    let requests = bound.map(\.request)
                    orders += bound.map(\.columnOrder)
                    if requests.contains(where: { $0.method(for: version) == .get }) {
                        throw LanguageError(.syntax, "a changeset holds changes only (create, update, replace, delete, call of an action)", at: r)
                    }
                    parts.append(.changeSet(requests))
                }
            }
            guard !parts.isEmpty else { throw LanguageError(.syntax, "the batch is empty", at: SourceRange(start: 0, end: text.count)) }
            return BoundStatement(request: DataRequest(.batch(parts)), query: nil, warnings: warnings, batchColumnOrders: orders)
        }
    }

    /// A statement inside a batch: any but a raw URL or another batch.
    private mutating func batchStatement(_ s: AST.Statement) throws -> BoundStatement {
        if case .batch = s { throw LanguageError(.syntax, "a batch cannot hold a batch", at: SourceRange(start: 0, end: text.count)) }
        return try bindStatement(s)
    }

    // MARK: Resource paths

    private struct Target {
        var query: DataQuery
        var entityType: EntityType?
        var entitySet: EntitySet?
        var isCollection: Bool
        var endsInProperty: String?
    }

    private func resolve(_ path: AST.ResourcePath) throws -> Target {
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
            q = q.withKey(try bindKey(k, type: type))
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
                    q = q.withKey(try bindKey(k, type: type))
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

    /// `call Products(1)/NS.Discount(pct=5)`: a bound action (POST, the arguments in the body), or a bound function
    /// called as a statement.
    private mutating func bindBoundCall(_ path: AST.ResourcePath) throws -> BoundStatement {
        guard let last = path.segments.last, last.name.text.contains(".") else {
            throw LanguageError(.syntax, "call ends in a bound action or function, as in call Products(1)/NS.Action(p=1)", at: path.range)
        }
        let target = try resolve(AST.ResourcePath(segments: Array(path.segments.dropLast())))
        guard let type = target.entityType, target.endsInProperty == nil else {
            throw LanguageError(.syntax, "\(last.name.text) needs an entity or a collection to be bound to", at: last.name.range)
        }
        let actions = document.operations(named: last.name.text).filter { op in
            guard op.kind == .action, op.isBound, let binding = op.bindingParameter, binding.type.isCollection == target.isCollection,
                  let bound = document.structuredType(withName: binding.type.qualifiedName) else { return false }
            return type.isSubtype(of: bound)
        }
        guard let action = actions.first else {
            // Not an action: a bound function, read like any path.
            return try bindStatement(.query(path: path, options: AST.Options(), countOnly: false))
        }
        if let k = last.key, k.values.contains(where: { $0.name == nil }) {
            throw LanguageError(.syntax, "name every parameter of \(last.name.text), as in (p=1)", at: k.range)
        }
        let values = try operationArguments(action.parameters.dropFirst(), (last.key?.values ?? []).map { ($0.name!, $0.value) },
                                            operation: last.name)
        var q = target.query
        q.path.append(.boundAction(action.qualifiedName))
        _ = try writer().relativeURL(for: q)
        let parameters = try values.map { (name: $0.name, value: try $0.data ?? dataValue($0.literal, at: last.name.range)) }
        return BoundStatement(request: .action(q, parameters: parameters), query: nil, warnings: warnings)
    }

    /// The bound actions and functions whose binding parameter takes `type` (one entity, or a collection).
    private func boundOperations(for type: EntityType, isCollection: Bool) -> [Operation] {
        (document.functions + document.actions).filter { op in
            guard op.isBound, let binding = op.bindingParameter, binding.type.isCollection == isCollection,
                  let bound = document.structuredType(withName: binding.type.qualifiedName) else { return false }
            return type.isSubtype(of: bound)
        }
    }

    /// What a qualified segment leads to: entities of a type (one or many), or a value.
    private enum SegmentResult {
        case entities(EntityType, many: Bool)
        case value(String)
    }

    /// A qualified segment after `type`: a cast to a derived type (`/NS.Derived`), or a bound function
    /// (`/NS.F(p=1)`) whose binding parameter takes the entity or the collection so far. Bound actions are
    /// invoked with `call`.
    private func qualifiedSegment(_ seg: AST.Segment, after type: EntityType, isCollection: Bool,
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
        let values = try operationArguments(op.parameters.dropFirst(), (seg.key?.values ?? []).map { ($0.name!, $0.value) }, operation: seg.name)
        let segment = PathSegment.boundFunction(op.qualifiedName, parameters: values.map { ($0.name, $0.literal) })
        guard let rt = op.returnType else { return (segment, .value(name)) }
        if case .entity(let t) = document.resolveType(rt.type.qualifiedName) {
            return (segment, .entities(t, many: rt.type.isCollection))
        }
        guard last else { throw LanguageError(.syntax, "\(name) returns a value: nothing can follow it", at: seg.name.range) }
        return (segment, .value(name))
    }

    private func usable<T>(_ f: @escaping () throws -> T) -> (SourceRange) throws -> T {
        { range in
            do { return try f() } catch let e as ModelLookupError {
                throw LanguageError(.unknownName, e.message, at: range, suggestions: e.suggestions)
            }
        }
    }

    private func bindKey(_ k: AST.Key, type: EntityType) throws -> EntityKey {
        let keys = type.keyProperties
        guard !keys.isEmpty else { throw LanguageError(.syntax, "\(type.name) has no key", at: k.range) }
        guard !k.values.isEmpty else {
            throw LanguageError(.syntax, "an empty key: one \(type.name) is addressed by its key, as in ("
                                + (keys.count == 1 ? "..." : keys.map { "\($0.name)=..." }.joined(separator: ", ")) + ")", at: k.range)
        }
        if k.values.count == 1, k.values[0].name == nil {
            guard keys.count == 1 else {
                throw LanguageError(.syntax, "\(type.name) has a key of \(keys.count) properties: name them, as in ("
                                    + keys.map { "\($0.name)=..." }.joined(separator: ", ") + ")", at: k.range)
            }
            return EntityKey(try bindValue(k.values[0].value, to: keys[0]))
        }
        var pairs: [(String, QueryLiteral)] = []
        for (name, value) in k.values {
            guard let n = name else { throw LanguageError(.syntax, "name every key value, as in (\(keys.map { "\($0.name)=..." }.joined(separator: ", ")))", at: value.range) }
            guard let p = keys.first(where: { $0.name == n.text }) else {
                throw LanguageError(.unknownName, "\(n.text) is not a key property of \(type.name)", at: n.range,
                                    suggestions: NameSuggester.closest(to: n.text, in: keys.map(\.name)))
            }
            if pairs.contains(where: { $0.0 == p.name }) { throw LanguageError(.syntax, "\(p.name) is given twice", at: n.range) }
            pairs.append((p.name, try bindValue(value, to: p)))
        }
        let missing = keys.filter { p in !pairs.contains { $0.0 == p.name } }
        if !missing.isEmpty {
            throw LanguageError(.syntax, "the key of \(type.name) also needs " + missing.map(\.name).joined(separator: ", "), at: k.range)
        }
        if keys.count == 1 { return EntityKey(pairs[0].1) }
        // Write composite keys in the order the type declares them.
        return EntityKey(keys.map { p in pairs.first { $0.0 == p.name }! })
    }

    /// A literal bound to a property's type (keys, bodies).
    private func bindValue(_ e: AST.Expr, to p: Property) throws -> QueryLiteral {
        let (x, _) = try bindExpr(e, Context(type: nil, variables: [:]), expected: ExprType.of(p))
        guard case .literal(let l) = x else { throw LanguageError(.typeMismatch, "a value is needed for \(p.name), not an expression", at: e.range) }
        return l
    }

    // MARK: Options

    private mutating func applyOptions(_ o: AST.Options, to query: DataQuery, type: EntityType?, set: EntitySet?, nested: Bool) throws -> DataQuery {
        var q = query
        guard let type = type else { return q }
        let ctx = Context(type: type, variables: [:])
        if let f = o.filter {
            let (e, t) = try bindExpr(f, ctx, expected: .boolean)
            try requireBoolean(t, f, "where")
            q = q.filter(e)
            checkFilterable(f, type: type, set: set)
        }
        if let s = o.search {
            guard version.isV4 else { throw unsupported("search ($search)", at: s.range) }
            q = q.search(s.text)
        }
        // Gathered first and set once: a copy of the query per item made long lists quadratic.
        var paths: [PropertyPath] = []
        paths.reserveCapacity(o.select.count)
        for item in o.select {
            if item.path.isEmpty { q = q.selectAll(); continue }
            paths.append(try selectPath(item, type: type))
        }
        if !paths.isEmpty { q = q.select(paths) }
        for item in o.expand {
            q = try expand(item, into: q, type: type, set: set)
        }
        var sorts: [SortItem] = []
        sorts.reserveCapacity(o.orderBy.count)
        for item in o.orderBy {
            let (e, t) = try bindExpr(item.expr, ctx, expected: nil)
            if t.structured != nil || t.isCollection {
                throw LanguageError(.typeMismatch, "cannot order by \(t.origin ?? "this"): it is not a single value", at: item.expr.range)
            }
            checkSortable(item.expr, type: type, set: set)
            sorts.append(SortItem(e, item.descending ? .descending : .ascending))
        }
        // As `orderBy` then `thenBy` per item, without a copy of the query per item.
        if !sorts.isEmpty { q.sortItems = sorts }
        if let t = o.top { q = q.top(t.value) }
        if let s = o.skip { q = q.skip(s.value) }
        if o.inlineCount != nil { q = q.inlineCount() }
        if let l = o.levels {
            guard version.isV4 else { throw unsupported("levels ($levels)", at: l.range) }
            guard nested else { throw LanguageError(.syntax, "levels goes inside an expand item, as in expand Employees(levels 2)", at: l.range) }
            q = q.levels(l.value.map { .count($0) } ?? .max)
        }
        return q
    }

    private func selectPath(_ item: AST.SelectItem, type: StructuredType) throws -> PropertyPath {
        var t: StructuredType = type
        var out: [String] = []
        for (i, n) in item.path.enumerated() {
            if let cast = try castSegment(n, from: t, last: i == item.path.count - 1) {
                out.append(cast.qualifiedName)
                t = cast
            } else if let p = t.structuralProperty(named: n.text) {
                out.append(p.name)
                if i < item.path.count - 1 {
                    guard case .complex(let c) = p.resolvedType else {
                        throw LanguageError(.syntax, "\(p.name) is not a complex property: nothing can follow it", at: item.path[i + 1].range)
                    }
                    t = c
                }
            } else if let nav = t.navigationProperty(named: n.text) {
                throw LanguageError(.syntax, "\(nav.name) is a navigation property: use expand \(nav.name)(select ...)", at: n.range)
            } else {
                throw unknownProperty(n, in: t)
            }
        }
        return PropertyPath(out)
    }

    /// `NS.Derived` in a path of a filter, select or expand: a cast to a type derived from `type` (V4), or nil
    /// when the name is not a qualified one. `last`: nothing follows it, which a cast needs.
    private func castSegment(_ n: AST.Name, from type: StructuredType, last: Bool) throws -> StructuredType? {
        guard n.text.contains("."), let cast = document.structuredType(withName: n.text) else { return nil }
        guard cast.isSubtype(of: type), cast !== type else {
            throw LanguageError(.typeMismatch, "\(cast.qualifiedName) does not derive from \(type.qualifiedName): no cast to it", at: n.range)
        }
        guard version.isV4 else { throw unsupported("a type cast in a path (\(n.text))", at: n.range) }
        if last { throw LanguageError(.syntax, "a cast is followed by a property of \(cast.name), as in \(n.text)/...", at: n.range) }
        return cast
    }

    private mutating func expand(_ item: AST.ExpandItem, into q: DataQuery, type: EntityType, set: EntitySet?) throws -> DataQuery {
        if item.path.isEmpty {
            guard version.isV4 else {
                throw LanguageError(.unsupported, "expand * needs OData V4; this service speaks OData \(version.rawValue): "
                                    + "name the navigation properties (\(type.navigationProperties.prefix(3).map(\.name).joined(separator: ", ")))",
                                    at: item.range)
            }
            return q.expand(PropertyPath(["*"]))
        }
        var t: StructuredType = type
        var names: [String] = []
        // The path in pieces that each end in a navigation property (complex properties may lead to one).
        var pieces: [[String]] = [[]]
        var target: EntityType?
        for (i, n) in item.path.enumerated() {
            if let cast = try castSegment(n, from: t, last: i == item.path.count - 1) {
                names.append(cast.qualifiedName); pieces[pieces.count - 1].append(cast.qualifiedName); t = cast
            } else if let nav = t.navigationProperty(named: n.text) {
                names.append(nav.name)
                pieces[pieces.count - 1].append(nav.name)
                pieces.append([])
                guard let tt = nav.target else { throw LanguageError(.unknownName, "the target of \(nav.name) is not in the metadata", at: n.range) }
                t = tt; target = tt
            } else if let p = t.structuralProperty(named: n.text), case .complex(let c) = p.resolvedType {
                names.append(p.name); pieces[pieces.count - 1].append(p.name); t = c
            } else if t.structuralProperty(named: n.text) != nil {
                throw LanguageError(.syntax, "\(n.text) is not a navigation property: select it instead of expanding it", at: n.range)
            } else {
                throw LanguageError(.unknownName, "\(t.name) has no navigation property \(n.text)", at: n.range,
                                    suggestions: NameSuggester.closest(to: n.text, in: t.navigationProperties.map(\.name) + t.properties.map(\.name)))
            }
        }
        guard let tgt = target else { throw LanguageError(.syntax, "\(item.path.last!.text) leads to no entity", at: item.range) }
        var nested: DataQuery? = nil
        if let o = item.options {
            if !version.isV4 {
                let v2Bad: [(SourceRange?, String)] = [
                    (o.filter?.range, "where ($filter)"), (o.orderBy.first?.expr.range, "order by ($orderby)"),
                    (o.top?.range, "top ($top)"), (o.skip?.range, "skip ($skip)"), (o.inlineCount, "count ($count)"),
                    (o.search?.range, "search ($search)"), (o.levels?.range, "levels ($levels)"),
                ]
                if let (r, what) = v2Bad.first(where: { $0.0 != nil }) {
                    throw LanguageError(.unsupported, "\(what) inside expand needs OData V4; this service speaks OData \(version.rawValue), "
                                        + "whose $expand takes no options (select and expand inside expand are written as paths)", at: r!)
                }
            }
            let targetSet = set.flatMap { s in s.bindingTarget(for: names.joined(separator: "/")).flatMap { try? document.entitySet(withName: $0) } }
            nested = try applyOptions(o, to: DataQuery(), type: tgt, set: targetSet, nested: true)
        }
        pieces.removeAll { $0.isEmpty }
        if version.isV4, pieces.count > 1 {
            // V4's $expand path ends at its first navigation property: A/B is A($expand=B).
            var inner = nested
            for piece in pieces.dropFirst().reversed() { inner = DataQuery().expand(PropertyPath(piece), withQuery: inner) }
            return q.expand(PropertyPath(pieces[0]), withQuery: inner)
        }
        return q.expand(PropertyPath(names), withQuery: nested)
    }

    // MARK: Expressions

    struct Context {
        var type: StructuredType?
        /// Lambda variables and the type each stands for (an entity or complex type, or a primitive one).
        var variables: [String: ExprType]
    }

    private func requireBoolean(_ t: ExprType, _ e: AST.Expr, _ what: String) throws {
        if t.isKnown, t.primitive != .boolean || t.isCollection {
            throw LanguageError(.typeMismatch, "\(what) needs a condition; this is \(t.origin ?? t.name)", at: e.range)
        }
    }

    private func unsupported(_ feature: String, at r: SourceRange) -> LanguageError {
        LanguageError(.unsupported, "\(feature) needs OData V4; this service speaks OData \(version.rawValue)", at: r)
    }

    private func unknownProperty(_ n: AST.Name, in t: StructuredType) -> LanguageError {
        LanguageError(.unknownName, "\(t.name) has no property \(n.text)", at: n.range,
                      suggestions: NameSuggester.closest(to: n.text, in: t.properties.map(\.name) + t.navigationProperties.map(\.name)))
    }

    /// True for expressions whose type comes from the other side (literals and bare names that may be enum members).
    private func takesTypeFromOtherSide(_ e: AST.Expr, _ ctx: Context) -> Bool {
        switch e.kind {
        case .literal(let l):
            if case .typed = l { return false }
            return true
        case .group(let x): return takesTypeFromOtherSide(x, ctx)
        case .unary(.negate, let x): return takesTypeFromOtherSide(x, ctx)
        case .path(let names):
            guard names.count == 1, let t = ctx.type else { return false }
            return t.structuralProperty(named: names[0].text) == nil && t.navigationProperty(named: names[0].text) == nil
                && ctx.variables[names[0].text] == nil
        default: return false
        }
    }

    func bindExpr(_ e: AST.Expr, _ ctx: Context, expected: ExprType?) throws -> (QueryExpression, ExprType) {
        switch e.kind {
        case .structured(let v):
            throw LanguageError(.typeMismatch, "\(shape(v)) is taken only by a parameter of a function or action of that type", at: e.range)
        case .group(let x):
            return try bindExpr(x, ctx, expected: expected)
        case .literal(let l):
            let lit = try bindLiteral(l, e.range, expected: expected)
            var t = ExprType.of(lit.primitiveType)
            if case .enumMember(let tn, _) = lit { t.enumType = try? document.enumType(withName: tn) }
            if lit == .null, let x = expected { t = x }
            return (.literal(lit), t)
        case .path(let names):
            return try bindPath(names, e, ctx, expected: expected)
        case .unary(.not, let x):
            let (bx, t) = try bindExpr(x, ctx, expected: .boolean)
            try requireBoolean(t, x, "not")
            return (.unary(.not, bx), .boolean)
        case .unary(.negate, let x):
            let (bx, t) = try bindExpr(x, ctx, expected: expected)
            if case .literal(let l) = bx, let n = negated(l) { return (.literal(n), t) }
            if let p = t.primitive, !p.isNumeric && p != .duration {
                throw LanguageError(.typeMismatch, "- needs a number; this is \(t.origin ?? t.name)", at: x.range)
            }
            return (.unary(.negate, bx), t)
        case .binary:
            return try bindChain(e, ctx, expected: expected)
        case .isIn(let lhs, let items):
            let (bl, lt) = try bindExpr(lhs, ctx, expected: nil)
            guard !items.isEmpty else { throw LanguageError(.syntax, "the list after in is empty", at: e.range) }
            let bound = try items.map { try bindExpr($0, ctx, expected: lt).0 }
            return (.isIn(bl, bound), .boolean)
        case .call(let n, let args):
            return try bindCall(n, args, e, ctx)
        case .lambda(let op, let collection, let variable, let predicate):
            guard version >= .v3 else { throw LanguageError(.unsupported, "the lambda operator \(op.rawValue) needs OData V3 or V4; this service speaks OData \(version.rawValue)", at: e.range) }
            let (cp, ct) = try bindPath(collection, e, ctx, expected: nil)
            guard case .property(let path) = cp, ct.isCollection else {
                throw LanguageError(.typeMismatch, "\(op.rawValue) needs a collection; \(collection.map(\.text).joined(separator: "/")) is not one", at: collection.last!.range)
            }
            guard let v = variable, let p = predicate else { return (.lambda(op, collection: path, variable: nil, predicate: nil), .boolean) }
            var inner = ctx
            var vt = ct
            vt.isCollection = false
            vt.origin = v.text
            inner.variables[v.text] = vt
            let (bp, pt) = try bindExpr(p, inner, expected: .boolean)
            try requireBoolean(pt, p, op.rawValue)
            return (.lambda(op, collection: path, variable: v.text, predicate: bp), .boolean)
        }
    }

    private func negated(_ l: QueryLiteral) -> QueryLiteral? {
        switch l {
        case .double(let d): return .double(-d)
        case .single(let f): return .single(-f)
        default: return nil
        }
    }

    /// Binds a chain of binary operators along its left side (`a or b or ...`, `1 + 2 + ...`) in a loop: generated
    /// lists of thousands of terms must not recurse once per term. Right sides are bound as they come.
    private func bindChain(_ e: AST.Expr, _ ctx: Context, expected: ExprType?) throws -> (QueryExpression, ExprType) {
        // The left spine, outermost first, each node with what its parent expects of it.
        var spine: [(node: AST.Expr, expected: ExprType?)] = []
        var x = e, xExpected = expected
        while case .binary(let op, let a, _) = x.kind {
            spine.append((x, xExpected))
            xExpected = op.isLogical ? .boolean : (op.isComparison || op == .has) ? nil : xExpected
            x = a
        }
        var bound: (QueryExpression, ExprType)? = nil
        for (node, nodeExpected) in spine.reversed() {
            guard case .binary(let op, let a, let b) = node.kind else { continue }
            bound = try bindBinary(op, a, b, node, ctx, expected: nodeExpected, boundLeft: bound)
        }
        return bound!
    }

    /// Binds `a op b`; `boundLeft` is `a` already bound (by `bindChain`; `a` is then itself a binary operation).
    private func bindBinary(_ op: BinaryOperator, _ a: AST.Expr, _ b: AST.Expr, _ e: AST.Expr, _ ctx: Context, expected: ExprType?,
                            boundLeft: (QueryExpression, ExprType)? = nil) throws -> (QueryExpression, ExprType) {
        if op.isLogical {
            let (ba, ta) = try boundLeft ?? bindExpr(a, ctx, expected: .boolean)
            try requireBoolean(ta, a, op.rawValue)
            let (bb, tb) = try bindExpr(b, ctx, expected: .boolean)
            try requireBoolean(tb, b, op.rawValue)
            return (.binary(op, ba, bb), .boolean)
        }
        if op == .has {
            guard version.isV4 else { throw unsupported("the has operator", at: e.range) }
            let (ba, ta) = try boundLeft ?? bindExpr(a, ctx, expected: nil)
            guard ta.enumType != nil else { throw LanguageError(.typeMismatch, "has needs an enum property on its left; this is \(ta.origin ?? ta.name)", at: a.range) }
            let (bb, _) = try bindExpr(b, ctx, expected: ta)
            return (.binary(.has, ba, bb), .boolean)
        }
        // The operand that has a type of its own is bound first; literals take the type of the other side.
        let ba: QueryExpression, bb: QueryExpression, ta: ExprType, tb: ExprType
        if boundLeft == nil && takesTypeFromOtherSide(a, ctx) && !takesTypeFromOtherSide(b, ctx) {
            (bb, tb) = try bindExpr(b, ctx, expected: op.isComparison ? nil : expected)
            try checkArithmetic(op, tb, b)
            (ba, ta) = try bindExpr(a, ctx, expected: tb)
        } else {
            (ba, ta) = try boundLeft ?? bindExpr(a, ctx, expected: op.isComparison ? nil : expected)
            try checkArithmetic(op, ta, a)
            (bb, tb) = try bindExpr(b, ctx, expected: ta.isKnown ? ta : nil)
        }
        if op.isComparison {
            if ta.isCollection || tb.isCollection {
                throw LanguageError(.typeMismatch, "cannot compare a collection; use any or all", at: ta.isCollection ? a.range : b.range)
            }
            try checkComparable(ta, tb, b.range)
            return (.binary(op, ba, bb), .boolean)
        }
        try checkArithmetic(op, ta, a)
        try checkArithmetic(op, tb, b)
        return (.binary(op, ba, bb), ta.primitive.map { [.date, .dateTimeOffset, .dateTime].contains($0) } == true ? ta : widerNumeric(ta, tb))
    }

    private func checkArithmetic(_ op: BinaryOperator, _ t: ExprType, _ x: AST.Expr) throws {
        guard op.isArithmetic else { return }
        let ok = t.primitive.map { $0.isNumeric || [.date, .dateTimeOffset, .duration, .dateTime, .time].contains($0) } ?? !t.isKnown
        if !ok || t.isCollection {
            throw LanguageError(.typeMismatch, "\(op.rawValue) needs numbers; this is \(t.origin ?? t.name)", at: x.range)
        }
    }

    private func widerNumeric(_ a: ExprType, _ b: ExprType) -> ExprType {
        let order: [PrimitiveType] = [.byte, .sbyte, .int16, .int32, .int64, .decimal, .single, .double]
        guard let pa = a.primitive, let pb = b.primitive, let ia = order.firstIndex(of: pa), let ib = order.firstIndex(of: pb) else { return a.isKnown ? a : b }
        return ia >= ib ? a : b
    }

    private func checkComparable(_ a: ExprType, _ b: ExprType, _ r: SourceRange) throws {
        guard a.isKnown, b.isKnown else { return }
        if let pa = a.primitive, let pb = b.primitive {
            if pa == pb || (pa.isNumeric && pb.isNumeric) { return }
            let dates: Set<PrimitiveType> = [.date, .dateTimeOffset, .dateTime]
            if dates.contains(pa) && dates.contains(pb) { return }
            throw LanguageError(.typeMismatch, "cannot compare \(a.origin ?? pa.rawValue) with \(b.origin ?? pb.rawValue)", at: r)
        }
        if let ea = a.enumType, let eb = b.enumType, ea === eb { return }
        if a.structured != nil || b.structured != nil { return }
        throw LanguageError(.typeMismatch, "cannot compare \(a.origin ?? a.name) with \(b.origin ?? b.name)", at: r)
    }

    private func bindPath(_ names: [AST.Name], _ e: AST.Expr, _ ctx: Context, expected: ExprType?) throws -> (QueryExpression, ExprType) {
        var segments: [String] = []
        var t: StructuredType?
        var rest = names[...]
        if let v = ctx.variables[names[0].text] {
            t = v.structured; segments = [names[0].text]; rest = names.dropFirst()
            if rest.isEmpty { return (.property(PropertyPath(segments)), v) }
        } else {
            t = ctx.type
        }
        // A single bare name that is not a property: an enum member or INF/NaN, when the other side says so.
        if names.count == 1, let only = names.first, ctx.variables[only.text] == nil,
           t.map({ $0.structuralProperty(named: only.text) == nil && $0.navigationProperty(named: only.text) == nil }) ?? true {
            if let en = expected?.enumType {
                guard let m = en.member(named: only.text) else {
                    throw LanguageError(.unknownName, "\(en.name) has no member \(only.text)", at: only.range,
                                        suggestions: NameSuggester.closest(to: only.text, in: en.members.map(\.name)))
                }
                return (.literal(.enumMember(type: en.qualifiedName, member: m.name)), ExprType(enumType: en))
            }
            if let p = expected?.primitive, p == .double || p == .single, ["INF", "NaN"].contains(only.text) {
                let d: Double = only.text == "INF" ? .infinity : .nan
                return (.literal(p == .double ? .double(d) : .single(Float(d))), .of(p))
            }
            if t == nil {
                throw LanguageError(.syntax, "\(only.text) is not a value here (put text in quotes: '\(only.text)')", at: only.range)
            }
        }
        var type = ExprType.unknown
        for (i, n) in zip(rest.indices, rest) {
            guard let cur = t else { throw LanguageError(.syntax, "nothing can follow \(names[i - 1].text)", at: n.range) }
            let last = i == names.count - 1
            if let cast = try castSegment(n, from: cur, last: last) {
                segments.append(cast.qualifiedName)
                t = cast
            } else if let p = cur.structuralProperty(named: n.text) {
                segments.append(p.name)
                type = ExprType.of(p)
                if p.isCollection, !last, names[i + 1].text == "$count", i + 1 == names.count - 1 {
                    // `Tags/$count`: the number of members of a collection property (V4).
                    guard version.isV4 else { throw unsupported("\(p.name)/$count in a filter", at: names[i + 1].range) }
                    segments.append("$count")
                    var counted = ExprType.of(.int32)
                    counted.origin = "\(p.name)/$count"
                    return (.property(PropertyPath(segments)), counted)
                }
                if case .complex(let c) = p.resolvedType, !p.isCollection { t = c } else { t = nil }
                if !last, t == nil { throw LanguageError(.syntax, "\(p.name) is not a complex or navigation property: nothing can follow it", at: names[i + 1].range) }
            } else if let nav = cur.navigationProperty(named: n.text) {
                segments.append(nav.name)
                type = ExprType(structured: nav.target, isCollection: nav.isCollection, origin: nav.name)
                if nav.isCollection, !last, names[i + 1].text == "$count", i + 1 == names.count - 1 {
                    // `Order_Details/$count`: the number of related entities (V4).
                    guard version.isV4 else { throw unsupported("\(nav.name)/$count in a filter", at: names[i + 1].range) }
                    segments.append("$count")
                    var counted = ExprType.of(.int32)
                    counted.origin = "\(nav.name)/$count"
                    return (.property(PropertyPath(segments)), counted)
                }
                if nav.isCollection && !last {
                    throw LanguageError(.syntax, "\(nav.name) is a collection: use \(nav.name)/$count, or \(nav.name)/any(x: x/\(names[i + 1].text) ...) to test its members",
                                        at: names[i + 1].range)
                }
                t = nav.target
            } else {
                throw unknownProperty(n, in: cur)
            }
        }
        return (.property(PropertyPath(segments)), type)
    }

    private func bindCall(_ n: AST.Name, _ args: [AST.Expr], _ e: AST.Expr, _ ctx: Context) throws -> (QueryExpression, ExprType) {
        // V2's substringof(needle, haystack) is contains(haystack, needle), written for each version as it needs.
        if n.text.lowercased() == "substringof" {
            guard args.count == 2 else { throw LanguageError(.syntax, "substringof takes 2 arguments, not \(args.count)", at: e.range) }
            return try bindCall(AST.Name(text: "contains", range: n.range), [args[1], args[0]], e, ctx)
        }
        guard let f = QueryFunction.named(n.text) else {
            throw LanguageError(.unknownName, "no function named \(n.text)", at: n.range,
                                suggestions: NameSuggester.closest(to: n.text.lowercased(), in: QueryFunction.all.map(\.name)))
        }
        guard f.arity.contains(args.count) else {
            let want = f.arity.lowerBound == f.arity.upperBound ? "\(f.arity.lowerBound)" : "\(f.arity.lowerBound) or \(f.arity.upperBound)"
            throw LanguageError(.syntax, "\(f.name) takes \(want) argument\(f.arity.upperBound == 1 ? "" : "s"), not \(args.count)", at: e.range)
        }
        if !version.isV4, f.v2Name == nil { throw unsupported("the function \(f.name)()", at: n.range) }
        if f.name == "isof" || f.name == "cast" {
            var bound: [QueryExpression] = []
            if args.count == 2 { bound.append(try bindExpr(args[0], ctx, expected: nil).0) }
            let (tn, tt) = try typeName(args.last!)
            bound.append(.typeName(tn))
            return (.function(f.name, bound), f.name == "isof" ? .boolean : tt)
        }
        var bound: [QueryExpression] = []
        var first = ExprType.unknown
        for (i, a) in args.enumerated() {
            let want = i < f.argumentTypes.count ? f.argumentTypes[i].map { ExprType.of($0) } : nil
            let (x, t) = try bindExpr(a, ctx, expected: want)
            if i == 0 { first = t }
            if let w = want?.primitive, let p = t.primitive, p != w, !(w.isNumeric && p.isNumeric),
               !([PrimitiveType.dateTimeOffset, .dateTime, .date].contains(w) && [PrimitiveType.dateTimeOffset, .dateTime, .date].contains(p)) {
                throw LanguageError(.typeMismatch, "\(f.name) needs \(w.rawValue) here; this is \(t.origin ?? p.rawValue)", at: a.range)
            }
            bound.append(x)
        }
        return (.function(f.name, bound), f.returnType.map { ExprType.of($0) } ?? first)
    }

    /// The type argument of isof/cast: a qualified entity, complex, enum or primitive type name.
    private func typeName(_ e: AST.Expr) throws -> (String, ExprType) {
        var written: String?
        if case .path(let names) = e.kind, names.count == 1 { written = names[0].text }
        if case .literal(.string(let s)) = e.kind { written = s }
        guard let w = written else { throw LanguageError(.syntax, "expected a type name such as NorthwindModel.Customer or Edm.String", at: e.range) }
        if let p = PrimitiveType.named(w) { return (p.rawValue, .of(p)) }
        if let s = document.structuredType(withName: w) { return (s.qualifiedName, ExprType(structured: s, origin: s.name)) }
        if let en = try? document.enumType(withName: w) { return (en.qualifiedName, ExprType(enumType: en)) }
        let all = document.entityTypes.map(\.qualifiedName) + document.complexTypes.map(\.qualifiedName)
        throw LanguageError(.unknownName, "no type named \(w)", at: e.range, suggestions: NameSuggester.closest(to: w, in: all))
    }

    // MARK: Literals

    /// The literal with the type it has on its own: 10 is Int32 (Int64 when larger), 1.5 Decimal, 1e3 Double.
    private func natural(_ l: AST.Literal, _ r: SourceRange) throws -> QueryLiteral {
        switch l {
        case .string(let s): return .string(s)
        case .integer(let t):
            if let v = Int32(t) { return .int32(v) }
            if let v = Int64(t) { return .int64(v) }
            return .decimal(t)
        case .decimal(let t): return .decimal(t)
        case .double(let t): return .double(Double(t) ?? .nan)
        case .boolean(let b): return .boolean(b)
        case .null: return .null
        case .date(let t):
            guard LiteralSyntax.isDate(t) else { throw LanguageError(.syntax, "\(t) is not a valid date", at: r) }
            return .date(t)
        case .dateTimeOffset(let t):
            guard LiteralSyntax.isDateTimeOffset(t) else { throw LanguageError(.syntax, "\(t) is not a valid date-time", at: r) }
            return .dateTimeOffset(t)
        case .localDateTime(let t):
            guard LiteralSyntax.isLocalDateTime(t) else { throw LanguageError(.syntax, "\(t) is not a valid date-time", at: r) }
            return .dateTime(t)
        case .timeOfDay(let t):
            guard LiteralSyntax.isTimeOfDay(t) else { throw LanguageError(.syntax, "\(t) is not a valid time of day", at: r) }
            return .timeOfDay(t)
        case .guid(let t): return .guid(t)
        case .typed(let prefix, let text):
            let typed: [String: PrimitiveType] = [
                "guid": .guid, "datetime": .dateTime, "datetimeoffset": .dateTimeOffset, "time": .time, "duration": .duration,
                "date": .date, "timeofday": .timeOfDay, "binary": .binary,
                // V2's number suffixes: 12.50M, 5L, 1.5d, 2f.
                "m": .decimal, "l": .int64, "d": .double, "f": .single,
            ]
            if let p = typed[prefix.lowercased()] {
                guard let v = QueryLiteral.parse(text, as: p) else {
                    throw LanguageError(.syntax, "'\(text)' is not a valid \(p.rawValue) literal", at: r)
                }
                return v
            }
            if prefix == "X" || prefix == "x" {
                guard let b = Base64.decodeHex(text) else { throw LanguageError(.syntax, "X'\(text)' needs an even number of hex digits", at: r) }
                return .binary(b)
            }
            if let en = try? document.enumType(withName: prefix) {
                guard let m = en.member(named: text) else {
                    throw LanguageError(.unknownName, "\(en.name) has no member \(text)", at: r,
                                        suggestions: NameSuggester.closest(to: text, in: en.members.map(\.name)))
                }
                return .enumMember(type: en.qualifiedName, member: m.name)
            }
            throw LanguageError(.unknownName, "unknown literal prefix \(prefix) (use guid, datetime, datetimeoffset, time, duration, binary, X or an enum type's name)",
                                at: r, suggestions: NameSuggester.closest(to: prefix, in: document.enumTypes.map(\.qualifiedName) + ["guid", "datetime", "datetimeoffset", "duration", "binary"]))
        }
    }

    private func bindLiteral(_ l: AST.Literal, _ r: SourceRange, expected: ExprType?) throws -> QueryLiteral {
        let v = try natural(l, r)
        guard let want = expected, v != .null else { return v }
        if let en = want.enumType {
            if case .enumMember(let tn, _) = v, tn == en.qualifiedName { return v }
            if case .string(let s) = v {
                guard let m = en.member(named: s) else {
                    throw LanguageError(.unknownName, "\(en.name) has no member \(s)", at: r,
                                        suggestions: NameSuggester.closest(to: s, in: en.members.map(\.name)))
                }
                return .enumMember(type: en.qualifiedName, member: m.name)
            }
            throw LanguageError(.typeMismatch, "\(describe(l)) cannot be a member of \(en.qualifiedName)\(want.origin.map { " (\($0))" } ?? "")", at: r)
        }
        guard let p = want.primitive else { return v }
        if let c = v.converted(to: p) { return c }
        throw LanguageError(.typeMismatch, "\(describe(l)) cannot be \(p.rawValue)\(want.origin.map { ", the type of \($0)" } ?? "")", at: r)
    }

    private func describe(_ l: AST.Literal) -> String {
        switch l {
        case .string(let s): return "'\(s)'"
        case .integer(let t), .decimal(let t), .double(let t), .date(let t), .dateTimeOffset(let t), .localDateTime(let t),
             .timeOfDay(let t), .guid(let t): return t
        case .boolean(let b): return b ? "true" : "false"
        case .null: return "null"
        case .typed(let p, let t): return p.count == 1 && "MmLlDdFf".contains(p) ? t + p : "\(p)'\(t)'"
        }
    }

    // MARK: Capabilities

    private func annotationPaths(_ el: CsdlElement?, term: String, property: String) -> [String] {
        guard let el = el else { return [] }
        let a = el.annotation(term: "Org.OData.Capabilities.V1.\(term)") ?? el.annotation(term: "Capabilities.\(term)")
        guard case .record(_, let props)? = a?.value, let pv = props.first(where: { $0.property == property }),
              case .collection(let items) = pv.value else { return [] }
        return items.compactMap(\.text)
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

    private mutating func checkFilterable(_ e: AST.Expr, type: StructuredType, set: EntitySet?) {
        let restricted = Set(annotationPaths(set, term: "FilterRestrictions", property: "NonFilterableProperties"))
        var seen = Set<String>()
        for (path, first) in paths(in: e) where seen.insert(path).inserted {
            if let p = type.structuralProperty(named: first.text), !p.sap.filterable {
                warnings.append("\(p.name) is marked sap:filterable=\"false\": the service may refuse to filter on it")
            } else if restricted.contains(path) || restricted.contains(first.text) {
                warnings.append("\(path) is listed in Capabilities.FilterRestrictions/NonFilterableProperties of \(set!.name): the service may refuse to filter on it")
            }
        }
    }

    private mutating func checkSortable(_ e: AST.Expr, type: StructuredType, set: EntitySet?) {
        let restricted = Set(annotationPaths(set, term: "SortRestrictions", property: "NonSortableProperties"))
        for (path, first) in paths(in: e) {
            if let p = type.structuralProperty(named: first.text), !p.sap.sortable {
                warnings.append("\(p.name) is marked sap:sortable=\"false\": the service may refuse to sort by it")
            } else if restricted.contains(path) || restricted.contains(first.text) {
                warnings.append("\(path) is listed in Capabilities.SortRestrictions/NonSortableProperties of \(set!.name): the service may refuse to sort by it")
            }
        }
    }

    private mutating func checkRequiredFilters(_ o: AST.Options, set: EntitySet?, type: EntityType?, isCollection: Bool) {
        guard isCollection, let type = type else { return }
        let used = Set((o.filter.map(paths) ?? []).map(\.0))
        var required = type.properties.filter { $0.sap.requiredInFilter }.map(\.name)
        required += annotationPaths(set, term: "FilterRestrictions", property: "RequiredProperties")
        for r in required where !used.contains(r) {
            warnings.append("\(r) is required in filters\(set.map { " of \($0.name)" } ?? ""): the service may refuse the request without a condition on it")
        }
    }

    // MARK: Bodies and calls

    /// The entity a write addresses: its type and set, with the key values of the path's last key. They go in the
    /// body of an update too: the protocol allows it, and some V2 services (pyslet) need the key in a MERGE body.
    private func addressed(_ type: EntityType, _ target: Target) -> EntityValue {
        let entity = EntityValue.ofType(type, in: target.entitySet)
        entity.isNew = false
        if case .key(let k)? = target.query.path.last {
            let keys = type.keyProperties
            for (i, v) in k.values.enumerated() {
                let p = v.name.flatMap { n in keys.first { $0.name == n } } ?? (keys.count == 1 && i == 0 ? keys[0] : nil)
                if let p, let value = try? DataValue(v.value) { try? entity.setValue(p, to: value) }
            }
        }
        return entity
    }

    /// Sets the properties of a `{ ... }` body on an entity or complex value, each typed by its property.
    private func fill(_ target: StructureBase, from v: AST.Value, type: StructuredType) throws {
        guard case .object(let members, _) = v else { throw LanguageError(.typeMismatch, "expected { ... }", at: range(of: v)) }
        var seen = Set<String>()
        for m in members {
            if let nav = type.navigationProperty(named: m.name.text), let entity = target as? EntityValue {
                guard seen.insert(nav.name).inserted else { throw LanguageError(.syntax, "\(nav.name) is given twice", at: m.name.range) }
                try fill(entity, nav, from: m.value)
                continue
            }
            guard let p = type.structuralProperty(named: m.name.text) else {
                throw unknownProperty(m.name, in: type)
            }
            guard seen.insert(p.name).inserted else { throw LanguageError(.syntax, "\(p.name) is given twice", at: m.name.range) }
            do {
                try target.setValue(p, to: try dataValue(m.value, property: p))
            } catch let e as ValueConversionError {
                throw LanguageError(.typeMismatch, "\(p.name): \(e.description)", at: range(of: m.value))
            }
        }
    }

    /// A navigation property in a body: new related entities (`{...}`, or `[{...}, ...]` for a collection: a deep
    /// insert), or existing ones by set and key (`Categories(1)`, `[Products(1), Products(2)]`: bound, V4
    /// `@odata.bind`, V2 `__metadata.uri`).
    private func fill(_ entity: EntityValue, _ nav: NavigationProperty, from v: AST.Value) throws {
        guard let targetType = nav.target else {
            throw LanguageError(.unknownName, "the target type of \(nav.name) is not in the metadata", at: range(of: v))
        }
        let targetSet = entity.entitySet.flatMap { s in s.bindingTarget(for: nav.name).flatMap { try? document.entitySet(withName: $0) } }
        func newEntity(_ item: AST.Value) throws -> EntityValue {
            let child = EntityValue.ofType(targetType, in: targetSet)
            try fill(child, from: item, type: targetType)
            return child
        }
        switch v {
        case .object:
            guard !nav.isCollection else { throw LanguageError(.typeMismatch, "\(nav.name) is a collection: give [ {...}, ... ]", at: range(of: v)) }
            try entity.setValue(nav, to: .entity(try newEntity(v)))
        case .array(let items, _):
            guard nav.isCollection else { throw LanguageError(.typeMismatch, "\(nav.name) is one entity: give {...} or Set(key)", at: range(of: v)) }
            var created: [EntityValue] = []
            for item in items {
                if case .expr(let e) = item { entity.bind(nav, to: try reference(e, to: targetType)) } else { created.append(try newEntity(item)) }
            }
            if !created.isEmpty { try entity.setValue(nav, to: .entityList(EntityValueList(created))) }
        case .expr(let e):
            guard !nav.isCollection else { throw LanguageError(.typeMismatch, "\(nav.name) is a collection: give [ ... ]", at: e.range) }
            entity.bind(nav, to: try reference(e, to: targetType))
        }
    }

    /// `Categories(1)` or `Order_Details(OrderID=1, ProductID=2)` in a body: the existing entity's URL relative to the
    /// service root, its key checked and written as the service's version needs.
    private func reference(_ e: AST.Expr, to type: EntityType) throws -> String {
        try writer().relativeURL(for: try referenceQuery(e, to: type))
    }

    /// `Categories(1)` as the query of that entity, its key checked.
    private func referenceQuery(_ e: AST.Expr, to type: EntityType) throws -> DataQuery {
        guard case .call(let setName, let args) = e.kind else {
            throw LanguageError(.syntax, "an existing entity is given by its set and key, as in Categories(1)", at: e.range)
        }
        guard let set = try? document.entitySet(withName: setName.text) else {
            throw LanguageError(.unknownName, "no entity set named \(setName.text)", at: setName.range,
                                suggestions: NameSuggester.closest(to: setName.text, in: document.entitySets.map(\.name)))
        }
        guard let setType = set.entityTypeIfResolved, setType.isSubtype(of: type) || type.isSubtype(of: setType) else {
            throw LanguageError(.typeMismatch, "\(set.name) holds no \(type.name) entities", at: setName.range)
        }
        var values: [(name: AST.Name?, value: AST.Expr)] = []
        for a in args {
            if case .binary(.eq, let l, let r) = a.kind, case .path(let names) = l.kind, names.count == 1 {
                values.append((names[0], r))
            } else {
                values.append((nil, a))
            }
        }
        let key = try bindKey(AST.Key(values: values, range: e.range), type: setType)
        return DataQuery().from(set).withKey(key)
    }

    /// `link Categories(1)/Products to Products(5)` and `unlink Categories(1)/Products(5)`: the entity's navigation
    /// property, and the related entity (for link, and for unlink of a collection's member).
    private func bindReference(_ path: AST.ResourcePath, linkTo targetExpr: AST.Expr?) throws -> BoundStatement {
        let verb = targetExpr == nil ? "unlink" : "link"
        let example = targetExpr == nil ? "unlink Categories(1)/Products(5)" : "link Categories(1)/Products to Products(5)"
        guard path.segments.count > 1, let last = path.segments.last else {
            throw LanguageError(.syntax, "\(verb) names an entity's navigation property, as in \(example)", at: path.range)
        }
        let source = try resolve(AST.ResourcePath(segments: Array(path.segments.dropLast())))
        guard source.endsInProperty == nil, !source.isCollection, let type = source.entityType else {
            throw LanguageError(.syntax, "\(verb) needs one entity before \(last.name.text): give its key, as in \(example)", at: path.range)
        }
        guard let nav = type.navigationProperty(named: last.name.text) else {
            throw LanguageError(.unknownName, "\(type.name) has no navigation property \(last.name.text)", at: last.name.range,
                                suggestions: NameSuggester.closest(to: last.name.text, in: type.navigationProperties.map(\.name)))
        }
        guard let targetType = nav.target else {
            throw LanguageError(.unknownName, "the target type of \(nav.name) is not in the metadata", at: last.name.range)
        }
        let q = source.query.navigate(nav)
        let request: DataRequest
        if let targetExpr {
            if let k = last.key { throw LanguageError(.syntax, "link names the navigation property without a key: \(example)", at: k.range) }
            request = .link(q, to: try referenceQuery(targetExpr, to: targetType), collection: nav.isCollection)
        } else if nav.isCollection {
            guard let k = last.key else {
                throw LanguageError(.syntax, "\(nav.name) is a collection: give the key of the entity to unlink, as in \(example)", at: last.name.range)
            }
            let key = try bindKey(k, type: targetType)
            // The related entity by its entity set when the metadata binds one, else by this path.
            let set = source.entitySet.flatMap { s in s.bindingTarget(for: nav.name).flatMap { try? document.entitySet(withName: $0) } }
            let target = set.map { DataQuery().from($0).withKey(key) } ?? q.withKey(key)
            request = .unlink(q, from: target)
        } else {
            if let k = last.key { throw LanguageError(.syntax, "\(nav.name) leads to one entity: unlink it without a key", at: k.range) }
            request = .unlink(q, from: nil)
        }
        _ = try request.relativeURL(for: version)
        return BoundStatement(request: request, query: nil, warnings: warnings)
    }

    private func range(of v: AST.Value) -> SourceRange {
        switch v {
        case .expr(let e): return e.range
        case .object(_, let r), .array(_, let r): return r
        }
    }

    /// A body value as the library's value of the property's type.
    private func dataValue(_ v: AST.Value, property p: Property, element: Bool = false) throws -> DataValue {
        if case .expr(let e) = v, case .literal(.null) = e.kind { return .null }
        if p.isCollection && !element {
            guard case .array(let items, _) = v else {
                throw LanguageError(.typeMismatch, "\(p.name) is a collection: give [ ... ]", at: range(of: v))
            }
            var element = p.type
            element.isCollection = false
            return .list(DataValueList(elementType: element, try items.map { try dataValue($0, property: p, element: true) }))
        }
        if case .complex(let c) = p.resolvedType {
            let value = ComplexValue.ofType(c)
            try fill(value, from: v, type: c)
            return .complex(value)
        }
        guard case .expr(let e) = v else { throw LanguageError(.typeMismatch, "\(p.name) takes a single value", at: range(of: v)) }
        return try dataValue(try bindValue(e, to: p), at: e.range)
    }

    /// A typed literal as the library's value (an enum member with its type's value).
    private func dataValue(_ l: QueryLiteral, at r: SourceRange) throws -> DataValue {
        if case .enumMember(let typeName, let member) = l {
            let type = try? document.enumType(withName: typeName)
            let value = member.split(separator: ",").reduce(Int64(0)) { $0 | (type?.member(named: String($1).trimmingBlanks())?.value ?? 0) }
            return .enumValue(EnumValue(type: type, name: member, value: value))
        }
        do { return try DataValue(l) } catch let e as ValueConversionError {
            throw LanguageError(.typeMismatch, e.description, at: r)
        }
    }

    /// An operation's argument: its literal for a URL (a structured value as V4 JSON) and, for a collection,
    /// complex or entity parameter, its value for an action's body.
    private struct Argument {
        var name: String
        var literal: QueryLiteral
        var data: DataValue?
    }

    /// Arguments bound to an operation's parameters: each named once, typed by its parameter, the non-nullable
    /// ones all given.
    private func operationArguments(_ parameters: ArraySlice<Parameter>, _ arguments: [(name: AST.Name, value: AST.Expr)],
                                    operation n: AST.Name) throws -> [Argument] {
        var values: [Argument] = []
        for (pn, pv) in arguments {
            guard let p = parameters.first(where: { $0.name == pn.text }) else {
                throw LanguageError(.unknownName, "\(n.text) has no parameter \(pn.text)", at: pn.range,
                                    suggestions: NameSuggester.closest(to: pn.text, in: parameters.map(\.name)))
            }
            guard !values.contains(where: { $0.name == p.name }) else { throw LanguageError(.syntax, "\(p.name) is given twice", at: pn.range) }
            if case .literal(.null) = pv.kind, !p.isNullable {
                throw LanguageError(.typeMismatch, "\(p.name) (\(p.type.description)) may not be null", at: pv.range)
            }
            if let data = try structuredArgument(pv, parameter: p) {
                let literal: QueryLiteral
                do { literal = try data.queryLiteral(for: version) } catch let e as ValueConversionError {
                    throw LanguageError(.typeMismatch, "\(p.name): \(e.description)", at: pv.range)
                }
                values.append(Argument(name: p.name, literal: literal, data: data))
                continue
            }
            var t = ExprType.of(p.type.primitive)
            if case .enumeration(let en) = p.resolvedType { t = ExprType(enumType: en) }
            else if let prim = p.resolvedType.underlyingPrimitive { t = .of(prim) }
            t.origin = "\(p.name) (\(p.type.description))"
            let (x, _) = try bindExpr(pv, Context(type: nil, variables: [:]), expected: t)
            guard case .literal(let l) = x else { throw LanguageError(.typeMismatch, "a value is needed for \(p.name)", at: pv.range) }
            values.append(Argument(name: p.name, literal: l, data: nil))
        }
        let missing = parameters.filter { p in !p.isNullable && !values.contains { $0.name == p.name } }
        if let m = missing.first {
            throw LanguageError(.syntax, "\(n.text) needs the parameter \(m.name) (\(m.type.description))", at: n.range)
        }
        return values
    }

    /// The value of an argument for a collection, complex or entity parameter (`[...]`, `{...}` or null); nil for
    /// a parameter of a single primitive or enum type, which takes a literal.
    private func structuredArgument(_ e: AST.Expr, parameter p: Parameter) throws -> DataValue? {
        let structured: Bool
        switch p.resolvedType {
        case .complex, .entity: structured = true
        default: structured = p.type.isCollection
        }
        guard structured else {
            if case .structured(let v) = e.kind {
                throw LanguageError(.typeMismatch, "\(p.name) takes one value of \(p.type.description), not \(shape(v))", at: e.range)
            }
            return nil
        }
        if case .literal(.null) = e.kind { return .null }
        guard case .structured(let v) = e.kind else {
            let want = p.type.isCollection ? "a collection: give [ ... ]" : "structured: give { ... }"
            throw LanguageError(.typeMismatch, "\(p.name) (\(p.type.description)) is \(want)", at: e.range)
        }
        return try parameterValue(v, type: p.type, resolved: p.resolvedType, name: p.name, element: false)
    }

    private func shape(_ v: AST.Value) -> String {
        switch v {
        case .array: return "a collection [ ... ]"
        case .object: return "a structure { ... }"
        case .expr: return "an expression"
        }
    }

    /// A `[...]`, `{...}` or scalar value typed by a parameter's type (or, with `element`, by its element type).
    private func parameterValue(_ v: AST.Value, type: TypeReference, resolved: ResolvedType, name: String,
                                element: Bool) throws -> DataValue {
        if case .expr(let e) = v, case .literal(.null) = e.kind { return .null }
        if type.isCollection && !element {
            guard case .array(let items, _) = v else {
                throw LanguageError(.typeMismatch, "\(name) is a collection: give [ ... ]", at: range(of: v))
            }
            let values = try items.map { try parameterValue($0, type: type, resolved: resolved, name: name, element: true) }
            if case .entity = resolved {
                return .entityList(EntityValueList(values.compactMap { if case .entity(let x) = $0 { return x } else { return nil } }))
            }
            var elementType = type
            elementType.isCollection = false
            return .list(DataValueList(elementType: elementType, values))
        }
        switch resolved {
        case .complex(let c):
            let value = ComplexValue.ofType(c)
            try fill(value, from: v, type: c)
            return .complex(value)
        case .entity(let t):
            guard case .object = v else {
                throw LanguageError(.typeMismatch, "\(name) takes \(t.name) entities written as { ... }", at: range(of: v))
            }
            let value = EntityValue.ofType(t, in: nil)
            try fill(value, from: v, type: t)
            return .entity(value)
        default:
            guard case .expr(let e) = v else {
                throw LanguageError(.typeMismatch, "\(name) takes values of \(type.qualifiedName) here, not \(shape(v))", at: range(of: v))
            }
            var t = ExprType.of(type.primitive)
            if case .enumeration(let en) = resolved { t = ExprType(enumType: en) }
            else if let prim = resolved.underlyingPrimitive { t = .of(prim) }
            t.origin = "\(name) (\(type.qualifiedName))"
            let (x, _) = try bindExpr(e, Context(type: nil, variables: [:]), expected: t)
            guard case .literal(let l) = x else { throw LanguageError(.typeMismatch, "a value is needed for \(name)", at: e.range) }
            return try dataValue(l, at: e.range)
        }
    }

    private mutating func bindCall(_ n: AST.Name, _ arguments: [(name: AST.Name, value: AST.Expr)],
                                   _ options: AST.Options = AST.Options()) throws -> BoundStatement {
        var parameters: [Parameter] = []
        var method = "GET"
        var isAction = false
        var returnType: ReturnType?
        var returnSet: String?
        if let fi = document.functionImport(withName: n.text) {
            if version.isV4 {
                parameters = fi.resolvedFunctions.first?.parameters ?? []
                returnType = fi.resolvedFunctions.first?.returnType
            } else {
                parameters = fi.parameters
                method = fi.httpMethod?.uppercased() ?? "GET"
                returnType = fi.returnType
            }
            returnSet = fi.entitySet
        } else if let ai = document.actionImport(withName: n.text) {
            parameters = ai.resolvedActions.first?.parameters ?? []
            method = "POST"
            isAction = true
        } else {
            let names = document.functionImports.map(\.name) + document.actionImports.map(\.name)
            throw LanguageError(.unknownName, "no function or action import named \(n.text)", at: n.range,
                                suggestions: NameSuggester.closest(to: n.text, in: names))
        }
        let values = try operationArguments(parameters[...], arguments, operation: n)
        if isAction && !options.isEmpty {
            throw LanguageError(.syntax, "clauses follow a function that returns a collection of entities; \(n.text) does not",
                                at: n.range)
        }
        if isAction {
            let parameters = try values.map { (name: $0.name, value: try $0.data ?? dataValue($0.literal, at: n.range)) }
            return BoundStatement(request: .action(DataQuery().action(n.text), parameters: parameters), query: nil, warnings: warnings)
        }
        var q = DataQuery().function(n.text, parameters: values.map { ($0.name, $0.literal) })
        if !options.isEmpty {
            // Clauses narrow a function's collection of entities, as they do an entity set.
            guard let rt = returnType, rt.type.isCollection, case .entity(let t) = document.resolveType(rt.type.qualifiedName) else {
                throw LanguageError(.syntax, "clauses follow a function that returns a collection of entities; \(n.text) does not",
                                    at: n.range)
            }
            q.entityType = t
            q = try applyOptions(options, to: q, type: t, set: returnSet.flatMap { try? document.entitySet(withName: $0) }, nested: false)
        }
        _ = try writer().relativeURL(for: q)
        let request = method == "GET" ? DataRequest.query(q) : DataRequest(.function(method: HTTPMethod(rawValue: method) ?? .post), query: q)
        return BoundStatement(request: request, query: q, warnings: warnings, columnOrder: options.isEmpty ? nil : ColumnOrder.of(options, q))
    }
}
