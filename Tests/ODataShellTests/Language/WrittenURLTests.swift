import Foundation
import ODataClient
import ODataModel
import ODataQuery
@testable import ODataShell
import Testing

/// The URL is written once: the binder writes a statement's URL for the service's version (refusing what the version
/// cannot express) and keeps it in the request, and `DataService` sends that URL as written.
@Suite("URL written once")
struct WrittenURLTests {
    @Test("Northwind V2 and V4: every golden statement is sent with the URL the binder wrote",
          .fixture("corpus", TestModels.northwindAvailable, TestModels.missingNorthwind))
    func northwind() throws { try run("northwind") }

    @Test("lab model V2 and V4: every golden statement is sent with the URL the binder wrote")
    func lab() throws { try run("lab") }

    func run(_ model: String) throws {
        var checked = 0
        for doc in [try TestModels.document("\(model)-v2"), try TestModels.document("\(model)-v4")] {
            let service = DataService(url: URL(string: "http://host/svc/")!, client: try HTTPClient(configuration: HTTPConfiguration()),
                                      metadata: doc)
            for c in GoldenStatementTests.cases where c.model == model {
                guard let bound = try? Binder.bind(c.statement, document: doc) else { continue }
                let request = bound.request
                if case .unlink(let target?) = request.kind, doc.version.isV4 {
                    // Names the related entity by its absolute URL: written when sent, where the root is known.
                    #expect(request.writtenURL == nil, "\(c)")
                    _ = target
                    continue
                }
                let written = try #require(request.writtenURL, "\(c) V\(doc.version.rawValue)")
                #expect(written.version == doc.version)
                if case .batch(let parts) = request.kind {
                    let body = String(decoding: try service.httpRequest(for: request).body ?? Data(), as: UTF8.self)
                    for case .request(let part) in parts {
                        let url = try #require(part.writtenURL, "\(c): a part of the batch")
                        #expect(body.contains(" \(url.url) HTTP/1.1"), "\(c): \(url.url) in\n\(body)")
                    }
                } else {
                    #expect(try service.httpRequest(for: request).url == "http://host/svc/" + written.url, "\(c)")
                }
                checked += 1
            }
        }
        #expect(checked >= 100)
    }
}
