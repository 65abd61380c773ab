import FoundationEssentials
import Synchronization
import ODataClient
import ODataModel

/// What `odsh mcp` serves: the tools over one service, or over the services of an SAP system's catalog, on the
/// run's connections (one sign-in, one CSRF token, the profile's limits and timeouts). Tool calls run
/// concurrently, each in its caller's task, on the library's engine; cancelling the task cancels its request.
/// The MCP transport lives in the `odsh-mcp` executable, which hands each call here as JSON.
package final class AgentToolbox: Sendable {
    /// How the toolbox answers.
    struct Options: Sendable {
        /// Rows per answer at most (and by default).
        var maxRows = 25
        /// Bytes of rows per answer at most (one row always comes).
        var maxBytes = 40_000
        /// Offer create, update, delete and action.
        var allowsWrites = false
        /// The system or service named on the command line, for messages.
        var target = ""
    }

    /// The tools, in a fixed order.
    package let tools: [AgentTool]
    let options: Options
    /// The system whose catalog lists the services (nil: one service).
    private let system: String?
    private let state: Mutex<State>

    private struct State {
        /// Loads the services' metadata on the run's connections.
        var loader: MetadataLoader
        var connections: ServiceConnections { loader.connections }
        /// The services in use, by technical name ("" for the one service).
        var services: [String: AgentService]
        /// The system's catalog, once listed.
        var catalog: [GatewayCatalog.Service]?
    }

    /// A toolbox on one service, loaded already.
    init(service: AgentService, loader: sending MetadataLoader, options: Options) {
        self.options = options
        system = nil
        tools = AgentToolCatalog.tools(allowsWrites: options.allowsWrites, system: false, maxRows: options.maxRows)
        state = Mutex(State(loader: loader, services: ["": service], catalog: nil))
    }

    /// A toolbox on the services of a system, each loaded when a tool first names it.
    init(system: String, catalog: [GatewayCatalog.Service], loader: sending MetadataLoader, options: Options) {
        self.options = options
        self.system = system
        tools = AgentToolCatalog.tools(allowsWrites: options.allowsWrites, system: true, maxRows: options.maxRows)
        state = Mutex(State(loader: loader, services: [:], catalog: catalog))
    }

    /// The name the server gives itself, and its version.
    package var version: String { ODataClientVersion.version }

    /// The guide for agents, with examples from the service in use (the first of the catalog, on a system).
    package var guide: String {
        let first: AgentService? = state.withLock { s in s.services[""] ?? s.services.values.first }
        return AgentGuide(tools: tools, service: first, system: system, catalog: state.withLock { $0.catalog } ?? [],
                          maxRows: options.maxRows).text
    }

    /// Ends the run's HTTP sessions (cookie jars and stores written).
    package func close() {
        state.withLock { $0.connections.close() }
    }

    /// Runs the tool `name` with its arguments (a JSON object, as bytes).
    package func call(_ name: String, arguments: [UInt8]) async -> AgentAnswer {
        let args: [(key: String, value: JSONValue)]
        do {
            let parsed = arguments.isEmpty ? JSONValue.object([]) : try JSONValue.parse(bytes: arguments)
            guard case .object(let members) = parsed else { return .error("the arguments must be a JSON object") }
            args = members
        } catch {
            return .error("the arguments are not JSON: \(error)")
        }
        guard let tool = tools.first(where: { $0.name == name }) else {
            if AgentToolCatalog.writeTools.contains(name) {
                return .error("\(name) is off: odsh mcp was started without --allow-writes, so the service is read-only here")
            }
            return .error("no tool named \(name); the tools are \(tools.map(\.name).joined(separator: ", "))")
        }
        do {
            let arguments = try AgentArguments(args, tool: tool)
            return try await run(tool, arguments)
        } catch is CancellationError {
            return .error("cancelled")
        } catch {
            return .error(Self.message(for: error))
        }
    }

    private func run(_ tool: AgentTool, _ args: AgentArguments) async throws -> AgentAnswer {
        switch tool.name {
        case "services":
            let search = try args.string("search") ?? ""
            return .json(CatalogListing.json(try catalog().filter { $0.matches(search) }, pretty: false))
        case "sets":
            return .json(AgentDescription(document: try service(args).document).sets(filter: try args.string("filter") ?? ""))
        case "describe":
            return .json(try AgentDescription(document: try service(args).document).describe(try args.required("name")))
        case "url":
            let s = try service(args)
            return .json(try AgentStatementRun(service: s, options: options).request(try args.required("statement")))
        case "query":
            let rows = try args.integer("rows", in: 1...options.maxRows) ?? options.maxRows
            var statement = try args.string("statement")
            var offset = 0
            var serviceName = try args.string("service")
            if let token = try args.string("continuation") {
                let c = try AgentContinuation(token: token)
                if let s = statement, s != c.statement {
                    throw AgentArgumentError("the continuation belongs to the statement \(c.statement), not to this one: leave statement out to go on")
                }
                statement = c.statement
                offset = c.offset
                if serviceName == nil { serviceName = c.service }
            }
            guard let statement else { throw AgentArgumentError("give statement (or the continuation of an earlier answer)") }
            let s = try service(named: serviceName)
            return .json(try await AgentStatementRun(service: s, options: options)
                .run(statement, tool: tool.name, rows: rows, offset: offset, serviceName: serviceName))
        default:
            let s = try service(args)
            return .json(try await AgentStatementRun(service: s, options: options)
                .run(try args.required("statement"), tool: tool.name, rows: options.maxRows, offset: 0, serviceName: try args.string("service")))
        }
    }

    /// The service a call names (on a system), or the one service.
    private func service(_ args: AgentArguments) throws -> AgentService {
        try service(named: try args.string("service"))
    }

    private func service(named name: String?) throws -> AgentService {
        guard let system else { return state.withLock { $0.services[""]! } }
        guard let name, !name.isEmpty else {
            throw AgentArgumentError("give service: the technical name of a service of \(options.target) (the services tool lists them)")
        }
        let known = try catalog()
        guard let entry = known.first(where: { $0.technicalName.lowercased() == name.lowercased() }) else {
            let close = NameSuggester.closest(to: name, in: known.map(\.technicalName))
            throw AgentArgumentError("no service named \(name) in the catalogs of \(options.target)"
                                     + (close.isEmpty ? "" : " (did you mean \(close.joined(separator: ", "))?)"))
        }
        return try state.withLock { s in
            if let loaded = s.services[entry.technicalName] { return loaded }
            let (doc, root, profile) = try s.loader.load(service: system, metadataFile: nil, serviceName: entry.technicalName)
            let made = try AgentService(document: doc, serviceRoot: root, profile: profile, connections: s.connections)
            s.services[entry.technicalName] = made
            return made
        }
    }

    private func catalog() throws -> [GatewayCatalog.Service] {
        guard let system else { throw AgentArgumentError("\(options.target) is one service, not a system with a catalog") }
        return try state.withLock { s in
            if let c = s.catalog { return c }
            let listed = try SystemTarget(system, connections: s.connections).catalog().list().services
            s.catalog = listed
            return listed
        }
    }

    /// An error in words for the agent: the statement's fault with its column and the names it could have meant,
    /// the service's message, never a secret (the shell's own wording, without terminal escapes).
    static func message(for error: Error) -> String {
        let (message, details) = ErrorReporter.words(for: error)
        let text = ([message] + details.prefix(5)).joined(separator: "\n")
        return String(text.unicodeScalars.map { $0 == "\n" || $0.value >= 0x20 && $0.value != 0x7F ? Character($0) : " " })
    }
}

