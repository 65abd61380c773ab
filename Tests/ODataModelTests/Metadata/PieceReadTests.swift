import Foundation
import Synchronization
import Testing
@testable import ODataModel
import TestSupport

/// A large document held whole is read in pieces on two threads (`CsdlXmlPieces`): cut where children of a schema
/// begin, each piece parsed and built apart, the builders put together front first. Wherever the cuts fall, the
/// model must be the one a single parser and builder make, with the same warnings at the same lines and columns;
/// and where a cut cannot be trusted (it fell in a comment, the pieces do not fit) or a piece is not well-formed,
/// the document is read whole instead, with the errors a single parser gives.
struct PieceReadTests {
    /// Reads `bytes` as `MetadataReader.read(bytes:)` does, in pieces of about `pieceSize` bytes; with what became of
    /// the attempt.
    static func read(_ bytes: [UInt8], name: String, pieceSize: Int) throws -> (CsdlDocument, CsdlXmlPieces.Outcome?) {
        let told = Mutex<CsdlXmlPieces.Outcome?>(nil)
        let testing = CsdlXmlPieces.Testing(pieceSize: pieceSize, minimumSize: 0) { o in told.withLock { $0 = o } }
        let doc = try CsdlXmlPieces.$forTesting.withValue(testing) {
            try bytes.withUnsafeBytes { try MetadataReader.read(bytes: $0, source: name) }
        }
        return (doc, told.withLock { $0 })
    }

