import ODataClient
import ODataModel
import ODataQuery

/// What the table shows of each row, from what the metadata says matters (a step before the table renderer, which
/// lays out whatever cells it gets; json, ndjson and csv never pass through here):
/// - with no `select`, the `UI.LineItem` columns (keys first when the line item leaves them out), and the columns of
///   expanded navigation properties; else every column;
/// - an amount or quantity with its unit or currency (`sap:unit`, `Measures.ISOCurrency`/`Unit`): `12.50 EUR`;
/// - with `texts` on, a code with its `Common.Text` / `sap:text`, arranged as `UI.TextArrangement` says
///   (`Text (CODE)` by default, as SAP's UIs show it).
struct TableColumns {
    typealias Cells = [(String, RowFlattener.Cell)]
    /// The columns to keep, in order, when the line item picks them; nil for all.
    var columns: [String]?
    /// Navigation properties whose expanded columns (`Nav/...`) stay.
    var expanded: Set<String> = []
    /// Amount column → where its unit comes from.
    var units: [String: UnitReference.Source] = [:]
    /// Code column → (text column, arrangement).
    var texts: [String: (path: String, arrangement: String)] = [:]

    var isEmpty: Bool { columns == nil && units.isEmpty && texts.isEmpty }

    /// The step for a statement's result, or nil when it changes nothing.
    static func make(for query: DataQuery?, document: CsdlDocument, settings: ShellSettings) -> TableColumns? {
        guard let query, !query.countOnly, let type = query.entityType else { return nil }
        var t = TableColumns()
        if settings.lineItemColumns, query.selectItems.isEmpty, !query.selectsAll {
            var line: LineItemColumns?
            if query.path.count == 1, case .entitySet(let name) = query.path[0], let set = try? document.entitySet(withName: name) {
                line = LineItemColumns.of(set)
            }
            if let picked = line ?? LineItemColumns.of(type) {
                var cols = type.allKeyNames.filter { !picked.paths.contains($0) }
                cols += picked.paths
                t.columns = cols
                t.expanded = Set(query.expandItems.compactMap { $0.path.segments.first })
            }
        }
        for p in type.properties {
            if settings.units, let u = p.unitReference { t.units[p.name] = u.source }
            if settings.texts, let path = p.textPath, path != p.name {
                t.texts[p.name] = (path, p.textArrangement ?? "TextFirst")
            }
        }
        return t.isEmpty ? nil : t
    }

    /// The cells of one row, as the table shows them.
    func apply(_ row: Cells) -> Cells {
        var byName: [String: RowFlattener.Cell] = [:]
        for (name, cell) in row { byName[name] = cell }
        var out: Cells = []
        func shown(_ name: String, _ cell: RowFlattener.Cell) -> RowFlattener.Cell {
            var c = cell
            guard !c.isNull else { return c }
            if let source = units[name] {
                let unit: String?
                switch source {
                case .constant(let u): unit = u
                case .property(let p): unit = byName[p].flatMap { $0.isNull || $0.text.isEmpty ? nil : $0.text }
                }
                if let unit { c.text += " " + unit }
            }
            if let (path, arrangement) = texts[name], let text = byName[path], !text.isNull, !text.text.isEmpty {
                switch arrangement {
                case "TextOnly": c.text = text.text
                case "TextLast": c.text += " (" + text.text + ")"
                case "TextSeparate": break
                default: c.text = text.text + " (" + c.text + ")"
                }
                c.isNumber = false
            }
            return c
        }
        if let columns {
            for name in columns {
                // A complex column stands for its parts (`Address` → `Address/City`, ...).
                if let cell = byName[name] { out.append((name, shown(name, cell))); continue }
                for (n, cell) in row where n.hasPrefix(name + "/") { out.append((n, shown(n, cell))) }
            }
            for (name, cell) in row {
                guard let slash = name.firstIndex(of: "/"), expanded.contains(String(name[..<slash])) else { continue }
                out.append((name, cell))
            }
            return out
        }
        return row.map { ($0.0, shown($0.0, $0.1)) }
    }
}