/// One service an agent uses: its metadata, and a `DataService` on the run's connection to it.
final class AgentService: Sendable {
    let document: CsdlDocument
    let service: DataService

    init(document: CsdlDocument, serviceRoot: String, profile: Profile?, connections: ServiceConnections) throws {
        let connection = try connections.connection(serviceRoot: MetadataLoader.serviceRoot(of: serviceRoot), profile: profile)
        try ProfileConnection.checkRootParameters(serviceRoot, connection.configuration)
        let service = try connection.dataService(metadata: document)
        // The trace (--trace, --trace-file) is the connection's configuration, as the run's settings made it.
        if let bytes = connections.settings.maxValueBytes { service.readOptions.maxUnitBytes = bytes }
        self.document = document
        self.service = service
    }
}

/// A tool's arguments, checked against its schema's names.
struct AgentArguments {
    private let members: [String: JSONValue]

    init(_ members: [(key: String, value: JSONValue)], tool: AgentTool) throws {
        var m: [String: JSONValue] = [:]
        let allowed = Self.names(in: tool.inputSchema)
        for (k, v) in members {
            guard allowed.contains(k) else {
                throw AgentArgumentError("\(tool.name) takes no argument \(k); it takes \(allowed.sorted().joined(separator: ", "))")
            }
            m[k] = v
        }
        self.members = m
    }

    /// The argument names a schema's `properties` lists.
    private static func names(in schema: String) -> Set<String> {
        guard case .object(let top)? = try? JSONValue.parse(bytes: Array(schema.utf8)),
              case .object(let props)? = top.first(where: { $0.key == "properties" })?.value else { return [] }
        return Set(props.map(\.key))
    }

    func string(_ name: String) throws -> String? {
        switch members[name] {
        case nil, .null?: return nil
        case .string(let s)?: return s
        default: throw AgentArgumentError("\(name) must be a string")
        }
    }

    func required(_ name: String) throws -> String {
        guard let s = try string(name), !s.isEmpty else { throw AgentArgumentError("give \(name)") }
        return s
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        switch members[name] {
        case nil, .null?: return nil
        case .number(let text)?:
            guard let n = Int(text), range.contains(n) else {
                throw AgentArgumentError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return n
        default: throw AgentArgumentError("\(name) must be a number")
        }
    }
}

/// A call whose arguments do not fit the tool, or a statement that is not the tool's to run.
struct AgentArgumentError: CategorizedError, CustomStringConvertible {
    var category: ErrorCategory { .usage }
    var description: String
    init(_ description: String) { self.description = description }
}
