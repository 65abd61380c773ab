import Testing
import TestSupport
@testable import ODataClient
import ODataModel

/// Broken payloads: cut short, not well-formed, or with values that do not fit the metadata.
@Suite struct PayloadMalformedTests {
    static let v4 = try! PayloadFixtures.model(xml: PayloadSampleModels.v4)
    static let v2 = try! PayloadFixtures.model(xml: PayloadSampleModels.v2)

    private func read(_ text: String, _ format: PayloadFormat = .v4JSON, doc: CsdlDocument = v4, set: String = "Items",
                      options: PayloadReadOptions = .lenient) throws -> PayloadReader.Result {
        try PayloadFixtures.read(Array(text.utf8), format: format, model: doc, target: .entitySet(try doc.entitySet(withName: set)), options: options)
    }

    @Test(.fixture("payload corpus", PayloadFixtures.available, PayloadFixtures.missing), arguments: PayloadFixtures.cases)
    func truncatedAnywhereGivesAnErrorWithAPosition(_ c: PayloadFixtures.Case) throws {
        let bytes = try PayloadFixtures.payload(c.file)
        let doc = try PayloadFixtures.model(c.metadata)
        let target = try PayloadFixtures.target(doc, c.set)
        // Cutting only trailing whitespace leaves a complete document.
        var end = bytes.count
        while end > 0, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[end - 1]) { end -= 1 }
        var rng = SplitMix64(seed: 42 &+ UInt64(bytes.count))
        var cuts = (0..<40).map { _ in Int.random(in: 0..<end, using: &rng) }
        cuts += [0, 1, end - 1]
        for cut in cuts {
            let part = Array(bytes[..<cut])
            for chunks in [nil, [1], [13]] as [[Int]?] {
                do {
                    _ = try PayloadFixtures.read(part, format: c.format, model: doc, target: target, chunks: chunks)
                    Issue.record("\(c.file) cut at \(cut) read without error")
                } catch let e as PayloadError {
                    #expect(e.issue.kind == .malformed, "\(c.file) cut at \(cut): \(e)")
                    #expect(e.issue.line >= 1, "\(c.file) cut at \(cut): \(e) has no line")
                    if c.format != .atom { #expect(e.issue.offset <= cut, "\(c.file) cut at \(cut): offset \(e.issue.offset)") }
                }
            }
        }
    }

    @Test func notWellFormedJSON() throws {
        let e = #expect(throws: PayloadError.self) { _ = try read("{\"value\":[{\"ID\":1,}]}") }
        #expect(e?.issue.kind == .malformed)
        #expect(e?.description == "malformed JSON: trailing comma before '}' (line 1, column 19)")
        let e2 = #expect(throws: PayloadError.self) { _ = try read("{\"value\":[{\"ID\":1}\n]}  x") }
        #expect(e2?.issue.line == 2)
        #expect(throws: PayloadError.self) { _ = try read("[1,2]") }
        #expect(throws: PayloadError.self) { _ = try read("") }
        #expect(throws: PayloadError.self) { _ = try read("{\"value\":[1]}") }
    }

    @Test func notWellFormedXML() throws {
        let atom = "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry></feed>"
        let e = #expect(throws: PayloadError.self) { _ = try read(atom, .atom) }
        #expect(e?.issue.kind == .malformed)
        #expect(e?.issue.line == 1)
        #expect(throws: PayloadError.self) { _ = try read("<html><body>Bad gateway</body></html>", .atom) }
    }

