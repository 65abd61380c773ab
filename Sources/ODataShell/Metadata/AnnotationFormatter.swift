import ODataModel

/// Short, readable forms of annotations for describe output.
enum AnnotationFormatter {
    static func text(_ a: CsdlAnnotation, limit: Int = 120) -> String {
        var s = "@" + a.term + (a.qualifier.map { "#\($0)" } ?? "")
        if let v = a.value { s += " = " + text(v) }
        if s.count > limit { s = String(s.prefix(limit - 1)) + "…" }
        return s
    }

    static func text(_ e: AnnotationExpression) -> String {
        switch e {
        case .constant(let kind, let v): return kind == "String" ? "'\(v)'" : v
        case .path(_, let v): return v
        case .null: return "null"
        case .collection(let items): return "[" + items.map(text).joined(separator: ", ") + "]"
        case .record(let type, let props):
            let body = props.map { "\($0.property): \(text($0.value))" }.joined(separator: ", ")
            return (type.map { $0 + " " } ?? "") + "{" + body + "}"
        case .dynamic(let name, let attrs, let ops):
            let a = attrs.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return name + "(" + (a + ops.map(text)).joined(separator: ", ") + ")"
        }
    }

    static func json(_ e: AnnotationExpression, _ w: inout JSONWriter, key: String?) {
        switch e {
        case .constant(let kind, let v):
            w.beginObject(key); w.string("kind", kind); w.string("value", v); w.endObject()
        case .path(let kind, let v):
            w.beginObject(key); w.string("kind", kind); w.string("value", v); w.endObject()
        case .null:
            w.raw(key, "null")
        case .collection(let items):
            w.beginArray(key); for i in items { json(i, &w, key: nil) }; w.endArray()
        case .record(let type, let props):
            w.beginObject(key)
            w.string("kind", "Record")
            if let t = type { w.string("type", t) }
            w.beginObject("properties")
            for p in props { json(p.value, &w, key: p.property) }
            w.endObject()
            w.endObject()
        case .dynamic(let name, let attrs, let ops):
            w.beginObject(key)
            w.string("kind", name)
            for (k, v) in attrs.sorted(by: { $0.key < $1.key }) { w.string(k, v) }
            w.beginArray("operands"); for o in ops { json(o, &w, key: nil) }; w.endArray()
            w.endObject()
        }
    }

    static func json(_ list: [CsdlAnnotation], _ w: inout JSONWriter) {
        w.beginArray("annotations")
        for a in list {
            w.beginObject()
            w.string("term", a.term)
            if let q = a.qualifier { w.string("qualifier", q) }
            if let t = a.target { w.string("target", t) }
            if let v = a.value { json(v, &w, key: "value") }
            w.endObject()
        }
        w.endArray()
    }
}
