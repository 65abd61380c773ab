import ODataClient
import ODataModel

/// Turns entities into flat rows of named cells for tables and CSV: complex values and single expanded entities
/// become nested columns (`Address/City`, `Customer/CompanyName`), expanded collections a count.
///
/// Cells come in metadata order (properties, dynamic properties, expanded navigation), or in the order of the
/// statement's select and expand (`MemberOrder`): what it named first, then the rest.
enum RowFlattener {
    struct Cell {
        var text: String
        var isNull: Bool
        var isNumber: Bool
    }

    static func cells(_ s: StructureBase, prefix: String = "", depth: Int = 0, order: MemberOrder? = nil, into out: inout [(String, Cell)]) {
        var members: [(name: String, value: DataValue, isProperty: Bool)] = []
        for (p, v) in s.propertyValues { members.append((p.name, v, true)) }
        for (name, v) in s.dynamicProperties { members.append((name, v, true)) }
        if let e = s as? EntityValue {
            for n in e.entityType.navigationProperties {
                if let v = e.value(for: n) { members.append((n.name, v, false)) }
            }
        }
        if let order, !order.names.isEmpty { members = order.arrange(members, name: \.name, isProperty: \.isProperty) }
        for m in members { add(prefix + m.name, m.value, depth: depth, order: order?.inside(m.name), into: &out) }
    }

    private static func add(_ name: String, _ v: DataValue, depth: Int, order: MemberOrder?, into out: inout [(String, Cell)]) {
        switch v {
        case .null: out.append((name, Cell(text: "", isNull: true, isNumber: false)))
        case .complex(let c) where depth < 3: cells(c, prefix: name + "/", depth: depth + 1, order: order, into: &out)
        case .entity(let e) where depth < 2: cells(e, prefix: name + "/", depth: depth + 1, order: order, into: &out)
        case .entityList(let l): out.append((name, Cell(text: "[\(l.entities.count) entities]", isNull: false, isNumber: false)))
        case .list(let l): out.append((name, Cell(text: "[" + l.values.map { $0.description }.joined(separator: ", ") + "]", isNull: false, isNumber: false)))
        default: out.append((name, Cell(text: v.description, isNull: false, isNumber: isNumeric(v))))
        }
    }

    static func isNumeric(_ v: DataValue) -> Bool {
        switch v {
        case .unsignedByte, .byte, .short, .int, .long, .decimal, .double, .float: return true
        default: return false
        }
    }

    static func row(_ e: EntityValue, order: MemberOrder? = nil) -> [(String, Cell)] {
        var out: [(String, Cell)] = []
        cells(e, order: order, into: &out)
        return out
    }

    static func row(_ v: DataValue, order: MemberOrder? = nil) -> [(String, Cell)] {
        switch v {
        case .complex(let c):
            var out: [(String, Cell)] = []
            cells(c, order: order, into: &out)
            return out
        case .entity(let e): return row(e, order: order)
        default:
            var out: [(String, Cell)] = []
            add("value", v, depth: 0, order: nil, into: &out)
            return out
        }
    }
}
