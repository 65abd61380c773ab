/// One annotation of a document, as data: what it targets, its term, qualifier and value, where it was written.
/// Vocabulary annotations (inline, or in `Annotations` blocks) and SAP's V2 `sap:*` attributes alike.
public struct AnnotationEntry: Sendable {
    /// How the annotation was written.
    public enum Origin: String, Sendable {
        /// An `Annotation` element inside the element it annotates.
        case inline
        /// An `Annotation` in an `Annotations Target=...` block.
        case block
        /// A V2 `sap:NAME` attribute (its term is `sap:NAME`, its value a string constant).
        case sapAttribute = "sap"
    }
    /// The element path (`NS.Type/Property`, `Container/Set`, ...) as `ElementPaths` names it; for a block whose
    /// target does not resolve, the target as written.
    public var target: String
    /// The term's qualified name (aliases replaced), or `sap:NAME`.
    public var term: String
    /// The annotation's qualifier, when it has one.
    public var qualifier: String?
    /// The value (a string constant for a `sap:` attribute; nil for an annotation without one, which means true).
    public var value: AnnotationExpression?
    /// Where the annotation was written: inline, in an `Annotations` block, or as a `sap:` attribute.
    public var origin: Origin
    /// Where the annotation (for `sap:` attributes: the element) was written.
    public var location: SourceLocation
    /// False when the block's target leads nowhere in the model.
    public var targetResolves: Bool

    /// An annotation entry as listed.
    public init(target: String, term: String, qualifier: String?, value: AnnotationExpression?, origin: Origin,
                location: SourceLocation, targetResolves: Bool = true) {
        self.target = target; self.term = term; self.qualifier = qualifier; self.value = value; self.origin = origin
        self.location = location; self.targetResolves = targetResolves
    }

    /// Every annotation of the document, element by element in `ElementPaths` order (each element's `sap:`
    /// attributes first, then its annotations in document order), then those of blocks whose target is missing.
    /// Annotations of annotations follow their host, with the term `Host/@Term`.
    public static func all(in doc: CsdlDocument) -> [AnnotationEntry] {
        var out: [AnnotationEntry] = []
        func add(_ a: CsdlAnnotation, target: String, prefix: String, resolves: Bool) {
            let origin: Origin = a.target == nil && resolves ? .inline : .block
            out.append(AnnotationEntry(target: target, term: prefix + a.term, qualifier: a.qualifier, value: a.value,
                                       origin: origin, location: a.location, targetResolves: resolves))
            for inner in a.annotations { add(inner, target: target, prefix: prefix + a.term + "/@", resolves: resolves) }
        }
        ElementPaths.forEach(doc) { path, e in
            for f in e.foreignAttributes where f.namespace == SAPAttributes.namespace {
                out.append(AnnotationEntry(target: path, term: "sap:" + f.localName, qualifier: nil,
                                           value: .constant(kind: "String", value: f.value), origin: .sapAttribute, location: e.location))
            }
            for a in e.annotations {
                // An operation's `$ReturnType` annotations are kept on the operation, marked by their target.
                let target = a.target.map { $0.hasPrefix("$") ? path + "/" + $0 : path } ?? path
                add(a, target: target, prefix: "", resolves: true)
            }
        }
        // The resolver gives each annotation of a block whose target it found that target (a `$ReturnType` block's
        // go to the operation with it); those still without one are the missing target's.
        for b in doc.annotationsBlocks where !b.target.hasSuffix("/$ReturnType") {
            for a in b.annotations where a.target == nil { add(a, target: b.target, prefix: "", resolves: false) }
        }
        return out
    }
}
