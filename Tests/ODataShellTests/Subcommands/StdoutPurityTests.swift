import Foundation
import Testing
@testable import ODataShell
import TestSupport

/// Machine formats keep stdout pure: with every kind of write (create, update, replace, delete, a bound action
/// that returns an entity, a batch), stdout holds only JSON, NDJSON or CSV; write confirmations (`PATCH 204: done`)
/// and `--timing` go to stderr. (The catalog's one action without a result, Restock, changes every product, which
/// other suites read at the same time: a void action takes the same path as the update's 204 and is not called.)
@Suite("stdout purity of machine formats", .serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct StdoutPurityTests {
    static func catalog() throws -> String { try ReferenceServers.baseURL(.v4) + "/catalog/" }

    /// Every write the language has, on a product made for the test (and removed again).
    static func writes(_ id: Int) -> [String] {
        ["create Products {ID: \(id), Name: 'purity', Price: 10}",
         "update Products(\(id)) {Price: 11}",
         "replace Products(\(id)) {Name: 'purity2', Price: 12}",
         "call Products(\(id))/Catalog.Discount(pct=5)",
         "batch; Products(\(id)); changeset; create Products {ID: \(id + 1), Name: 'b'}; end; delete Products(\(id + 1)) force; end",
         "delete Products(\(id))"]
    }

    /// The JSON texts of a stream of them (`-o json` writes one per statement): split where the nesting closes.
    static func jsonTexts(_ s: String) throws -> [Any] {
        var texts: [String] = [], current = "", depth = 0, inString = false, escaped = false
        for c in s {
            if depth == 0 && !inString && c.isWhitespace { continue }
            current.append(c)
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            switch c {
            case "\"": inString = true
            case "[", "{": depth += 1
            case "]", "}":
                depth -= 1
                if depth == 0 { texts.append(current); current = "" }
            default: break
            }
        }
        #expect(current.isEmpty, "text after the last JSON document: \(current)")
        return try texts.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) }
    }

    @Test("json, ndjson and csv: only results on stdout, confirmations and times on stderr",
          arguments: [ShellSettings.OutputFormat.json, .ndjson, .csv])
    func writes(_ format: ShellSettings.OutputFormat) throws {
        let id = Int.random(in: 20000..<30000) * 2
        let statements = Self.writes(id)
        let r = try OdshProcess.run([try Self.catalog(), "-o", format.rawValue, "--timing"] + statements.flatMap { ["-c", $0] })
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("done") && !r.stdout.contains("odsh") && !r.stdout.contains("time:"), "\(r.stdout)")
        // Every statement's time, on stderr; the writes without content confirmed there too.
        #expect(r.stderr.components(separatedBy: "time: ").count - 1 == statements.count, "\(r.stderr)")
        for note in ["odsh: PATCH 204: done", "odsh: PUT 204: done", "odsh: DELETE 204: done"] {
            #expect(r.stderr.contains(note), "\(note) not on stderr: \(r.stderr)")
        }
        switch format {
        case .json:
            let docs = try Self.jsonTexts(r.stdout)
            // create, the action's entity, the batch's answers.
            #expect(docs.count == 3, "\(r.stdout)")
            let created = try #require(docs.first as? [[String: Any]])
            #expect(created.first?["Name"] as? String == "purity")
            let batch = try #require(docs.last as? [[String: Any]])
            #expect(batch.map { $0["status"] as? Int } == [200, 201, 204], "\(r.stdout)")
        case .ndjson:
            let lines = r.stdout.split(separator: "\n")
            #expect(lines.count == 5, "\(r.stdout)")
            for line in lines {
                #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "not a JSON object: \(line)")
            }
        default:
            // Records only: each a header or a row of the columns it names.
            let lines = r.stdout.components(separatedBy: "\r\n").dropLast()
            #expect(lines.allSatisfy { $0.hasPrefix("ID,") || $0.first?.isNumber == true }, "\(r.stdout)")
            #expect(r.stdout.contains("\(id),purity2,11.40"), "\(r.stdout)")
            #expect(r.stderr.contains("2 (changeset): POST Products → 201 Created"), "\(r.stderr)")
        }
        // The product is gone.
        let gone = try OdshProcess.run([try Self.catalog(), "-c", "count Products where ID eq \(id) or ID eq \(id + 1)"])
        #expect(gone.stdout == "0\n", "\(gone.stdout)")
    }

    @Test("--timing reports on stderr in every format, also for a read; without it no time is written")
    func timing() throws {
        for format in ShellSettings.OutputFormat.allCases {
            let r = try OdshProcess.run([try Self.catalog(), "-o", format.rawValue, "--timing", "-c", "Categories top 1", "-c", "count Products"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.components(separatedBy: "time: ").count - 1 == 2, "\(format): \(r.stderr)")
            #expect(!r.stdout.contains("time:"), "\(format): \(r.stdout)")
        }
        let plain = try OdshProcess.run([try Self.catalog(), "-o", "json", "-c", "Categories top 1"])
        #expect(!plain.stderr.contains("time:"), "\(plain.stderr)")
    }
}
