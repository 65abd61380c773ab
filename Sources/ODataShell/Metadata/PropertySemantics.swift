import ODataModel

/// What the vocabularies say about a property, for `describe`: its text, unit or currency, value help and field
/// control, read through the model's typed helpers.
struct PropertySemantics {
    let property: Property
    init(_ property: Property) { self.property = property }

    /// Short notes (`text: CompanyName`, `currency: Currency`, `value list: VL_SH_H_T001`, `field control: from X_fc`).
    var notes: [String] {
        var out: [String] = []
        if let t = property.textPath { out.append("text: \(t)" + (property.textArrangement.map { " (\($0))" } ?? "")) }
        if let u = property.unitReference { out.append("\(u.kind.rawValue): \(Self.text(u.source))") }
        let lists = property.valueLists
        if let first = lists.first {
            var s = "value list: \(first.collectionPath)"
            if let root = first.collectionRoot { s += " at \(root)" }
            if lists.count > 1 { s += " (+\(lists.count - 1) more)" }
            if first.fixedValues { s += " (fixed values)" }
            out.append(s)
        } else if property.hasValueHelp {
            out.append(property.hasFixedValues ? "value list: fixed values" : "value list")
        }
        if let f = property.fieldControl { out.append("field control: \(f)") }
        return out
    }

    static func text(_ s: UnitReference.Source) -> String {
        switch s {
        case .property(let p): return p
        case .constant(let c): return "'\(c)'"
        }
    }

    func json(_ w: inout JSONWriter) {
        if let t = property.textPath { w.string("text", t) }
        if let a = property.textArrangement { w.string("textArrangement", a) }
        if let u = property.unitReference {
            w.beginObject(u.kind.rawValue)
            switch u.source {
            case .property(let p): w.string("property", p)
            case .constant(let c): w.string("constant", c)
            }
            w.endObject()
        }
        if property.hasValueHelp {
            w.beginObject("valueHelp")
            w.bool("fixedValues", property.hasFixedValues)
            w.beginArray("valueLists")
            for l in property.valueLists {
                w.beginObject()
                w.string("collectionPath", l.collectionPath)
                if let r = l.collectionRoot { w.string("collectionRoot", r) }
                if let q = l.qualifier { w.string("qualifier", q) }
                if let label = l.label { w.string("label", label) }
                w.bool("searchSupported", l.searchSupported)
                w.beginArray("parameters")
                for p in l.parameters {
                    w.beginObject()
                    w.string("kind", p.kind.rawValue)
                    if let local = p.localProperty { w.string("localProperty", local) }
                    w.string("valueListProperty", p.valueListProperty)
                    if let c = p.constant { w.string("constant", c) }
                    w.endObject()
                }
                w.endArray()
                w.endObject()
            }
            w.endArray()
            w.endObject()
        }
        if let f = property.fieldControl {
            switch f {
            case .property(let p): w.beginObject("fieldControl"); w.string("property", p); w.endObject()
            case .constant(let c): w.beginObject("fieldControl"); w.string("constant", c); w.endObject()
            }
        }
    }
}