    /// The error a read throws, as the user sees it.
    static func failure(_ body: () throws -> CsdlDocument) -> String {
        do {
            _ = try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    static let sizes = [1_500, 2_500, 4_000, 7_000, 12_000, 30_000, 80_000]

    /// Reads `bytes` cut at every size and compares with the model read in one piece; returns the outcomes.
    @discardableResult
    static func check(_ bytes: [UInt8], name: String, sizes: [Int] = sizes) throws -> [CsdlXmlPieces.Outcome?] {
        let expected = TailSplitTests.dump(try TailSplitTests.read(bytes, name: name).0)
        var outcomes: [CsdlXmlPieces.Outcome?] = []
        for size in sizes {
            let (doc, outcome) = try read(bytes, name: name, pieceSize: size)
            outcomes.append(outcome)
            TailSplitTests.compare(name, expected, TailSplitTests.dump(doc), "pieces of \(size) bytes (\(String(describing: outcome)))")
        }
        return outcomes
    }

    static func pieces(_ o: CsdlXmlPieces.Outcome?) -> Int {
        if case .read(let n)? = o { return n }
        return 0
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("a document read in pieces of any size gives the model it gives whole: aliases declared late, warnings, positions")
    func synthetic() throws {
        let outcomes = try Self.check(TailSplitTests.synthetic(decoy: false), name: "synthetic")
        for (size, o) in zip(Self.sizes, outcomes) {
            #expect(Self.pieces(o) >= 2, "pieces of \(size) bytes: \(String(describing: o))")
        }
        #expect(Self.pieces(outcomes[0]) > 10, "\(String(describing: outcomes[0]))")
    }

    @Test("a document on one line, with characters of several bytes before the cuts: the same columns")
    func oneLine() throws {
        let x = Self.text(TailSplitTests.synthetic(decoy: false))
            .replacingOccurrences(of: "String=\"type ", with: "String=\"Größe – ü ")
            .replacingOccurrences(of: "\n", with: "")
        let outcomes = try Self.check(Array(x.utf8), name: "one-line")
        #expect(outcomes.allSatisfy { Self.pieces($0) >= 2 }, "\(outcomes)")
    }

    @Test("CR LF line ends: the same lines")
    func crlf() throws {
        let x = Self.text(TailSplitTests.synthetic(decoy: false)).replacingOccurrences(of: "\n", with: "\r\n")
        let outcomes = try Self.check(Array(x.utf8), name: "crlf")
        #expect(outcomes.allSatisfy { Self.pieces($0) >= 2 }, "\(outcomes)")
    }

    @Test("a cut that falls in a comment is found out, and the document is read whole: the same model")
    func comment() throws {
        let good = Self.text(TailSplitTests.synthetic(decoy: false))
        var outcomes: [CsdlXmlPieces.Outcome?] = []
        // In each document, a start tag a piece could begin with, after a `>` and blanks, inside a run of comments
        // after one type: wherever cuts fall, some fall in one, others not.
        for t in stride(from: 3, to: 80, by: 4) {
            let x = good.replacingOccurrences(of: "<EntityType Name=\"T\(t)\">",
                                              with: String(repeating: "<!-- old > \n<EntityType Name=\"Old\">\n-->\n", count: 40) + "<EntityType Name=\"T\(t)\">")
            outcomes += try Self.check(Array(x.utf8), name: "comment", sizes: [2_000])
        }
        #expect(outcomes.contains { if case .refused? = $0 { true } else { false } }, "no cut fell in a comment: \(outcomes)")
        #expect(outcomes.contains { Self.pieces($0) >= 2 }, "\(outcomes)")
    }

    @Test("pieces that do not fit (a schema of another namespace, a reference after the services): read whole, the same model")
    func notFitting() throws {
        for (name, bytes) in [("decoy", TailSplitTests.synthetic(decoy: true)), ("trailing", TailSplitTests.synthetic(decoy: false, trailing: true))] {
            let outcomes = try Self.check(bytes, name: name, sizes: [4_000, 30_000])
            for o in outcomes {
                guard case .refused? = o else { Issue.record("\(name): \(String(describing: o))"); continue }
            }
        }
    }

    @Test("a piece that is not well-formed: the error of a single parser, its position and message")
    func notWellFormed() throws {
        let good = Self.text(TailSplitTests.synthetic(decoy: false))
        let broken = [
            // A tag left open in the middle: libxml2 names the line of the open tag in its message.
            good.replacingOccurrences(of: "<EntityType Name=\"T40\">", with: "<EntityType Name=\"T40\"><Open>"),
            // Cut short in a later piece.
            String(good.prefix(good.utf8.count * 3 / 4)),
            // An undeclared prefix near the end.
            good.replacingOccurrences(of: "<EnumType Name=\"Kind\">", with: "<EnumType Name=\"Kind\" x:y=\"1\">"),
        ]
        for (i, x) in broken.enumerated() {
            let bytes = Array(x.utf8)
            let whole = Self.failure { try TailSplitTests.read(bytes, name: "broken").0 }
            #expect(whole.contains("not well-formed") || whole.contains("namespace"), "\(i): \(whole)")
            for size in [3_000, 20_000] {
                let cut = Self.failure { try Self.read(bytes, name: "broken", pieceSize: size).0 }
                #expect(cut == whole, "\(i), pieces of \(size): \(cut)")
            }
        }
    }

    @Test("what does not begin as CSDL in UTF-8 is not cut")
    func notCut() throws {
        let good = Self.text(TailSplitTests.synthetic(decoy: false))
        let others = [
            good.replacingOccurrences(of: "encoding=\"utf-8\"", with: "encoding=\"ISO-8859-1\""),
            good.replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"utf-8\"?>", with: "<?xml version=\"1.0\"?><!DOCTYPE edmx:Edmx>"),
        ]
        for x in others {
            let (doc, o) = try Self.read(Array(x.utf8), name: "other", pieceSize: 4_000)
            #expect(o == .notCut)
            #expect(doc.schemas.count == 2)
        }
    }

    @Suite("Corpus documents in pieces", .enabled(if: Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
    struct CorpusPieces {
        static let documents = Corpus.files(in: "metadata", withExtension: "xml").filter { name in
            ((try? Corpus.bytes("metadata", name).count) ?? 0) > 200_000
        }

        @Test("large documents read in pieces of at least a sixth give the model they give whole", arguments: documents)
        func corpus(_ name: String) throws {
            let bytes = try Corpus.bytes("metadata", name)
            let outcomes = try PieceReadTests.check(bytes, name: name, sizes: [bytes.count / 6])
            #expect(PieceReadTests.pieces(outcomes[0]) >= 2, "\(name): \(outcomes)")
        }

        @Test("Graph and FAR_MANAGE, read from their files as the commands do, are read in pieces")
        func files() throws {
            for name in ["msgraph-v1.0-Prod.v2.xml", "sap-gw-v2-FAR_MANAGE_BS_SRV.xml"] {
                let told = Mutex<CsdlXmlPieces.Outcome?>(nil)
                let testing = CsdlXmlPieces.Testing(pieceSize: CsdlXmlPieces.pieceSize, minimumSize: CsdlXmlPieces.minimumSize) { o in
                    told.withLock { $0 = o }
                }
                let path = Corpus.url("metadata", name).path
                let doc = try CsdlXmlPieces.$forTesting.withValue(testing) { try MetadataReader.read(file: path) }
                let outcome = told.withLock { $0 }
                #expect(PieceReadTests.pieces(outcome) >= 8, "\(name): \(String(describing: outcome))")
                let expected = TailSplitTests.dump(try TailSplitTests.read(try Corpus.bytes("metadata", name), name: path).0)
                TailSplitTests.compare(name, expected, TailSplitTests.dump(doc), "from the file")
            }
        }
    }
}
