import Foundation
import ODataQuery
import Testing
@testable import ODataShell
import TestSupport

/// One string escaper (issue 36) serves JSON output, the statements QueryPrinter writes and the TOML of profiles:
/// what each writes reads back through its own reader, control characters and DEL included.
@Suite("one string escaper")
struct StringEscapeTests {
    /// Every control character, DEL, quotes, a backslash, and text beyond ASCII.
    static let awkward = String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }) + "\u{7F}\"'\\ é 😀 end"

    @Test("JSONWriter's strings parse back as JSON")
    func json() throws {
        let text = JSONWriter.quote(Self.awkward)
        let back = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [String]
        #expect(back == [Self.awkward])
        #expect(text.contains("\\b") && text.contains("\\f") && text.contains("\\u001f"), "\(text)")
    }

    @Test("a statement's double-quoted string reads back, \\b and \\f included; DEL is escaped for the terminal")
    func statement() throws {
        let printed = QueryPrinter.string(Self.awkward)
        #expect(printed.hasPrefix("\"") && !printed.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(printed)")
        #expect(printed.contains("\\u007f"), "\(printed)")
        let bound = try Binder.bind("Items where Name = \(printed)", document: try TestModels.document("lab-v4"))
        guard case .binary(_, _, .literal(.string(let value)))? = bound.query?.filterExpression else {
            Issue.record("not a comparison with a string: \(String(describing: bound.query?.filterExpression))")
            return
        }
        #expect(value == Self.awkward)
    }

    @Test("a TOML basic string reads back")
    func toml() throws {
        let doc = try TOMLReader.parse("key = \(TOMLValue.quote(Self.awkward))\n")
        #expect(doc.root["key"] == .string(Self.awkward))
    }
}
