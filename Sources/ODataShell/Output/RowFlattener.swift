import ODataClient
import ODataModel

/// Turns entities into flat rows of named cells for tables and CSV: complex values and single expanded entities
/// become nested columns (`Address/City`, `Customer/CompanyName`), expanded collections a count.
enum RowFlattener {
    struct Cell {
        var text: String
        var isNull: Bool
        var isNumber: Bool
    }

    static func cells(_ s: StructureBase, prefix: String = "", depth: Int = 0, into out: inout [(String, Cell)]) {
        for (p, v) in s.propertyValues { add(prefix + p.name, v, depth: depth, into: &out) }
        for (name, v) in s.dynamicProperties { add(prefix + name, v, depth: depth, into: &out) }
        if let e = s as? EntityValue {
            for n in e.entityType.navigationProperties {
                if let v = e.value(for: n) { add(prefix + n.name, v, depth: depth, into: &out) }
            }
        }
    }

    private static func add(_ name: String, _ v: DataValue, depth: Int, into out: inout [(String, Cell)]) {
        switch v {
        case .null: out.append((name, Cell(text: "", isNull: true, isNumber: false)))
        case .complex(let c) where depth < 3: cells(c, prefix: name + "/", depth: depth + 1, into: &out)
        case .entity(let e) where depth < 2: cells(e, prefix: name + "/", depth: depth + 1, into: &out)
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

    static func row(_ e: EntityValue) -> [(String, Cell)] {
        var out: [(String, Cell)] = []
        cells(e, into: &out)
        return out
    }

    static func row(_ v: DataValue) -> [(String, Cell)] {
        switch v {
        case .complex(let c):
            var out: [(String, Cell)] = []
            cells(c, into: &out)
            return out
        case .entity(let e): return row(e)
        default:
            var out: [(String, Cell)] = []
            add("value", v, depth: 0, into: &out)
            return out
        }
    }
}