    @Test func wrongTypeNamesSetKeyPropertyExpectedAndGot() throws {
        // The bad value comes before the key: the message still has the key.
        let text = "{\"value\":[{\"Int16\":\"x\",\"ID\":7},{\"ID\":8,\"Decimal\":\"abc\",\"Date\":\"2024-13-01\"}]}"
        let e = #expect(throws: PayloadError.self) { _ = try read(text, options: .strict) }
        #expect(e?.description == "Items(7)/Int16: expected Edm.Int16, got \"x\" (line 1, column 20)")
        #expect(e?.issue.entitySet == "Items" && e?.issue.key == "(7)" && e?.issue.property == "Int16")
        #expect(e?.issue.expected == "Edm.Int16" && e?.issue.got == "\"x\"")

        let lenient = try read(text)
        #expect(lenient.entities.count == 2)
        #expect(lenient.warnings.map(\.description) == [
            "Items(7)/Int16: expected Edm.Int16, got \"x\" (line 1, column 20)",
            "Items(8)/Decimal: expected Edm.Decimal, got \"abc\" (line 1, column 50)",
            "Items(8)/Date: expected Edm.Date, got \"2024-13-01\" (line 1, column 63)",
        ])
        #expect(lenient.entities[0]["Int16"] == .untyped(RawValue(json: "\"x\"")))
        #expect(lenient.entities[0]["ID"] == .int(7))
        #expect(lenient.entities[1]["Decimal"] == .untyped(RawValue(json: "\"abc\"")))
        // Raw values are written back as they came.
        #expect(PayloadFixtures.dump([lenient.entities[1]]) == "{\"ID\":8,\"Decimal\":\"abc\",\"Date\":\"2024-13-01\"}\n")
    }

    @Test func wrongTypesInsideComplexValuesCollectionsAndExpandedEntities() throws {
        let text = """
        {"ID":1,"Address":{"City":5},"Tags":["a",{"b":1}],"Parts":[{"ItemID":1,"PartNo":"A","Quantity":"many"}]}
        """
        let r = try read(text)
        #expect(r.warnings.map(\.description) == [
            "Items(1)/Address/City: expected Edm.String, got 5 (line 1, column 27)",
            "Items(1)/Tags[1]: expected Edm.String, got {\"b\":1} (line 1, column 42)",
            "Parts(ItemID=1,PartNo='A')/Quantity: expected Edm.Int16, got \"many\" (line 1, column 96)",
        ])
        #expect(throws: PayloadError.self) { _ = try read(text, options: .strict) }
    }

    @Test func v2AndAtomWrongTypes() throws {
        let v2 = "{\"d\":{\"results\":[{\"__metadata\":{\"type\":\"SRV.Item\"},\"ID\":3,\"Int64\":\"12x\",\"DateTime\":\"/Date(nope)/\"}]}}"
        let r = try read(v2, .v2JSON, doc: Self.v2)
        #expect(r.warnings.map { "\($0.entitySet ?? "")\($0.key ?? "")/\($0.property ?? ""): \($0.expected ?? "") \($0.got ?? "")" } == [
            "Items(3)/Int64: Edm.Int64 \"12x\"", "Items(3)/DateTime: Edm.DateTime \"/Date(nope)/\"",
        ])
        let atom = """
        <feed xmlns="http://www.w3.org/2005/Atom" xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices"
              xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
         <entry><content type="application/xml"><m:properties>
          <d:Decimal>12,5</d:Decimal><d:ID>4</d:ID><d:Boolean>yes</d:Boolean>
         </m:properties></content></entry>
        </feed>
        """
        let a = try read(atom, .atom, doc: Self.v2)
        #expect(a.warnings.map(\.description) == [
            "Items(4)/Decimal: expected Edm.Decimal, got \"12,5\" (line 4, column 13)",
            "Items(4)/Boolean: expected Edm.Boolean, got \"yes\" (line 4, column 54)",
        ])
        #expect(a.entities[0]["Decimal"] == .untyped(RawValue(text: "12,5")))
        let strict = #expect(throws: PayloadError.self) { _ = try read(atom, .atom, doc: Self.v2, options: .strict) }
        #expect(strict?.issue.property == "Decimal")
    }

    @Test func unknownPropertiesOnClosedAndOpenTypes() throws {
        let closed = "{\"value\":[{\"ID\":1,\"Surprise\":[1,2]}]}"
        let r = try read(closed)
        #expect(r.warnings.map(\.description) == ["Items(1)/Surprise: Test.Item has no property Surprise (the entity type is not open) (line 1, column 30)"])
        #expect(r.entities[0]["Surprise"] == .untyped(RawValue(json: "[1,2]")))
        // Strict reading too keeps a property the metadata does not list (a service may add properties), with
        // the same warning.
        let s = try read(closed, options: .strict)
        #expect(s.warnings.map(\.description) == r.warnings.map(\.description))
        #expect(s.entities[0]["Surprise"] == .untyped(RawValue(json: "[1,2]")))
        #expect(PayloadReadOptions().mode == .strict, "the library's default")

        let open = "{\"value\":[{\"Key\":\"01234567-89ab-cdef-0123-456789abcdef\",\"Age@odata.type\":\"#Int32\",\"Age\":42,\"Hobby\":\"chess\"}]}"
        let o = try read(open, set: "People", options: .strict)
        #expect(o.warnings.isEmpty)
        #expect(o.entities[0]["Age"] == .int(42))
        #expect(o.entities[0]["Hobby"] == .untyped(RawValue(json: "\"chess\"")))
        #expect(o.entities[0].dynamicProperties.map(\.name) == ["Age", "Hobby"])
    }

    @Test func unknownAndUnrelatedTypeNames() throws {
        let r = try read("{\"value\":[{\"@odata.type\":\"#Test.Nope\",\"ID\":1},{\"@odata.type\":\"#Test.Part\",\"ID\":2}]}")
        #expect(r.warnings.map(\.message) == ["unknown type #Test.Nope", "type Test.Part is not Test.Item or derived from it"])
        #expect(r.entities.map(\.entityType.name) == ["Item", "Item"])
    }

    @Test func consumerErrorsPassThrough() throws {
        struct Stop: Error {}
        let r = PayloadReader(format: .v4JSON, model: Self.v4, target: .entitySet(try Self.v4.entitySet(withName: "Items"))) { _ in throw Stop() }
        #expect(throws: Stop.self) { try r.feed(Array("{\"value\":[{\"ID\":1},".utf8)) }
    }
}
