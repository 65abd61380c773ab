import Foundation
import Testing
@testable import ODataShell
import TestSupport

/// `odsh mcp` driven as an agent's client drives it: the official Python MCP client (PyPI `mcp`, in a venv of
/// scripts/testenv/mcp-client.sh) over stdio, against the reference servers and a server that never answers.
@Suite("odsh mcp through the official MCP client", .serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct McpServerTests {
    static var server: String { OdshProcess.binary.deletingLastPathComponent().appendingPathComponent("odsh-mcp").path }
    static let driver = TestPaths.packageRoot.appendingPathComponent("Tests/ODataShellTests/Agent/Fixtures/mcp_drive.py").path

    /// Runs the steps through the Python client against `odsh-mcp ARGUMENTS`; one answer per step.
    /// `throughOdsh`: as `odsh mcp ARGUMENTS`, which starts odsh-mcp in its place.
    static func drive(_ arguments: [String], throughOdsh: Bool = false, _ steps: [[String: Any]]) throws -> [[String: Any]] {
        let python = try #require(try TestScripts.run("mcp-client.sh", [])["PYTHON"])
        let input = String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
        let env = Spawn.environment(OdshProcess.isolatedXDG)
        let command = throughOdsh ? [OdshProcess.binary.path, "mcp"] : [server]
        let r = try Spawn.run([python, driver] + command + arguments, stdin: input, environment: env, timeout: 120)
        #expect(r.status == 0, "the client failed: \(r.stderr)")
        let answers = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]
        return try #require(answers, "no answers: \(r.stdout) \(r.stderr)")
    }

    static func call(_ name: String, _ args: [String: Any]) -> [String: Any] { ["op": "call", "name": name, "args": args] }

    static func json(_ answer: [String: Any]) throws -> [String: Any] {
        let text = try #require(answer["text"] as? String)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }

    @Test("V4: a fixed set of annotated tools; describe; a misspelt property mended by its suggestion; a capped result and its continuation")
    func readsOnV4() throws {
        let root = try ReferenceServers.baseURL(.v4) + "/northwind/"
        let a = try Self.drive([root], [
            ["op": "initialize"], ["op": "tools"],
            Self.call("describe", ["name": "Customers"]),
            Self.call("query", ["statement": "Customers where Contry = 'UK'"]),
            Self.call("query", ["statement": "Customers select CustomerID order by CustomerID", "rows": 3]),
            Self.call("sets", ["filter": "order"]),
            Self.call("url", ["statement": "Orders where Freight > 100 top 2"]),
            ["op": "prompt", "name": "odsh-guide"],
        ])
        let info = try #require(a[0]["serverInfo"] as? [String: Any])
        #expect(info["name"] as? String == "odsh")
        let tools = try #require(a[1]["tools"] as? [[String: Any]])
        #expect(tools.map { $0["name"] as? String } == ["sets", "describe", "query", "url", "call"])
        for t in tools {
            let notes = try #require(t["annotations"] as? [String: Any], "\(t["name"] ?? "") has no annotations")
            for hint in ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] {
                #expect(notes[hint] is Bool, "\(t["name"] ?? "") lacks \(hint)")
            }
            #expect(notes["readOnlyHint"] as? Bool == true)
            #expect((t["inputSchema"] as? [String: Any])?["type"] as? String == "object")
        }
        let described = try Self.json(a[2])
        let type = try #require(described["type"] as? [String: Any])
        #expect(type["key"] as? [String] == ["CustomerID"])
        #expect((type["properties"] as? [[String: Any]])?.contains { $0["name"] as? String == "Country" } == true)
        // The fault, its column and the name meant: the agent mends the statement.
        #expect(a[3]["isError"] as? Bool == true)
        let fault = try #require(a[3]["text"] as? String)
        #expect(fault.contains("column 17") && fault.contains("did you mean Country"), "\(fault)")
        // A capped result, the total count, and a continuation.
        let first = try Self.json(a[4])
        #expect((first["rows"] as? [[String: Any]])?.map { $0["CustomerID"] as? String } == ["ALFKI", "ANATR", "ANTON"])
        #expect(first["count"] as? Int == 91 && first["more"] as? Bool == true)
        let token = try #require(first["continuation"] as? String)
        let sets = try Self.json(a[5])
        #expect((sets["sets"] as? [[String: Any]])?.map { $0["name"] as? String }.contains("Orders") == true)
        #expect(try Self.json(a[6])["request"] as? String == "GET \(root)Orders?$filter=Freight%20gt%20100&$top=2")
        let guide = try #require(a[7]["text"] as? String)
        for t in tools { #expect(guide.contains("`\(t["name"] as? String ?? "")`"), "the guide does not name \(t["name"] ?? "")") }
        #expect(guide.contains("Customers top 5") || guide.contains(" top 5`"), "the guide's examples come from the service")

        // `odsh mcp --guide` prints the same guide the server gives.
        let printed = try OdshProcess.run(["mcp", root, "--guide"])
        #expect(printed.status == 0 && printed.stdout == guide, "\(printed.stderr)")

        let next = try Self.drive([root], [Self.call("query", ["continuation": token, "rows": 3])])
        let second = try Self.json(next[0])
        #expect((second["rows"] as? [[String: Any]])?.map { $0["CustomerID"] as? String } == ["AROUT", "BERGS", "BLAUS"])
    }

    @Test("functions through call, an action refused without --allow-writes, on the V4 catalog service")
    func functionsOnTheCatalog() throws {
        let root = try ReferenceServers.baseURL(.v4) + "/catalog/"
        let a = try Self.drive([root], [
            Self.call("call", ["statement": "call CheapestPrice"]),
            Self.call("call", ["statement": "Products(1)/Catalog.PriceWithTax(rate=10)"]),
            Self.call("call", ["statement": "call Restock"]),
        ])
        #expect(try Self.json(a[0])["request"] as? String == "GET \(root)CheapestPrice()")
        #expect(try Self.json(a[0])["value"] as? Double == 12.25, "\(a[0])")
        #expect(try Self.json(a[1])["value"] as? Double == 49.5, "\(a[1])")
        #expect(a[2]["isError"] as? Bool == true && (a[2]["text"] as? String)?.contains("--allow-writes") == true, "\(a[2])")
    }

    @Test("V2 with server paging (pyslet, 20 a page): a window of 25 rows across pages, then the next window")
    func windowsAcrossServerPages() throws {
        let root = try ReferenceServers.baseURL(.v2Atom) + "/northwind/"
        let a = try Self.drive([root], [Self.call("query", ["statement": "Customers select CustomerID order by CustomerID"])])
        let first = try Self.json(a[0])
        let ids = try #require((first["rows"] as? [[String: Any]])?.compactMap { $0["CustomerID"] as? String })
        #expect(ids.count == 25 && ids.first == "ALFKI" && first["more"] as? Bool == true, "\(first)")
        let token = try #require(first["continuation"] as? String)
        let b = try Self.drive([root], [Self.call("query", ["continuation": token])])
        let next = try #require((try Self.json(b[0])["rows"] as? [[String: Any]])?.compactMap { $0["CustomerID"] as? String })
        #expect(next.count == 25 && Set(next).isDisjoint(with: ids) && next.first! > ids.last!, "\(next)")
    }

    @Test("secrets given on the command line or in the environment appear in no answer, error or trace")
    func noSecretInAnswers() throws {
        let root = try ReferenceServers.baseURL(.v4) + "/northwind/"
        let trace = NSTemporaryDirectory() + "odsh-mcp-secrets-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let password = "pw-\(getpid())-wonderland"
        let a = try Self.drive([root, "--user", "alice:\(password)", "--trace-file", trace], [
            Self.call("query", ["statement": "Customers select CustomerID top 1"]),
            Self.call("query", ["statement": "get /NoSuchSet"]),
            Self.call("url", ["statement": "Customers('ALFKI')"]),
            Self.call("query", ["statement": "Customers where Contry = 'UK'"]),
        ])
        #expect(a[0]["isError"] as? Bool == false, "\(a[0])")
        #expect(a[1]["isError"] as? Bool == true, "a set the service does not have is an error: \(a[1])")
        let log = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
        #expect(log.contains("/northwind/Customers"), "the trace logs the requests: \(log)")
        let basic = Data("alice:\(password)".utf8).base64EncodedString()
        for (n, text) in (a.map { $0["text"] as? String ?? "" } + [log]).enumerated() {
            #expect(!text.contains(password) && !text.contains(basic), "answer \(n) holds the password: \(text)")
        }
    }

    @Test("the man page describes every tool")
    func manualNamesEveryTool() throws {
        let manual = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("man/odsh.1"), encoding: .utf8)
        let tools = AgentToolCatalog.tools(allowsWrites: true, system: true, maxRows: 25).map(\.name)
        // The entries of `odsh mcp`'s tool list: `.It Cm NAME` (or several, `.It Cm create , update , ...`).
        let entries = manual.split(separator: "\n").filter { $0.hasPrefix(".It Cm ") }
            .flatMap { $0.dropFirst(7).split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init) }
        for name in tools { #expect(entries.contains(name), "man/odsh.1 does not describe the tool \(name)") }
    }

    @Test("Graph's metadata gives the same tools as Northwind's, and a short tools/list")
    func graphHasTheSameTools() throws {
        try #require(SharedCorpus.isAvailable, "the corpus is missing")
        let root = try ReferenceServers.baseURL(.v4) + "/northwind/"
        let graph = try Self.drive(["--metadata", SharedCorpus.metadata("msgraph-v1.0-Prod.v2.xml"), root], [["op": "tools"]])
        let northwind = try Self.drive([root], [["op": "tools"]])
        let names = { (a: [[String: Any]]) in (a[0]["tools"] as? [[String: Any]])?.compactMap { $0["name"] as? String } }
        #expect(names(graph) == names(northwind))
        let bytes = try #require(graph[0]["bytes"] as? Int)
        #expect(bytes < 30_000, "tools/list is \(bytes) bytes")
    }

    @Test("SAP system: the catalog listed, a service chosen; writes refused without --allow-writes and done with it")
    func catalogAndWrites() throws {
        let system = try ReferenceServers.baseURL(.v2) + "/"
        let guid = "mcp-\(getpid())"
        let readOnly = try Self.drive([system], throughOdsh: true, [
            ["op": "tools"],
            Self.call("services", ["search": "sample"]),
            Self.call("query", ["service": "GWSAMPLE_BASIC", "statement": "BusinessPartnerSet select BusinessPartnerID top 2"]),
            Self.call("query", ["service": "GWSAMPLE_BASC", "statement": "BusinessPartnerSet"]),
            Self.call("query", ["service": "GWSAMPLE_BASIC", "statement": "delete ContactSet('\(guid)')"]),
            Self.call("delete", ["service": "GWSAMPLE_BASIC", "statement": "delete ContactSet('\(guid)')"]),
        ])
        let tools = try #require(readOnly[0]["tools"] as? [[String: Any]])
        #expect(tools.map { $0["name"] as? String } == ["services", "sets", "describe", "query", "url", "call"])
        #expect((tools[1]["inputSchema"] as? [String: Any])?["required"] as? [String] == ["service"])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data((readOnly[1]["text"] as? String ?? "").utf8)) as? [[String: Any]])
        #expect(listed.contains { $0["technicalName"] as? String == "GWSAMPLE_BASIC" }, "\(listed)")
        #expect((try Self.json(readOnly[2])["rows"] as? [Any])?.count == 2)
        #expect((readOnly[3]["text"] as? String)?.contains("did you mean GWSAMPLE_BASIC") == true, "\(readOnly[3])")
        for refused in readOnly[4...5] {
            #expect(refused["isError"] as? Bool == true)
            #expect((refused["text"] as? String)?.contains("--allow-writes") == true, "\(refused)")
        }

        let svc = "GWSAMPLE_BASIC"
        let writes = try Self.drive([system, "--allow-writes"], [
            ["op": "tools"],
            Self.call("create", ["service": svc, "statement": "create ContactSet {ContactGuid: '\(guid)', BusinessPartnerID: '0100000000', FirstName: 'Ada', LastName: 'Lovelace'}"]),
            Self.call("update", ["service": svc, "statement": "update ContactSet('\(guid)') {FirstName: 'Augusta'}"]),
            Self.call("query", ["service": svc, "statement": "ContactSet('\(guid)') select FirstName"]),
            Self.call("update", ["service": svc, "statement": "delete ContactSet('\(guid)')"]),
            Self.call("delete", ["service": svc, "statement": "delete ContactSet('\(guid)')"]),
            Self.call("query", ["service": svc, "statement": "count ContactSet where ContactGuid = '\(guid)'"]),
        ])
        let all = try #require(writes[0]["tools"] as? [[String: Any]])
        let destructive = all.filter { ($0["annotations"] as? [String: Any])?["destructiveHint"] as? Bool == true }.compactMap { $0["name"] as? String }
        #expect(destructive == ["update", "delete", "action"])
        #expect(try Self.json(writes[1])["status"] as? Int == 201, "\(writes[1])")
        #expect(try Self.json(writes[2])["status"] as? Int == 204, "\(writes[2])")
        #expect((try Self.json(writes[3])["rows"] as? [[String: Any]])?.first?["FirstName"] as? String == "Augusta")
        // The update tool does not delete: the statement is for the delete tool.
        #expect(writes[4]["isError"] as? Bool == true && (writes[4]["text"] as? String)?.contains("use the delete tool") == true, "\(writes[4])")
        #expect(try Self.json(writes[5])["status"] as? Int == 204, "\(writes[5])")
        #expect(try Self.json(writes[6])["count"] as? Int == 0)
    }

    @Test("requests written all at once, stdin then closed: every one is answered before the server ends")
    func answersBeforeEndOfInput() throws {
        let root = try ReferenceServers.baseURL(.v4) + "/northwind/"
        let requests = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"query","arguments":{"statement":"Customers select CustomerID top 2"}}}"#,
            #"{"jsonrpc":"2.0","id":"three","method":"tools/call","params":{"name":"sets","arguments":{"filter":"cust"}}}"#,
        ]
        let r = try Spawn.run([Self.server, root], stdin: requests.joined(separator: "\n") + "\n",
                              environment: Spawn.environment(OdshProcess.isolatedXDG), timeout: 60)
        #expect(r.status == 0, "\(r.stderr)")
        let answers = r.stdout.split(separator: "\n").map(String.init)
        #expect(answers.count == 3, "\(r.stdout)")
        #expect(answers.contains { $0.contains(#""id":2"#) && $0.contains("ALFKI") }, "\(r.stdout)")
        #expect(answers.contains { $0.contains(#""id":"three""#) && $0.contains("Customers") }, "\(r.stdout)")
    }

    @Test("a query to a server that never answers is cancelled by the client: its request ends, and the server goes on answering")
    func cancelledQuery() throws {
        try #require(SharedCorpus.isAvailable, "the corpus is missing")
        let port = try FixtureServers.port("hang")
        let trace = NSTemporaryDirectory() + "odsh-mcp-trace-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let a = try Self.drive(["--metadata", SharedCorpus.metadata("northwind-v4.xml"), "http://127.0.0.1:\(port)/hang/",
                                "--trace-file", trace], [
            ["op": "cancel", "name": "query", "args": ["statement": "Customers top 1"], "after": 2.0],
            Self.call("describe", ["name": "Orders"]),
        ])
        #expect(a[0]["cancelled"] as? Bool == true, "the query answered although its server never does")
        #expect(a[1]["isError"] as? Bool == false)
        // The client's notifications/cancelled reached the request: its transfer ended as cancelled.
        let log = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
        #expect(log.contains("/hang/Customers?$top=1") && log.contains("cancelled"), "\(log)")
    }
}
