import Foundation
import Testing
@testable import ODataClient
import ODataModel
import TestSupport

extension IntegrationTests {
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct MetadataFetch {
        /// Streams $metadata and returns the bytes and the number of chunks they came in.
        func stream(_ serviceURL: String) throws -> (HTTPResponse, Data, Int) {
            let client = try HTTPClient()
            var bytes = Data()
            var chunks = 0
            let response = try client.fetchMetadata(serviceURL: serviceURL) { chunk in
                chunks += 1
                bytes.append(contentsOf: chunk)
            }
            return (response, bytes, chunks)
        }

        @Test func v4NorthwindFromOdatapy() throws {
            let port = try ReferenceServers.port(.v4)
            let (response, bytes, _) = try stream("http://127.0.0.1:\(port)/northwind/")
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(response.status == 200)
            #expect(response.body == nil)
            #expect(response.headers["Content-Type"]?.contains("xml") == true)
            #expect(text.contains("<edmx:Edmx") && text.contains("Version=\"4.0\""))
            #expect(text.contains("<EntitySet Name=\"Customers\""))
            #expect(bytes.count > 16 * 1024)
            #expect(Int64(bytes.count) == response.metrics.bytesReceived)
        }

        @Test("the reader takes the size the answer declares before the first chunk, and reads the document as before")
        func declaredSize() throws {
            let port = try ReferenceServers.port(.v4)
            let client = try HTTPClient()
            let reader = MetadataReader(source: "northwind")
            var fed = 0
            let response = try client.fetchMetadata(serviceURL: "http://127.0.0.1:\(port)/northwind/", into: reader) { fed += $0.count }
            let declared = response.headers["Content-Length"]
            let doc = try reader.finish()
            #expect(doc.entitySets.contains { $0.name == "Customers" })
            // odatapy declares the length: the reader had it before the first byte, and it is the length read.
            #expect(declared.flatMap { Int($0) } == fed)
            #expect(reader.expectedSize == fed)
        }

        @Test func v2GatewayFromMockSap() throws {
            let port = try ReferenceServers.port(.v2)
            let (response, bytes, _) = try stream("http://127.0.0.1:\(port)/sap/opu/odata/IWBEP/GWSAMPLE_BASIC")
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(response.status == 200)
            #expect(response.head.url.hasSuffix("/GWSAMPLE_BASIC/$metadata"))
            #expect(text.contains("EntitySet Name=\"BusinessPartnerSet\""))
            #expect(text.contains("DataServiceVersion"))
        }

        @Test func v2NorthwindFromPyslet() throws {
            let port = try ReferenceServers.port(.v2Atom)
            let (response, bytes, _) = try stream("http://127.0.0.1:\(port)/northwind/")
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(response.status == 200)
            #expect(text.contains("<EntitySet EntityType=\"NorthwindModel.Customer\" Name=\"Customers\"/>"))
        }

        @Test func consumerErrorAbortsAndIsRethrown() throws {
            struct Enough: Error, Equatable {}
            let port = try ReferenceServers.port(.v4)
            let client = try HTTPClient()
            var chunks = 0
            #expect(throws: Enough()) {
                try client.fetchMetadata(serviceURL: "http://127.0.0.1:\(port)/northwind/") { _ in
                    chunks += 1
                    throw Enough()
                }
            }
            #expect(chunks == 1, "the transfer stops at the first chunk")
            // The handle stays usable after an aborted transfer.
            let again = try client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/northwind/"))
            #expect(again.status == 200)
        }
    }

    @Suite(.fixture("nginx", NginxFixture.isAvailable, Comment(rawValue: NginxFixture.missing)))
    struct LargeDocument {
        @Test("a consumer that lags pauses its transfer: what piles up meanwhile stays under the high-water mark")
        func aLaggingConsumerPausesItsTransfer() throws {
            let nginx = try NginxFixture.shared()
            let expected = try Data(contentsOf: Corpus.url("metadata", "msgraph-v1.0-Prod.v2.xml"))
            let client = try HTTPClient()
            var chunks: [Int] = []
            var received = Data()
            let paused = DispatchSemaphore(value: 0)
            try TransferFlow.$onPause.withValue({ paused.signal() }) {
                _ = try client.send(HTTPRequest(url: "\(nginx.http)/corpus/msgraph-v1.0-Prod.v2.xml")) { chunk in
                    // A consumer that lags: it takes its first chunk only once the engine has paused the transfer
                    // (a generous deadline fails only on a hang).
                    if chunks.isEmpty { #expect(paused.wait(timeout: .now() + 60) == .success, "the transfer paused") }
                    chunks.append(chunk.count)
                    received.append(contentsOf: chunk)
                }
            }
            #expect(received == expected)
            // Without the pause the second chunk would hold everything that came while the first was consumed.
            #expect(chunks.count > 2, "\(chunks)")
            #expect(chunks.dropFirst().allSatisfy { $0 <= TransferFlow.highWater + 64 * 1024 }, "\(chunks)")
        }

        @Test func gzipEncodedDocumentIsDecodedWhileStreaming() throws {
            let nginx = try NginxFixture.shared()
            let file = Corpus.url("metadata", "msgraph-v1.0-Prod.v2.xml")
            let expected = try Data(contentsOf: file)
            let client = try HTTPClient()
            var received = Data()
            var chunks = 0
            var largest = 0
            var head: HTTPResponseHead?
            let response = try client.send(HTTPRequest(url: "\(nginx.http)/corpus/msgraph-v1.0-Prod.v2.xml"),
                                           onHeaders: { head = $0 }) { chunk in
                chunks += 1
                largest = max(largest, chunk.count)
                received.append(contentsOf: chunk)
            }
            #expect(head?.headers["Content-Encoding"] == "gzip")
            #expect(received == expected)
            // Handed over as it is decoded: never more at once than the engine lets a consumer lag behind, and one
            // write of curl's beyond that.
            #expect(chunks > 1)
            #expect(largest <= TransferFlow.highWater + 64 * 1024, "\(largest) bytes at once")
            #expect(response.metrics.bytesReceived == Int64(expected.count))
        }
    }
}

/// The size a `$metadata` answer declares, taken by the reader before its first byte.
@Suite("Declared metadata size")
struct DeclaredMetadataSizeTests {
    @Test("a plain Content-Length counts; an encoded body's, none at all, or one after the first bytes does not")
    func declared() throws {
        let reader = MetadataReader()
        reader.expect(HTTPResponseHead(status: 200, headers: ["Content-Length": "3400000", "Content-Encoding": "gzip"]))
        #expect(reader.expectedSize == nil)
        reader.expect(HTTPResponseHead(status: 200, headers: ["Content-Type": "application/xml"]))
        #expect(reader.expectedSize == nil)
        reader.expect(HTTPResponseHead(status: 200, headers: ["Content-Length": "3400000"]))
        #expect(reader.expectedSize == 3_400_000)
        // Once bytes were fed (blanks, then the first element), a size no longer counts.
        try Array("  \n".utf8).withUnsafeBytes { try reader.feed($0) }
        try Array("<edmx:Edmx".utf8).withUnsafeBytes { try reader.feed($0) }
        reader.expect(size: 12)
        #expect(reader.expectedSize == 3_400_000)
    }
}
