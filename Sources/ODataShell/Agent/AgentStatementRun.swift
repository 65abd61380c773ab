import FoundationEssentials
import ODataClient
import ODataModel
import ODataQuery

/// One statement run for an agent: bound against the service's metadata by the shell's binder (its errors carry
/// the column and the names meant), checked to be what the tool does, sent on the service's connection, and
/// answered as compact JSON with at most a given number of rows and bytes, the total count where the service
/// gives it, and a continuation for the rest.
struct AgentStatementRun {
    let service: AgentService
    let options: AgentToolbox.Options

    /// What a statement does, as the tools divide the work.
    enum Effect: String {
        case read, create, update, delete, action
        /// The tool that runs statements of this effect.
        var tool: String { self == .read ? "query" : rawValue }
    }

    static func effect(of request: DataRequest) throws -> Effect {
        switch request.kind {
        case .query, .raw: return .read
        case .function(let method): return method == .get ? .read : .action
        case .action: return .action
        case .create: return .create
        case .update, .replace, .link, .unlink: return .update
        case .delete: return .delete
        case .batch: throw AgentArgumentError("a batch is not run for agents: send its statements one by one")
        }
    }

    private func bind(_ statement: String, tool: String) throws -> BoundStatement {
        guard !statement.hasPrefix(".") else {
            throw AgentArgumentError("dot-commands (\(statement.split(separator: " ").first ?? "")) are the shell's; use the sets and describe tools")
        }
        let bound = try Binder.bind(statement, document: service.document)
        let effect = try Self.effect(of: bound.request)
        let fits = tool == "url" || effect.tool == tool || (tool == "call" && effect == .read)
        guard fits else {
            if effect != .read && !options.allowsWrites {
                throw AgentArgumentError("this statement changes data (\(effect.rawValue)); odsh mcp was started without --allow-writes, so the service is read-only here")
            }
            throw AgentArgumentError("this statement \(effect == .read ? "reads" : "is a \(effect.rawValue)"): use the \(effect.tool) tool")
        }
        return bound
    }

    /// The request a statement makes, without sending it.
    func request(_ statement: String) throws -> String {
        let bound = try bind(statement, tool: "url")
        var w = JSONWriter(pretty: false)
        w.beginObject()
        w.string("request", try StatementRunner.describe(bound.request, service: service.service).trimmingBlanksAndNewlines())
        warnings(bound, &w)
        w.endObject()
        return w.output
    }

    /// Runs a statement and answers its result: `rows` rows at most, starting `offset` rows into the result.
    func run(_ statement: String, tool: String, rows: Int, offset: Int, serviceName: String?) async throws -> String {
        let bound = try bind(statement, tool: tool)
        let ds = service.service
        var request = bound.request
        if request.ifMatch == .entityETag { request.ifMatch = .entityETagReadingIfMissing }
        // A collection is read a window at a time: $skip past what earlier answers gave, $top one past the cap
        // (to know whether more follow), the count inline where the set allows it.
        var want = rows
        var paged = false
        var set: EntitySet?
        if case .query = request.kind, !request.query.countOnly, let s = Self.collection(request.query, service.document) {
            set = s
            let q = request.query
            let remaining = q.topCount.map { max(0, $0 - offset) }
            want = min(rows, remaining ?? Int.max)
            if s.sap.pageable && Self.allows(s, "TopSupported") {
                paged = true
                let skip = (q.skipCount ?? 0) + offset
                request.query.skipCount = skip > 0 ? skip : nil
                request.query.topCount = (remaining.map { $0 > want } ?? true) ? want + 1 : want
            } else if offset > 0 {
                throw AgentArgumentError("\(s.name) cannot be read from a row onwards (the service does not page it): narrow the filter instead")
            }
            if s.sap["countable"] != "false" && Self.countable(s) { request.query.includesInlineCount = true }
        }
        var items: [String] = []
        var bytes = 0
        var more = false
        let out = JSONOutput(capacity: 4096)
        let writer = JSONValueWriter(dialect: .output)
        func take(_ write: () -> Void) -> Bool {
            if items.count >= want { more = true; return false }
            out.removeAll()
            write()
            let text = String(decoding: out.bytesView, as: UTF8.self)
            if !items.isEmpty && bytes + text.utf8.count > options.maxBytes { more = true; return false }
            items.append(text)
            bytes += text.utf8.count
            return true
        }
        var valuesDone = false
        var valuesTaken = 0
        let response = try await ds.execute(
            request, paging: .allPages,
            onEntity: { e in take { writer.writeEntity(e, to: out, order: bound.columnOrder) } },
            onValue: { v in
                guard !valuesDone else { return }
                if take({ writer.write(v, to: out, order: bound.columnOrder) }) { valuesTaken += 1 } else { valuesDone = true }
            })
        var w = JSONWriter(pretty: false)
        w.beginObject()
        if let h = try? ds.httpRequest(for: request) {
            w.string("request", "\(h.method.rawValue) \(HTTPClient.urlForDisplay(h.url))")
        }
        if request.method(for: ds.version) != .get { w.number("status", response.status) }
        if request.query.countOnly, let raw = response.rawBody, let n = Int(String(decoding: raw, as: UTF8.self).trimmingBlanksAndNewlines()) {
            w.number("count", n)
        } else if items.isEmpty, let raw = response.rawBody, !raw.isEmpty, request.method(for: ds.version) == .get {
            // A value that is not a payload ($value, a media resource): its text, cut at the byte cap.
            let text = String(decoding: raw.prefix(options.maxBytes), as: UTF8.self)
            w.string("contentType", response.contentType)
            w.string("value", text)
            if raw.count > options.maxBytes { w.string("note", "the value has \(raw.count) bytes; the first \(options.maxBytes) are shown") }
        } else if items.count == 1, valuesTaken == 1, case .values(let type)? = ds.target(for: request.query), !type.isCollection {
            // One value (a function's number, a property): the value itself.
            w.raw("value", items[0])
        } else if !items.isEmpty || request.method(for: ds.version) == .get {
            if let count = response.count { w.number("count", count) }
            w.beginArray("rows")
            for item in items { w.raw(nil, item) }
            w.endArray()
            w.number("returned", items.count)
            if more && set != nil {
                w.bool("more", true)
                if paged {
                    w.string("continuation", AgentContinuation(statement: statement, offset: offset + items.count,
                                                                 service: serviceName).token)
                }
                let cause = items.count < want ? "the byte cap (\(options.maxBytes)) was reached" : "the row cap was reached"
                w.string("note", cause + (paged ? ": pass continuation back for the next rows, or narrow the statement (select fewer properties, a filter)"
                                                : ": narrow the statement"))
            } else if more {
                w.bool("more", true)
                w.string("note", "only the first \(items.count) were kept")
            }
        }
        if response.restNotRead { w.string("notRead", "the rest of the answer was not read: it was larger than the reading budget") }
        warnings(bound, &w)
        w.endObject()
        return w.output
    }

