import ODataClient
import ODataModel

/// The guide `odsh mcp --guide` prints and the MCP server offers as a prompt and a resource: how to use the tools
/// and the statement language, with examples made from the connected service's own sets and properties.
struct AgentGuide {
    let tools: [AgentTool]
    let service: AgentService?
    /// The system named on the command line, when the tools serve its catalog.
    let system: String?
    let catalog: [GatewayCatalog.Service]
    let maxRows: Int

    var text: String {
        var s = "# Using odsh's tools on an OData service\n\n"
        if let system {
            s += "The tools serve the services of the SAP system \(system). Call `services` first, then give every other tool the technical name of one of them as `service`.\n\n"
            if !catalog.isEmpty {
                s += "Some of its services: " + catalog.prefix(5).map(\.technicalName).joined(separator: ", ") + ".\n\n"
            }
        }
        s += "## Tools\n\n"
        for t in tools {
            s += "- `\(t.name)`: \(t.description)" + (t.readOnly ? "" : " (changes data)") + "\n"
        }
        s += """

            ## How to work

            1. `sets` to find the entity set (filter by a word of its name or label).
            2. `describe` the set: its properties, their types, key, labels, units, value help, navigation, and what the service does not allow.
            3. `query` with a statement. Read the error if one comes back: it gives the column of the fault and the names the service has that you could have meant. Mend the statement and call again.
            4. A result has at most \(maxRows) rows. When `more` is true, pass `continuation` back to `query` for the next rows, or narrow the statement with `where` and `select`.

            ## The statement language

            A statement names a set, then clauses in any order:
            - `where` EXPR: filter. Comparisons `=`, `!=`, `<`, `<=`, `>`, `>=` (or OData's `eq`, `ne`, `lt`, `le`, `gt`, `ge`), `and`, `or`, `not`, `in (a, b)`; functions `contains(Name, 'x')`, `startswith`, `endswith`, `tolower`, `year(Date)`; lambdas `Orders/any(o: o/Freight > 100)`.
            - `select` A, B, Nav/C: only these properties.
            - `order by` A desc, B
            - `top` N, `skip` N
            - `expand` Nav, Nav2(select X; where Y > 1; top 3)
            - `count` after the set asks for the total with the rows; `count Set where ...` answers the number alone.
            - `group by` A, B `aggregate` sum(X) as Total, count as N: one row per group (OData V4 `$apply`; also min, max, average, countdistinct); `having` Total > 100 filters the groups, `order by`/`top` apply to them, `top` 3 `by` Total keeps the largest. `aggregate` alone gives one row.
            - `compute` X mul 1.2 as Gross: a computed value usable in select, where and order by.
            Strings are in single quotes ('O''Brien' doubles a quote). Keys go in parentheses: `Set(1)`, `Set('A')`, `Set(K1=1,K2='x')`. Navigation follows a key: `Set(1)/Nav`.
            Functions: `call Name(p=1, q='x')`; bound: `Set(1)/Namespace.Name(p=1)`.

            """
        if tools.contains(where: { !$0.readOnly }) {
            s += """
                Writes: `create Set {A: 1, B: 'x'}`, `update Set(1) {B: 'y'}`, `delete Set(1)`, `call ActionName(p=1)`; each through its own tool.

                """
        }
        let examples = self.examples
        if !examples.isEmpty {
            s += "\n## Examples on this service\n\n"
            for e in examples { s += "- `\(e)`\n" }
        }
        return s
    }

    /// Statements made from the service's first addressable entity set with a key and properties.
    var examples: [String] {
        guard let doc = service?.document else { return [] }
        guard let set = doc.entitySets.first(where: { $0.sap.addressable && ($0.entityTypeIfResolved?.allKeyNames.isEmpty == false) }),
              let type = set.entityTypeIfResolved else { return [] }
        var out = ["\(set.name) top 5", "count \(set.name)"]
        let keyNames = type.allKeyNames
        let strings = type.properties.filter { $0.type.qualifiedName == "Edm.String" && !$0.isKey && $0.sap.filterable }
        let shown = (type.properties.filter(\.isKey).prefix(1) + strings.prefix(2)).map(\.name)
        if let s = strings.first {
            out.append("\(set.name) where startswith(\(s.name), 'A') select \(shown.joined(separator: ", ")) order by \(s.name)")
        }
        if keyNames.count == 1, let key = type.properties.first(where: { $0.name == keyNames[0] }) {
            let literal = key.type.qualifiedName == "Edm.String" ? "'…'" : "1"
            out.append("\(set.name)(\(literal))")
            if let nav = type.navigationProperties.first {
                out.append("\(set.name)(\(literal))/\(nav.name)")
                out.append("\(set.name) top 3 expand \(nav.name)")
            }
        }
        return out
    }
}
