/// Annotation values as short text for change reports, and whether two annotations say the same.
enum AnnotationText {
    /// Equal value and equal annotations of the annotation; the term's spelling (alias or namespace) does not count.
    /// No value means `true` (CSDL: a Boolean term applied without an expression; CSDL JSON writes it out).
    static func same(_ a: CsdlAnnotation, _ b: CsdlAnnotation) -> Bool {
        guard (a.value ?? implicitTrue) == (b.value ?? implicitTrue), a.annotations.count == b.annotations.count else { return false }
        for (x, y) in zip(a.annotations, b.annotations) where x.key != y.key || !same(x, y) { return false }
        return true
    }

    private static let implicitTrue = AnnotationExpression.constant(kind: "Bool", value: "true")

    /// `"Customer ID"`, `Path(_it/owner)`, `{Label="Name", Value=Path(Name)}`, `[1, 2]`; annotations of the annotation
    /// follow as ` @Term=value`.
    static func text(_ a: CsdlAnnotation) -> String {
        var out = a.value.map(text) ?? "(no value)"
        for n in a.annotations { out += " @\(n.key)=\(text(n))" }
        return out
    }

    static func text(_ e: AnnotationExpression) -> String {
        switch e {
        case .constant(let kind, let v):
            switch kind {
            case "String": return "\"\(v)\""
            case "Bool", "Int", "Decimal", "Float": return v
            default: return "\(kind)(\(v))"
            }
        case .path(let kind, let v): return "\(kind)(\(v))"
        case .null: return "null"
        case .collection(let items): return "[" + items.map(text).joined(separator: ", ") + "]"
        case .record(let type, let props):
            let body = props.map { "\($0.property)=\(text($0.value))" }.joined(separator: ", ")
            return (type.map { "\($0) " } ?? "") + "{" + body + "}"
        case .dynamic(let name, let attrs, let ops):
            let a = attrs.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return "\(name)(" + (a + ops.map(text)).joined(separator: ", ") + ")"
        }
    }
}