    private func warnings(_ bound: BoundStatement, _ w: inout JSONWriter) {
        let all = bound.warnings + StatementRunner.restrictionWarnings(bound.request)
        guard !all.isEmpty else { return }
        w.beginArray("warnings")
        for text in all { w.string(nil, text) }
        w.endArray()
    }

    /// The entity set of the entities a query reads when it reads a collection of them (a set, a navigation to
    /// many, a cast of either), nil when it reads one entity, a property, a value or the result of an operation.
    static func collection(_ q: DataQuery, _ doc: CsdlDocument) -> EntitySet? {
        var set: EntitySet?
        var type: EntityType?
        var many = false
        for segment in q.path {
            switch segment {
            case .entitySet(let n):
                set = try? doc.entitySet(withName: n); type = set?.entityTypeIfResolved; many = true
            case .singleton(let n):
                set = nil; type = (try? doc.singleton(withName: n))?.entityTypeIfResolved; many = false
            case .key:
                many = false
            case .navigation(let n):
                guard let nav = type?.navigationProperty(named: n), let target = nav.target else { return nil }
                let bound = set?.bindingTarget(for: n).map { String($0.split(separator: "/").last ?? Substring($0)) }
                let sets = doc.entitySets.filter { $0.entityTypeIfResolved === target }
                set = bound.flatMap { try? doc.entitySet(withName: $0) } ?? (sets.count == 1 ? sets[0] : nil)
                type = target; many = nav.isCollection
            case .cast(let n):
                type = (try? doc.entityType(withName: n)) ?? type
            default:
                return nil
            }
        }
        return many ? set : nil
    }

    /// True unless a Capabilities term on the set says the service does not support it (`TopSupported` false).
    private static func allows(_ set: EntitySet, _ term: String) -> Bool {
        set.preferredAnnotation(of: VocabularyTerm.capabilities(term))?.value?.text != "false"
    }

    /// False where `Capabilities.CountRestrictions/Countable` says the set cannot be counted.
    private static func countable(_ set: EntitySet) -> Bool {
        set.recordValue(of: VocabularyTerm.capabilities("CountRestrictions"), property: "Countable")?.text != "false"
    }
}

/// Where the next rows of a statement's result begin, as an opaque token the agent passes back.
struct AgentContinuation {
    var statement: String
    var offset: Int
    var service: String?

    init(statement: String, offset: Int, service: String?) {
        self.statement = statement; self.offset = offset; self.service = service
    }

    /// The token: base64url of a small JSON object.
    var token: String {
        var w = JSONWriter(pretty: false)
        w.beginObject()
        w.string("statement", statement)
        w.number("offset", offset)
        if let service { w.string("service", service) }
        w.endObject()
        return Data(w.output.utf8).base64EncodedString()
            .replacingAll("+", with: "-").replacingAll("/", with: "_").replacingAll("=", with: "")
    }

    init(token: String) throws {
        let bad = AgentArgumentError("not a continuation this server gave: pass back the continuation of an answer as it came")
        var b64 = token.replacingAll("-", with: "+").replacingAll("_", with: "/")
        while b64.utf8.count % 4 != 0 { b64 += "=" }
        guard let data = Data(base64Encoded: b64), case .object(let members)? = try? JSONValue.parse(bytes: Array(data)),
              case .string(let s)? = members.first(where: { $0.key == "statement" })?.value,
              case .number(let o)? = members.first(where: { $0.key == "offset" })?.value, let offset = Int(o), offset >= 0 else {
            throw bad
        }
        statement = s
        self.offset = offset
        if case .string(let name)? = members.first(where: { $0.key == "service" })?.value { service = name } else { service = nil }
    }
}
