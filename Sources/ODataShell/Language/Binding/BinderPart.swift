import ODataModel
import ODataQuery

/// One concern of the binder (paths, keys, expressions, literals, values, arguments, clauses, calls, references).
/// The parts read the same model and nothing else, so each reaches the others by making them when needed.
protocol BinderPart {
    /// The model names are resolved against.
    var document: CsdlDocument { get }
}

extension BinderPart {
    var version: ODataVersion { document.version }
    var resolver: PathResolver { PathResolver(document: document) }
    var keys: KeyBinder { KeyBinder(document: document) }
    var typer: ExpressionTyper { ExpressionTyper(document: document) }
    var converter: ValueConverter { ValueConverter(document: document) }
    var argumentBinder: OperationArgumentBinder { OperationArgumentBinder(document: document) }
    var capabilities: CapabilityChecker { CapabilityChecker(document: document) }

    /// The URL writer for the service's version: what that version cannot express is refused by it.
    func writer() -> QueryURLWriter { QueryURLWriter(version: version) }

    /// A feature the service's OData version lacks.
    func unsupported(_ feature: String, at r: SourceRange) -> LanguageError {
        LanguageError(.unsupported, "\(feature) needs OData V4; this service speaks OData \(version.rawValue)", at: r)
    }

    /// A name that is no property of `t`, with the closest names it has.
    func unknownProperty(_ n: AST.Name, in t: StructuredType) -> LanguageError {
        LanguageError(.unknownName, "\(t.name) has no property \(n.text)", at: n.range,
                      suggestions: NameSuggester.closest(to: n.text, in: t.properties.map(\.name) + t.navigationProperties.map(\.name)))
    }
}
