import Foundation
import ODataModel
import Testing
@testable import ODataShell
import TestSupport

/// Faults a new user met on the reference servers (issue 35): each test failed before its fix.
@Suite("faults a first user meets", .serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct FirstUserFaultsTests {
    static func v4() throws -> String { try ReferenceServers.baseURL(.v4) + "/northwind/" }
    static func atom() throws -> String { try ReferenceServers.baseURL(.v2Atom) + "/northwind/" }

    @Test("V2 (pyslet): an expand path beside a nested select keeps the intermediate entity's properties")
    func v2ExpandKeepsColumns() throws {
        let r = try OdshProcess.run([try Self.atom(), "-o", "json", "-c",
                                     "Orders(10248) expand Customer(select CompanyName), Order_Details/Product"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]], "\(r.stdout)")
        let order = try #require(rows.first)
        #expect(order["Freight"] != nil, "the order's own properties: \(order.keys.sorted())")
        #expect((order["Customer"] as? [String: Any])?["CompanyName"] as? String == "Vins et alcools Chevalier")
        let details = try #require(order["Order_Details"] as? [[String: Any]], "\(order)")
        #expect(details.count == 3)
        for detail in details {
            #expect(detail["Quantity"] != nil && detail["UnitPrice"] != nil, "an order line lost its columns: \(detail.keys.sorted())")
            #expect((detail["Product"] as? [String: Any])?["ProductName"] != nil, "\(detail)")
        }
    }

    @Test("a read that top ended gives no warning of a next link leaving a function's result")
    func topEndsReadingQuietly() throws {
        let r = try OdshProcess.run([try Self.atom(), "-o", "csv", "-c", "Customers select CustomerID top 45"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(whereSeparator: \.isNewline).count == 46, "\(r.stdout)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    @Test("statements on stdin run as they arrive, not at the end of the input")
    func stdinStatementsRunAsTheyArrive() throws {
        let odsh = try StreamingOdsh([try Self.v4(), "-o", "csv"])
        odsh.send("count Customers\n")
        #expect(odsh.waitFor("91\n"), "no answer to the first statement while stdin is open: \(odsh.output)")
        // A statement whose bracket is still open waits for the line that closes it; a comment with a quote opens nothing.
        odsh.send("# the customers' first one\nCustomers where (Country = 'UK'\n  and City = 'London') select CustomerID order by CustomerID top 1\n")
        #expect(odsh.waitFor("CustomerID\r\nAROUT\r\n"), "\(odsh.output)")
        odsh.send("count Orders\n")
        #expect(odsh.waitFor("830\n"), "\(odsh.output)")
        #expect(try odsh.finish() == 0)
        #expect(odsh.output == "91\nCustomerID\r\nAROUT\r\n830\n", "\(odsh.output)")
    }

    @Test("V2: a read with select (no key in it) replaces the ETag kept for the entity, so the next update goes through")
    func staleETagReplacedByAnyRead() throws {
        let root = try ReferenceServers.baseURL(.v2) + "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/"
        let entity = "BusinessPartnerSet('0100000007')"
        let odsh = try StreamingOdsh([root, "-o", "csv", "--continue-on-error"])
        defer { _ = try? OdshProcess.run([root, "-c", "update \(entity) {CompanyName: 'Laurent'}"]) }
        odsh.send("\(entity) select CompanyName\n")
        #expect(odsh.waitFor("CompanyName\r\nLaurent\r\n"), "\(odsh.output)")
        // Another client changes it: the session's ETag is stale now.
        let other = try OdshProcess.run([root, "-c", "update \(entity) {CompanyName: 'Laurent (other client)'}"])
        try #require(other.status == 0, "\(other.stderr)")
        odsh.send("update \(entity) {CompanyName: 'Laurent (session)'}\n")
        #expect(odsh.waitFor("was changed on the server since it was read"), "\(odsh.output)")
        // A read with select, without the key: its ETag (body and header) replaces the stale one.
        odsh.send("\(entity) select CompanyName\n")
        #expect(odsh.waitFor("Laurent (other client)\r\n"), "\(odsh.output)")
        odsh.send("update \(entity) {CompanyName: 'Laurent (session)'}\n")
        #expect(odsh.waitFor("MERGE 204: done"), "\(odsh.output)")
        // --continue-on-error: the 412 of the first update is still the exit status.
        #expect(try odsh.finish() != 0)
        #expect(odsh.output.components(separatedBy: "was changed on the server").count == 2, "one 412 only:\n\(odsh.output)")
        let now = try OdshProcess.run([root, "-o", "csv", "-c", "\(entity) select CompanyName"])
        #expect(now.stdout.contains("Laurent (session)"), "\(now.stdout)\(now.stderr)")
    }

    @Test(".curl of a write: no CSRF steps for a service that issues no tokens, and the If-Match the write would send")
    func curlCSRFAndIfMatch() throws {
        let catalog = try ReferenceServers.baseURL(.v4) + "/catalog/"
        // odatapy asks for no CSRF token; it wants If-Match (428 without), which its metadata does not declare. The
        // update writes the name the product has (other tests read the catalog).
        let curl = try OdshProcess.run([catalog, "-c", ".curl update Products(3) {Name: 'Chisel'}"])
        #expect(curl.status == 0, "\(curl.stderr)")
        #expect(!curl.stdout.contains("CSRF") && !curl.stdout.contains("cookies.txt"), "\(curl.stdout)")
        #expect(curl.stdout.contains("-H 'If-Match: W/"), "\(curl.stdout)")
        // The printed command does what it says.
        let sent = try Spawn.run(["/bin/bash", "-c", curl.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + " -o /dev/null -w '%{http_code}'"])
        #expect(sent.stdout == "200" || sent.stdout == "204", "\(sent.stdout)\(sent.stderr)")

        // mock-sap issues tokens: the steps that fetch one, and its entity's ETag.
        let gw = try ReferenceServers.baseURL(.v2) + "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/"
        let sap = try OdshProcess.run([gw, "-c", ".curl update BusinessPartnerSet('0100000006') {CompanyName: 'Asia High tech'}"])
        #expect(sap.status == 0, "\(sap.stderr)")
        #expect(sap.stdout.contains("# The service wants a CSRF token for writes") && sap.stdout.contains("X-CSRF-Token: $CSRF_TOKEN"), "\(sap.stdout)")
        #expect(sap.stdout.contains("-H 'If-Match: W/"), "\(sap.stdout)")
    }

    @Test("did you mean: never the rejected name, bound functions by their last segment, binding explained, () parsed")
    func didYouMean() throws {
        let catalog = try ReferenceServers.baseURL(.v4) + "/catalog/"
        func error(_ statement: String) throws -> String {
            let r = try OdshProcess.run([catalog, "--dry-run", "-c", statement])
            #expect(r.status != 0, "\(statement): \(r.stdout)")
            return r.stderr
        }
        let discount = try error("call Products/Catalog.Discount(pct=5)")
        #expect(discount.contains("the action Catalog.Discount is bound to one Catalog.Product, not to a collection of Product"), "\(discount)")
        #expect(!discount.contains("did you mean"), "\(discount)")
        let unqualified = try error("Products(1)/PriceWithTax(rate=10)")
        #expect(unqualified.contains("(did you mean Catalog.PriceWithTax"), "\(unqualified)")
        let noArguments = try error("Products(1)/Catalog.PriceWithTax()")
        #expect(noArguments.contains("Catalog.PriceWithTax needs the parameter rate"), "\(noArguments)")
        let empty = try error("Products()")
        #expect(empty.contains("an empty key"), "\(empty)")
        // A cast: the types derived from the collection's, not the document's unrelated functions.
        if SharedCorpus.isAvailable {
            let graph = try OdshProcess.run(["--metadata", SharedCorpus.metadata("msgraph-v1.0-Prod.v2.xml"), "https://graph.microsoft.com/v1.0/",
                                             "--dry-run", "-c", "users('a')/memberOf/microsoft.graph.grop"])
            #expect(graph.stderr.contains("(did you mean microsoft.graph.group?)"), "\(graph.stderr)")
        }
        // A service name of a system: the catalog's close names.
        let system = try OdshProcess.run([try ReferenceServers.baseURL(.v2) + "/", "GWSAMPLE", "-c", "count BusinessPartnerSet"])
        #expect(system.status != 0)
        #expect(system.stderr.contains("GWSAMPLE: no service of that technical name") && system.stderr.contains("(did you mean GWSAMPLE_BASIC?)"),
                "\(system.stderr)")
    }

    @Test("a write retried after 428 reads the ETag without a failed read in the trace")
    func retryAfter428TracesNoFailure() throws {
        let catalog = try ReferenceServers.baseURL(.v4) + "/catalog/"
        let r = try OdshProcess.run([catalog, "--trace", "-c", "update Products(3) {Name: 'Chisel'}"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("428") && r.stderr.contains("GET \(catalog)Products(3) -> 200"), "\(r.stderr)")
        #expect(!r.stderr.contains("failed"), "\(r.stderr)")
    }

    @Test("sap-client in the URL and another --sap-client: refused, not one silently dropped")
    func sapClientConflict() throws {
        let root = try ReferenceServers.baseURL(.v2) + "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/"
        let r = try OdshProcess.run([root + "?sap-client=200", "--sap-client", "100", "-c", "count BusinessPartnerSet"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("the URL says sap-client=200, and --sap-client (or the profile) says 100"), "\(r.stderr)")
        let same = try OdshProcess.run([root + "?sap-client=100", "--sap-client", "100", "-c", "count BusinessPartnerSet"])
        #expect(same.status == 0, "\(same.stderr)")
    }

    @Test("a system's root opened alone lists its services; profile add recognises a system root")
    func systemOpenedAlone() throws {
        let system = try ReferenceServers.baseURL(.v2) + "/"
        let r = try OdshProcess.run([system, "-c", "count BusinessPartnerSet"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("is an SAP system, not a service") && r.stderr.contains("GWSAMPLE_BASIC"), "\(r.stderr)")
        #expect(r.stderr.contains("name the service after the system, as in odsh \(system) "), "\(r.stderr)")
        #expect(!r.stderr.contains("MAINT_SERVICE"), "\(r.stderr)")
        let xdg = TestXDG()
        let add = try xdg.odsh(["profile", "add", "sys", system, "--no-input"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stderr.contains("is an SAP system: its catalogs list"), "\(add.stderr)")
        let open = try xdg.odsh(["sys", "GWSAMPLE_BASIC", "-c", "count BusinessPartnerSet"])
        #expect(open.status == 0 && open.stdout == "8\n", "\(open.stdout)\(open.stderr)")
    }

    @Test(".set NAME <TAB> offers the setting's values; .open <TAB> the names it is given")
    func settingAndServiceCompletion() throws {
        let doc = try MetadataReader.read(file: OdshProcess.packageRoot.appendingPathComponent("scripts/sample/northwind-mini.xml").path)
        let completer = ReplSession.completer(for: doc, serviceNames: { [CompletionCandidate("GWSAMPLE_BASIC", annotation: "sample")] })
        func offered(_ line: String) -> [String] { completer.complete(line: line, cursor: line.count).candidates.map(\.insertText) }
        #expect(offered(".set pager ") == ["on", "off"])
        #expect(offered(".set expanded ") == ["auto", "on", "off"])
        #expect(offered(".set texts o").sorted() == ["off", "on"])
        #expect(offered(".set lineitem ") == ["on", "off"] && offered(".set units ") == ["on", "off"])
        #expect(offered(".set editing ") == ["emacs", "vi"])
        #expect(offered(".open GW") == ["GWSAMPLE_BASIC"])
    }

    @Test(".describe SET/PROPERTY describes the property, through navigation too")
    func describeProperty() throws {
        let file = OdshProcess.packageRoot.appendingPathComponent("scripts/sample/northwind-mini.xml").path
        let r = try OdshProcess.run(["--metadata", file, "http://127.0.0.1:9/northwind/", "-c", ".describe Orders/Freight",
                                     "-c", ".describe Orders/Customer/City"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("Property NorthwindMini.Model.Order/Freight: Edm.Decimal"), "\(r.stdout)")
        #expect(r.stdout.contains("Property NorthwindMini.Model.Customer/City: Edm.String"), "\(r.stdout)")
        let wrong = try OdshProcess.run(["--metadata", file, "http://127.0.0.1:9/northwind/", "-c", ".describe Orders/Frieght"])
        #expect(wrong.status == 2 && wrong.stderr.contains("has no property Frieght (did you mean Freight?)"), "\(wrong.stderr)")
    }

    @Test(".refresh with --metadata FILE says the file was read again and the service not asked")
    func refreshWithMetadataFile() throws {
        let file = OdshProcess.packageRoot.appendingPathComponent("scripts/sample/northwind-mini.xml").path
        let r = try OdshProcess.run(["--metadata", file, "http://127.0.0.1:9/northwind/", "-c", ".refresh"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "metadata unchanged (read again from \(file), the metadata file in use; the service was not asked)\n", "\(r.stdout)")
    }
}

/// odsh reading statements from a pipe that stays open (a FIFO), its output collected in a file: statements are sent
/// one by one and their answers waited for, as a coprocess or an expect script does.
final class StreamingOdsh {
    let dir: String
    let pid: pid_t
    private var writer: Int32
    private let outputPath: String

    init(_ arguments: [String]) throws {
        dir = NSTemporaryDirectory() + "odsh-stream-\(getpid())-\(UUID().uuidString.prefix(6))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let fifo = dir + "/in"
        outputPath = dir + "/out"
        guard mkfifo(fifo, 0o600) == 0 else { throw Spawn.Failure("mkfifo \(fifo) failed") }
        // Both ends open before the child starts: posix_spawn waits for the child's exec, and the child's open of
        // a FIFO without a writer would wait for ever. The reader end here goes once the child has its own.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        writer = open(fifo, O_WRONLY)
        guard reader >= 0, writer >= 0 else { throw Spawn.Failure("cannot open \(fifo)") }
        defer { close(reader) }
        // A write after odsh ended fails the test, rather than end the test process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let env = Spawn.environment(OdshProcess.isolatedXDG.mapValues { Optional($0) })
        pid = try Spawn.start([OdshProcess.binary.path] + arguments, stdin: fifo, stdout: outputPath, stderr: outputPath,
                              environment: env, newProcessGroup: true)
    }

    deinit {
        if writer >= 0 { close(writer) }
        _ = try? Spawn.wait(pid, timeout: 30)
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// stdout and stderr so far, in the order written.
    var output: String { String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self) }

    func send(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(writer, $0.baseAddress, $0.count - 1) }
    }

    /// Waits (until `Wait.hang`) for the output to hold `text`, stdin still open.
    func waitFor(_ text: String) -> Bool {
        Wait.poll { output.contains(text) }
    }

    /// Ends stdin and waits for odsh to exit: its status.
    func finish() throws -> Int32? {
        close(writer)
        writer = -1
        return try Spawn.wait(pid, timeout: 30)
    }
}
