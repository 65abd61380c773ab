import Foundation
import Testing
import TestSupport

/// libxml2's messages are folded into the one line of the error (issue 28): its "not proper UTF-8" message comes
/// with a second line ("Bytes: 0x..."), which reached stderr as a line of its own.
@Suite("libxml2 messages on one line", .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"))
struct LibXMLNoiseTests {
    @Test("A malformed Atom payload: one line")
    func atomPayload() throws {
        let payload = NSTemporaryDirectory() + "odsh-libxml-\(getpid()).atom"
        defer { unlink(payload) }
        var bytes = Array(#"<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry><title>"#.utf8)
        bytes += [0xFF, 0xFE] + Array(" bad</title></entry></feed>".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: payload))
        let r = try OdshProcess.run(["payload", "decode", "--metadata", TestModels.path("lab-v4"), "--entity-set", "Items",
                                     "--format", "atom", payload])
        #expect(r.status == 4)
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("malformed XML: Input is not proper UTF-8, indicate encoding !; Bytes: 0xFF 0xFE"), "\(r.stderr)")
    }

    @Test("A metadata document with bytes that are not UTF-8: one line")
    func metadataDocument() throws {
        let file = NSTemporaryDirectory() + "odsh-libxml-\(getpid()).xml"
        defer { unlink(file) }
        var bytes = Array(#"<?xml version="1.0"?><edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">"#.utf8)
        bytes += Array("<edmx:DataServices>".utf8) + [0xFF, 0xFE] + Array("</edmx:DataServices></edmx:Edmx>".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let r = try OdshProcess.run(["metadata", "summary", file])
        #expect(r.status == 4)
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("Input is not proper UTF-8, indicate encoding !; Bytes: 0xFF 0xFE"), "\(r.stderr)")
    }
}
