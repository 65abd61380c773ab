import Foundation
import ODataClient
import TestSupport

/// Services on the reference servers, opened once per test run (metadata loads are the slow part).
enum ServiceSupport {
    static func northwindV4(_ configure: (inout HTTPConfiguration) -> Void = { _ in }) throws -> DataService {
        try open("http://127.0.0.1:\(try ReferenceServers.port(.v4))/northwind/", configure)
    }
    static func catalogV4(_ configure: (inout HTTPConfiguration) -> Void = { _ in }) throws -> DataService {
        try open("http://127.0.0.1:\(try ReferenceServers.port(.v4))/catalog/", configure)
    }
    static func gatewayV2(_ configure: (inout HTTPConfiguration) -> Void = { _ in }) throws -> DataService {
        try open("http://127.0.0.1:\(try ReferenceServers.port(.v2))/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/", configure)
    }
    static func northwindV2(_ configure: (inout HTTPConfiguration) -> Void = { _ in }) throws -> DataService {
        try open("http://127.0.0.1:\(try ReferenceServers.port(.v2Atom))/northwind/", configure)
    }

    /// pyslet's Northwind with the function imports of scripts/testenv/pyslet_functions_server.py.
    static func northwindV2Functions(_ configure: (inout HTTPConfiguration) -> Void = { _ in }) throws -> DataService {
        try open("http://127.0.0.1:\(try ReferenceServers.port(.v2Functions))/northwind/", configure)
    }

    static func open(_ url: String, _ configure: (inout HTTPConfiguration) -> Void) throws -> DataService {
        var c = HTTPConfiguration()
        configure(&c)
        return try DataService(url: URL(string: url)!, configuration: c)
    }

    /// A service whose requests are traced into `collector` (for counting them).
    static func counted(_ make: ((inout HTTPConfiguration) -> Void) throws -> DataService) throws -> (DataService, TraceCollector) {
        let collector = TraceCollector()
        let service = try make { c in
            c.traceRequests = true
            c.traceSink = collector.sink
        }
        return (service, collector)
    }
}

extension TraceCollector {
    /// GET requests traced so far (the metadata load included).
    var getCount: Int { text.components(separatedBy: "HTTP GET ").count - 1 }
}
