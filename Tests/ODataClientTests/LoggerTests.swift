import Foundation
import Testing
@testable import ODataClient
import TestSupport

/// SAP's `Logger.shared(named: "SAP.OData").logLevel = .debug` turns the trace on, as in SAP's SDK.
extension IntegrationTests {
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct SAPLogger {
        @Test("the SAP.OData logger at debug traces a session that has no trace of its own, to standard error")
        func debugTracesRequests() throws {
            let port = try ReferenceServers.port(.v4)
            let logger = Logger.shared(named: "SAP.OData")
            #expect(logger === Logger.shared(named: "SAP.OData"))
            #expect(logger.logLevel == .warn)
            let client = try HTTPClient()
            // Standard error goes to a file for the length of the request.
            let path = NSTemporaryDirectory() + "odsh-logger-\(UUID().uuidString).txt"
            defer { unlink(path) }
            let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            let saved = dup(2)
            dup2(file, 2)
            logger.logLevel = .debug
            _ = try? client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/northwind/Customers('ALFKI')"))
            logger.logLevel = .warn
            _ = try? client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/northwind/Customers('ANATR')"))
            dup2(saved, 2)
            close(saved)
            close(file)
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            #expect(text.contains("HTTP GET http://127.0.0.1:\(port)/northwind/Customers('ALFKI') -> 200"), "\(text)")
            #expect(text.contains("Alfreds Futterkiste"), "debug traces bodies: \(text)")
            #expect(!text.contains("ANATR"), "back at warn, nothing is traced")
        }

        @Test func aGuidAsSAPsToStringGivesIt() {
            let guid = GuidValue.random()
            #expect(guid.toString() == guid.description)
            #expect(guid.toString().count == 36)
        }
    }
}
