import Testing
@testable import ODataModel

/// Members are found by name by a linear scan in small types and enums and through an index past eight members:
/// both ways find the first declaration of a name and note later ones as duplicates.
@Suite("Member look-up by name")
struct MemberIndexTests {
    @Test("structural and navigation members, below and past the index threshold", arguments: [3, 8, 9, 20, 100])
    func structured(_ count: Int) {
        let t = EntityType(name: "T", namespace: "NS")
        var firsts: [String: Property] = [:]
        for i in 0..<count {
            let p = Property(name: "P\(i)", type: TypeReference("Edm.String"))
            t.addProperty(p)
            firsts["P\(i)"] = p
        }
        // A repeat of the first name, one of a navigation property's, and a navigation repeating a property's.
        let again = Property(name: "P0", type: TypeReference("Edm.Int32"))
        t.addProperty(again)
        for i in 0..<count { t.addNavigationProperty(NavigationProperty(name: "N\(i)", type: TypeReference("NS.T"))) }
        t.addProperty(Property(name: "N1", type: TypeReference("Edm.Int32")))
        t.addNavigationProperty(NavigationProperty(name: "P\(count - 1)", type: TypeReference("NS.T")))
        for i in 0..<count {
            #expect(t.structuralProperty(named: "P\(i)") === firsts["P\(i)"])
            #expect(t.navigationProperty(named: "N\(i)")?.name == "N\(i)")
        }
        #expect(t.structuralProperty(named: "P0")?.type.nameAsWritten == "Edm.String")
        #expect(t.structuralProperty(named: "missing") == nil && t.navigationProperty(named: "P0") == nil)
        // Filed by the resolver's call: the same answers through the index, and a member added after it is found too.
        #expect(t.indexMembers() == ["P0", "N1", "P\(count - 1)"])
        for i in 0..<count { #expect(t.structuralProperty(named: "P\(i)") === firsts["P\(i)"]) }
        let late = Property(name: "Late", type: TypeReference("Edm.String"))
        t.addProperty(late)
        #expect(t.structuralProperty(named: "Late") === late && t.structuralProperty(named: "P0") === firsts["P0"])
        // Inherited members are found through the base type, whatever its size.
        let d = EntityType(name: "D", namespace: "NS")
        d.baseType = t
        #expect(d.structuralProperty(named: "P\(count - 1)") === firsts["P\(count - 1)"])
    }

    @Test("enum members, below and past the index threshold", arguments: [2, 8, 9, 30])
    func enumMembers(_ count: Int) {
        let e = EnumType(name: "E", namespace: "NS")
        for i in 0..<count { e.addMember(EnumMember(name: "M\(i)", value: Int64(i), explicit: true)) }
        e.addMember(EnumMember(name: "M0", value: 99, explicit: true))
        for i in 0..<count { #expect(e.member(named: "M\(i)")?.value == Int64(i)) }
        #expect(e.member(named: "nope") == nil)
        #expect(e.indexMembers() == ["M0"])
        for i in 0..<count { #expect(e.member(named: "M\(i)")?.value == Int64(i)) }
        e.addMember(EnumMember(name: "Late", value: 100, explicit: true))
        #expect(e.member(named: "Late")?.value == 100 && e.member(named: "M0")?.value == 0)
    }

    @Test("a name of both kinds: the later declaration in the document is the repeat, in document order")
    func crossKindsInDocumentOrder() {
        let t = EntityType(name: "T", namespace: "NS")
        // Navigation `A` (line 2) before property `A` (line 5); property `B` (line 3) before navigation `B` (line 4).
        t.addProperty(Property(name: "B", type: TypeReference("Edm.String"), location: SourceLocation(line: 3, column: 1)))
        t.addProperty(Property(name: "A", type: TypeReference("Edm.String"), location: SourceLocation(line: 5, column: 1)))
        t.addNavigationProperty(NavigationProperty(name: "A", type: TypeReference("NS.T"), location: SourceLocation(line: 2, column: 1)))
        t.addNavigationProperty(NavigationProperty(name: "B", type: TypeReference("NS.T"), location: SourceLocation(line: 4, column: 1)))
        #expect(t.indexMembers() == ["B", "A"])
    }
}
