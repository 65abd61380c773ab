import Testing
@testable import ODataModel

/// The XML reader looks attributes up by `AttrName`; the names it matches are spelled out in a table, which must
/// name every case, in order, as the case is named (`type` standing for `Type`).
@Suite("Attribute names the reader looks up")
struct AttrNameTests {
    @Test("the table of names agrees with the cases")
    func namesMatchCases() {
        #expect(AttrName.names.count == AttrName.allCases.count)
        for c in AttrName.allCases {
            let expected = c == .type ? "Type" : "\(c)"
            #expect(c.name == expected, "case \(c) is spelled \(c.name) in the table")
            #expect(AttrName.byName[expected] == c)
        }
    }
}
