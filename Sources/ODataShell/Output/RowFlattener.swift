import ODataClient
import ODataModel

/// Turns entities into flat rows of named cells for tables and CSV: complex values and single expanded entities
/// become nested columns (`Address/City`, `Customer/CompanyName`). An expanded collection, or a collection of
/// complex values, is a cell that counts its items and carries their rows (`Cell.nested`: the table and vertical
/// output show them below the row); a collection of primitive values is a cell `[a, b]`. For CSV (`json`),
/// collections are one cell of JSON text instead, as are complex values nested too deep to be columns.
///
/// Cells come in metadata order (properties, dynamic properties, expanded navigation), or in the order of the
/// statement's select and expand (`MemberOrder`): what it named first, then the rest.
enum RowFlattener {
    struct Cell {
        var text: String
        var isNull: Bool
        var isNumber: Bool
        /// The rows of an expanded collection or a collection of complex values (nil for other values).
        var nested: [[(String, Cell)]]? {
            get { box?.rows }
            set { box = newValue.map(Rows.init) }
        }
        private var box: Rows?

        init(text: String, isNull: Bool, isNumber: Bool, nested: [[(String, Cell)]]? = nil) {
            self.text = text; self.isNull = isNull; self.isNumber = isNumber
            self.nested = nested
        }
    }

    /// Rows nested in a cell (a class: a struct cannot hold itself).
    final class Rows {
        let rows: [[(String, Cell)]]
        init(_ rows: [[(String, Cell)]]) { self.rows = rows }
    }

    static func cells(_ s: StructureBase, prefix: String = "", depth: Int = 0, order: MemberOrder? = nil, json: Bool = false,
                      into out: inout [(String, Cell)]) {
        var members: [(name: String, value: DataValue, isProperty: Bool)] = []
        for (p, v) in s.propertyValues { members.append((p.name, v, true)) }
        for (name, v) in s.dynamicProperties { members.append((name, v, true)) }
        if let e = s as? EntityValue {
            for n in e.entityType.navigationProperties {
                if let v = e.value(for: n) { members.append((n.name, v, false)) }
            }
        }
        if let order, !order.names.isEmpty { members = order.arrange(members, name: \.name, isProperty: \.isProperty) }
        for m in members { add(prefix + m.name, m.value, depth: depth, order: order?.inside(m.name), json: json, into: &out) }
    }

    private static func add(_ name: String, _ v: DataValue, depth: Int, order: MemberOrder?, json: Bool, into out: inout [(String, Cell)]) {
        switch v {
        case .null: out.append((name, Cell(text: "", isNull: true, isNumber: false)))
        case .complex(let c) where depth < 3: cells(c, prefix: name + "/", depth: depth + 1, order: order, json: json, into: &out)
        case .entity(let e) where depth < 2: cells(e, prefix: name + "/", depth: depth + 1, order: order, json: json, into: &out)
        case .complex where json, .entity where json, .entityList where json, .list where json:
            out.append((name, Cell(text: jsonText(v, order: order), isNull: false, isNumber: false)))
        case .entityList(let l):
            let rows = l.entities.map { e in
                var r: [(String, Cell)] = []
                cells(e, order: order, into: &r)
                return r
            }
            out.append((name, Cell(text: count(rows.count), isNull: false, isNumber: false, nested: rows)))
        case .list(let l) where l.values.contains(where: { if case .complex = $0 { return true } else { return false } }):
            let rows = l.values.map { v in
                var r: [(String, Cell)] = []
                if case .complex(let c) = v { cells(c, order: order, into: &r) } else { add("value", v, depth: 0, order: nil, json: false, into: &r) }
                return r
            }
            out.append((name, Cell(text: count(rows.count), isNull: false, isNumber: false, nested: rows)))
        case .list(let l): out.append((name, Cell(text: "[" + l.values.map { $0.description }.joined(separator: ", ") + "]", isNull: false, isNumber: false)))
        case .complex, .entity: out.append((name, Cell(text: jsonText(v, order: order), isNull: false, isNumber: false)))
        default: out.append((name, Cell(text: v.description, isNull: false, isNumber: isNumeric(v))))
        }
    }

    /// `3 rows`: what the cell of a collection says.
    static func count(_ n: Int) -> String { "\(n) row\(n == 1 ? "" : "s")" }

    /// The value as compact JSON text, as `-o json` writes it.
    static func jsonText(_ v: DataValue, order: MemberOrder?) -> String {
        var text = ""
        let w = NDJSONWriter(options: .init(memberOrder: order)) { text += String(decoding: $0, as: UTF8.self) }
        try? w.write(v)
        try? w.finish()
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    static func isNumeric(_ v: DataValue) -> Bool {
        switch v {
        case .unsignedByte, .byte, .short, .int, .long, .decimal, .double, .float: return true
        default: return false
        }
    }

    /// The cells of an entity; `json`: collections as JSON text (for CSV).
    static func row(_ e: EntityValue, order: MemberOrder? = nil, json: Bool = false) -> [(String, Cell)] {
        var out: [(String, Cell)] = []
        cells(e, order: order, json: json, into: &out)
        return out
    }

    /// The cells of a value: a complex value's members, an entity's, else one cell named `value`.
    static func row(_ v: DataValue, order: MemberOrder? = nil, json: Bool = false) -> [(String, Cell)] {
        switch v {
        case .complex(let c):
            var out: [(String, Cell)] = []
            cells(c, order: order, json: json, into: &out)
            return out
        case .entity(let e): return row(e, order: order, json: json)
        default:
            var out: [(String, Cell)] = []
            add("value", v, depth: 0, order: nil, json: json, into: &out)
            return out
        }
    }
}
