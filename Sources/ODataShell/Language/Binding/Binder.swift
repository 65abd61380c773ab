import ODataClient
import ODataModel
import ODataQuery

/// Checks a parsed statement against the model and turns it into a request: names resolved (with "did you mean"),
/// literals typed by the property or parameter they meet, V4-only features refused on V2 services, capability
/// restrictions reported as warnings.
///
/// This type reads the statement and hands each concern to its part: `PathResolver` (resource paths), `KeyBinder`,
/// `QueryOptionBinder` (clauses) with `CapabilityChecker`, `ExpressionTyper` and `LiteralTyper` (filters and values),
/// `ValueConverter` (bodies), `OperationArgumentBinder` and `CallBinder` (calls), `ReferenceBinder` (link, unlink)
/// and `BatchBinder`.
struct Binder: BinderPart {
    let document: CsdlDocument
    var version: ODataVersion { document.version }
    private var warnings: [String] = []
    private var text = ""

    init(document: CsdlDocument) { self.document = document }

    /// Parses and binds one statement.
    static func bind(_ statement: String, document: CsdlDocument) throws -> BoundStatement {
        let ast = try Parser.parse(statement)
        var b = Binder(document: document)
        return try b.bind(ast, text: statement)
    }

    /// Binds a parsed statement; `text` is the statement, for the caret line of errors.
    mutating func bind(_ statement: AST.Statement, text: String) throws -> BoundStatement {
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

    /// One statement bound, its request's URL written for the service's version (`DataRequest.writeURL(for:)`): what
    /// the version cannot express is refused here, and the request is sent with the URL written here. A batch binds
    /// its statements through here too, so warnings gather over all of them.
    mutating func bindStatement(_ s: AST.Statement) throws -> BoundStatement {
        var bound = try bindRequest(s)
        try bound.request.writeURL(for: version)
        return bound
    }

    private mutating func bindRequest(_ s: AST.Statement) throws -> BoundStatement {
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
                if let at = options.aggregation.groupByRange ?? options.aggregation.aggregateRange {
                    throw LanguageError(.syntax, "count takes no group by or aggregate: count the rows with aggregate count as N", at: at)
                }
            }
            let target = try resolver.resolve(path)
            if let e = target.endsInProperty, !options.isEmpty {
                throw LanguageError(.syntax, "no clauses can follow the property \(e)", at: path.range)
            }
            var q = target.query
            var clauses = QueryOptionBinder(document: document)
            q = try clauses.applyOptions(options, to: q, type: target.entityType, set: target.entitySet, nested: false)
            warnings += clauses.warnings
            if countOnly {
                guard target.isCollection else { throw LanguageError(.syntax, "count needs a collection, not one entity", at: path.range) }
                q = q.count()
            }
            warnings += capabilities.requiredFilterWarnings(options, set: target.entitySet, type: target.entityType,
                                                            isCollection: target.isCollection)
            return BoundStatement(request: .query(q), query: q, warnings: warnings,
                                  columnOrder: countOnly ? nil : ColumnOrder.of(options, q) ?? ColumnOrder.ofAggregation(q))
        case .create(let path, let body):
            let target = try resolver.resolve(path)
            guard target.isCollection, let type = target.entityType else {
                throw LanguageError(.syntax, "create needs an entity set or a collection, not one entity", at: path.range)
            }
            let entity = EntityValue.ofType(type, in: target.entitySet)
            try converter.fill(entity, from: body, type: type)
            return BoundStatement(request: .create(entity, at: target.query), query: nil, warnings: warnings)
        case .update(let path, let body, let force, let replace):
            let target = try resolver.resolve(path)
            guard !target.isCollection, let type = target.entityType else {
                throw LanguageError(.syntax, "\(replace ? "replace" : "update") needs one entity: give its key, as in \(path.segments[0].name.text)(...)", at: path.range)
            }
            let entity = addressed(type, target)
            try converter.fill(entity, from: body, type: type)
            var request = replace ? DataRequest.replace(entity, at: target.query) : DataRequest.update(entity, at: target.query)
            if force { request.ifMatch = .any }
            return BoundStatement(request: request, query: nil, warnings: warnings)
        case .delete(let path, let force):
            let target = try resolver.resolve(path)
            guard !target.isCollection, let type = target.entityType else {
                throw LanguageError(.syntax, "delete needs one entity: give its key, as in \(path.segments[0].name.text)(...)", at: path.range)
            }
            var request = DataRequest.delete(at: target.query, entity: addressed(type, target))
            if force { request.ifMatch = .any }
            return BoundStatement(request: request, query: nil, warnings: warnings)
        case .call(let name, let arguments, let options):
            var calls = CallBinder(document: document)
            return finished(try calls.bindCall(name, arguments, options), adding: calls.warnings)
        case .callBound(let path):
            var calls = CallBinder(document: document)
            guard let bound = try calls.bindBoundCall(path) else {
                // A bound function: read like any path.
                return try bindStatement(.query(path: path, options: AST.Options(), countOnly: false))
            }
            return finished(bound, adding: calls.warnings)
        case .link(let path, let target):
            return finished(try ReferenceBinder(document: document).bindReference(path, linkTo: target), adding: [])
        case .unlink(let path):
            return finished(try ReferenceBinder(document: document).bindReference(path, linkTo: nil), adding: [])
        case .batch(let items):
            let (request, orders) = try BatchBinder(version: version, text: text).bind(items, with: &self)
            return BoundStatement(request: request, query: nil, warnings: warnings, batchColumnOrders: orders)
        }
    }

    /// A part's statement with the warnings gathered so far (a batch's statements before it), then its own.
    private mutating func finished(_ bound: BoundStatement, adding new: [String]) -> BoundStatement {
        warnings += new
        var b = bound
        b.warnings = warnings
        return b
    }


    /// The entity a write addresses: its type and set, with the key values of the path's last key. They go in the
    /// body of an update too: the protocol allows it, and some V2 services (pyslet) need the key in a MERGE body.
    private func addressed(_ type: EntityType, _ target: PathResolver.Target) -> EntityValue {
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
}
