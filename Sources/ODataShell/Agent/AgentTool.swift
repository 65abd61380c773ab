import ODataModel

/// A tool `odsh mcp` offers an agent: its name, what it is for (written for a model), the JSON schema of its
/// arguments, and the four MCP annotations. The set is fixed: it does not grow with the service's size.
package struct AgentTool: Sendable, Equatable {
    package let name: String
    package let title: String
    package let description: String
    /// The JSON schema of the arguments, as JSON text.
    package let inputSchema: String
    package let readOnly: Bool
    package let destructive: Bool
    package let idempotent: Bool
    /// False: the tool's world is the one service (or system) odsh was started on.
    package let openWorld: Bool
}

/// What a tool call answers: JSON text, or an error message the agent can act on.
package struct AgentAnswer: Sendable, Equatable {
    package let text: String
    package let isError: Bool
    static func error(_ text: String) -> AgentAnswer { AgentAnswer(text: text, isError: true) }
    static func json(_ text: String) -> AgentAnswer { AgentAnswer(text: text, isError: false) }
}

/// The tools, with their descriptions and schemas.
enum AgentToolCatalog {
    /// The write tools, offered only with `--allow-writes`.
    static let writeTools: Set<String> = ["create", "update", "delete", "action"]

    /// The tools for a service (`system`: a system with a catalog, whose tools each take the service to use).
    static func tools(allowsWrites: Bool, system: Bool, maxRows: Int) -> [AgentTool] {
        let service = system
            ? #", "service": {"type": "string", "description": "The technical name of the service to use, as the services tool lists it."}"#
            : ""
        func schema(_ properties: String, required names: [String]) -> String {
            let all = (names + (system ? ["service"] : [])).map { "\"\($0)\"" }.joined(separator: ", ")
            let members = properties.isEmpty ? String(service.dropFirst(2)) : properties + service
            return #"{"type": "object", "properties": {"# + members + #"}, "required": ["# + all + #"], "additionalProperties": false}"#
        }
        let statement = #""statement": {"type": "string", "description": "A statement of odsh's query language (see the guide)."}"#
        var tools: [AgentTool] = []
        if system {
            tools.append(AgentTool(
                name: "services", title: "Services of the system",
                description: "Lists the OData services the SAP system's catalogs publish: technical name, version, title. "
                    + "Every other tool takes one of these technical names as its service argument.",
                inputSchema: #"{"type": "object", "properties": {"search": {"type": "string", "description": "Keep services whose name, title or group contains this text (any case)."}}, "additionalProperties": false}"#,
                readOnly: true, destructive: false, idempotent: true, openWorld: false))
        }
        tools += [
            AgentTool(
                name: "sets", title: "Entity sets",
                description: "Lists the service's entity sets and singletons with their entity types and labels. "
                    + "Give filter to keep those whose name or label contains the text. Start here, then describe a set.",
                inputSchema: schema(#""filter": {"type": "string", "description": "Text the name or label contains (any case)."}"#, required: []),
                readOnly: true, destructive: false, idempotent: true, openWorld: false),
            AgentTool(
                name: "describe", title: "Describe a set, type or operation",
                description: "Describes an entity set, singleton, entity or complex type, enum type, function or action: "
                    + "properties with types, keys, nullability, labels, units and value help; navigation properties; "
                    + "and what the service allows (filterable, sortable, insertable, updatable, deletable, countable).",
                inputSchema: schema(#""name": {"type": "string", "description": "The name of a set, singleton, type, function or action."}"#,
                                    required: ["name"]),
                readOnly: true, destructive: false, idempotent: true, openWorld: false),
            AgentTool(
                name: "query", title: "Run a query",
                description: "Runs a read statement of odsh's query language, such as `Customers where Country = 'UK' select CompanyName, City order by CompanyName` "
                    + "or `count Orders where Freight > 100`, and answers compact JSON: rows, the total count where the service gives it, "
                    + "and a continuation to pass back for the next rows. At most \(maxRows) rows come per call. A statement that does not "
                    + "check against the metadata is answered with the column of the fault and the names it could have meant: mend it and try again.",
                inputSchema: schema(statement
                                    + #", "rows": {"type": "integer", "minimum": 1, "maximum": "# + String(maxRows)
                                    + #", "description": "How many rows to answer at most (default and ceiling: "# + String(maxRows) + #")."}"#
                                    + #", "continuation": {"type": "string", "description": "The continuation a previous answer gave: the next rows of the same statement (statement may then be left out)."}"#,
                                    required: []),
                readOnly: true, destructive: false, idempotent: true, openWorld: false),
            AgentTool(
                name: "url", title: "The OData request of a statement",
                description: "Answers the OData request (method, URL, body) a statement becomes, without sending it. "
                    + "Use it to check a statement, or to show the user the URL.",
                inputSchema: schema(statement, required: ["statement"]),
                readOnly: true, destructive: false, idempotent: true, openWorld: false),
            AgentTool(
                name: "call", title: "Call a function",
                description: "Calls a function (side-effect free): `call TopProducts(count=3)` for a function import, "
                    + "`Products(1)/NS.PriceWithTax(rate=10)` for a bound one. Answers as query does.",
                inputSchema: schema(statement, required: ["statement"]),
                readOnly: true, destructive: false, idempotent: true, openWorld: false),
        ]
        if allowsWrites {
            tools += [
                AgentTool(
                    name: "create", title: "Create an entity",
                    description: "Creates an entity: `create Customers {CustomerID: 'NEW01', CompanyName: 'New Ltd'}`. Answers the entity as the service made it.",
                    inputSchema: schema(statement, required: ["statement"]),
                    readOnly: false, destructive: false, idempotent: false, openWorld: false),
                AgentTool(
                    name: "update", title: "Update an entity",
                    description: "Changes properties of one entity: `update Customers('NEW01') {City: 'Berlin'}` (`replace` sends all of them). "
                        + "The ETag read earlier in this session is sent in If-Match.",
                    inputSchema: schema(statement, required: ["statement"]),
                    readOnly: false, destructive: true, idempotent: true, openWorld: false),
                AgentTool(
                    name: "delete", title: "Delete an entity",
                    description: "Deletes one entity: `delete Customers('NEW01')`.",
                    inputSchema: schema(statement, required: ["statement"]),
                    readOnly: false, destructive: true, idempotent: true, openWorld: false),
                AgentTool(
                    name: "action", title: "Invoke an action",
                    description: "Invokes an action, or a function import the service declares with a method other than GET: "
                        + "`call ResetData` or `call Products(1)/NS.Discount(pct=5)`. Actions change data.",
                    inputSchema: schema(statement, required: ["statement"]),
                    readOnly: false, destructive: true, idempotent: false, openWorld: false),
            ]
        }
        return tools
    }
}
