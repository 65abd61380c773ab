import ODataClient
import ODataModel
import ODataQuery

/// Binds the key of an entity, `(1)` or `(OrderID=1, ProductID=2)`, each value typed by its key property.
struct KeyBinder: BinderPart {
    let document: CsdlDocument

    /// A key in parentheses: one unnamed value for a single key property, or every key property named once.
    func bindKey(_ k: AST.Key, type: EntityType) throws -> EntityKey {
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
            return EntityKey(try typer.bindValue(k.values[0].value, to: keys[0]))
        }
        var pairs: [(String, QueryLiteral)] = []
        for (name, value) in k.values {
            guard let n = name else { throw LanguageError(.syntax, "name every key value, as in (\(keys.map { "\($0.name)=..." }.joined(separator: ", ")))", at: value.range) }
            guard let p = keys.first(where: { $0.name == n.text }) else {
                throw LanguageError(.unknownName, "\(n.text) is not a key property of \(type.name)", at: n.range,
                                    suggestions: NameSuggester.closest(to: n.text, in: keys.map(\.name)))
            }
            if pairs.contains(where: { $0.0 == p.name }) { throw LanguageError(.syntax, "\(p.name) is given twice", at: n.range) }
            pairs.append((p.name, try typer.bindValue(value, to: p)))
        }
        let missing = keys.filter { p in !pairs.contains { $0.0 == p.name } }
        if !missing.isEmpty {
            throw LanguageError(.syntax, "the key of \(type.name) also needs " + missing.map(\.name).joined(separator: ", "), at: k.range)
        }
        if keys.count == 1 { return EntityKey(pairs[0].1) }
        // Write composite keys in the order the type declares them.
        return EntityKey(keys.map { p in pairs.first { $0.0 == p.name }! })
    }
}
