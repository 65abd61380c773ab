import ODataClient
import ODataModel
import ODataQuery

/// Binds `link` and `unlink`: the navigation property of one entity, and the related entity by its set and key.
struct ReferenceBinder: BinderPart {
    let document: CsdlDocument

    /// `link Categories(1)/Products to Products(5)` and `unlink Categories(1)/Products(5)`: the entity's navigation
    /// property, and the related entity (for link, and for unlink of a collection's member).
    func bindReference(_ path: AST.ResourcePath, linkTo targetExpr: AST.Expr?) throws -> BoundStatement {
        let verb = targetExpr == nil ? "unlink" : "link"
        let example = targetExpr == nil ? "unlink Categories(1)/Products(5)" : "link Categories(1)/Products to Products(5)"
        guard path.segments.count > 1, let last = path.segments.last else {
            throw LanguageError(.syntax, "\(verb) names an entity's navigation property, as in \(example)", at: path.range)
        }
        let source = try resolver.resolve(AST.ResourcePath(segments: Array(path.segments.dropLast())))
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
            request = .link(q, to: try converter.referenceQuery(targetExpr, to: targetType), collection: nav.isCollection)
        } else if nav.isCollection {
            guard let k = last.key else {
                throw LanguageError(.syntax, "\(nav.name) is a collection: give the key of the entity to unlink, as in \(example)", at: last.name.range)
            }
            let key = try keys.bindKey(k, type: targetType)
            // The related entity by its entity set when the metadata binds one, else by this path.
            let set = source.entitySet.flatMap { s in s.bindingTarget(for: nav.name).flatMap { try? document.entitySet(withName: $0) } }
            let target = set.map { DataQuery().from($0).withKey(key) } ?? q.withKey(key)
            request = .unlink(q, from: target)
        } else {
            if let k = last.key { throw LanguageError(.syntax, "\(nav.name) leads to one entity: unlink it without a key", at: k.range) }
            request = .unlink(q, from: nil)
        }
        return BoundStatement(request: request, query: nil, warnings: [])
    }
}
