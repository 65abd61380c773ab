import Testing
@testable import ODataClient
import ODataModel

/// Results that are not entities of a set: collections of primitives and complex values from functions, single
/// values, complex values, delta links.
@Suite struct PayloadValuesTargetTests {
    static let v4 = try! PayloadFixtures.model(xml: PayloadSampleModels.v4)
    static let v2 = try! PayloadFixtures.model(xml: PayloadSampleModels.v2)

    private func values(_ text: String, _ type: String, _ format: PayloadFormat = .v4JSON, doc: CsdlDocument = v4,
                        chunks: [Int]? = nil) throws -> PayloadReader.Result {
        try PayloadFixtures.read(Array(text.utf8), format: format, model: doc, target: .values(TypeReference(type)), options: .strict, chunks: chunks)
    }

    @Test func v4CollectionsOfPrimitivesAndComplexValues() throws {
        for chunks in [nil, [1]] as [[Int]?] {
            let r = try values("{\"@odata.context\":\"$metadata#Collection(Edm.Decimal)\",\"value\":[1.50,-2,null],\"@odata.nextLink\":\"next\"}",
                               "Collection(Edm.Decimal)", chunks: chunks)
            #expect(r.values == [.decimal(DecimalValue("1.50")!), .decimal(-2), .null])
            #expect(r.values.first?.description == "1.50")
            #expect(r.pageInfo.nextLink == "next")
            #expect(r.pageInfo.itemCount == 3)
        }
        let c = try values("{\"value\":[{\"City\":\"Berlin\",\"Zip\":\"10115\"},{\"@odata.type\":\"#Test.GeoAddress\",\"City\":\"Paris\",\"Lat\":48.8}]}",
                           "Collection(Test.Address)")
        guard case .complex(let a)? = c.values.first, case .complex(let b)? = c.values.last else { Issue.record("no complex values"); return }
        #expect(a["City"] == .string("Berlin"))
        #expect(b.complexType.name == "GeoAddress" && b["Lat"] == .double(48.8))
        let e = try values("{\"value\":[\"Read,Write\",\"None\"]}", "Collection(Test.Access)")
        #expect(e.values.map(\.description) == ["Read,Write", "None"])
    }

    @Test func v4SingleValuesAndComplexResults() throws {
        #expect(try values("{\"@odata.context\":\"$metadata#Edm.Decimal\",\"value\":240.00}", "Edm.Decimal").values == [.decimal(DecimalValue("240.00")!)])
        #expect(try values("{\"value\":\"2024-01-01\"}", "Edm.Date").values == [.localDate(LocalDate("2024-01-01")!)])
        let c = try values("{\"@odata.context\":\"$metadata#Test.Address\",\"City\":\"Berlin\",\"Zip\":\"10115\"}", "Test.Address", chunks: [2])
        guard case .complex(let a)? = c.values.first else { Issue.record("no complex value"); return }
        #expect(a["Zip"] == .string("10115"))
        // A function returning entities reads them as entities.
        let ent = try PayloadFixtures.read(Array("{\"value\":[{\"ID\":1},{\"ID\":2}]}".utf8), format: .v4JSON, model: Self.v4,
                                           target: .values(TypeReference("Collection(Test.Item)")))
        #expect(ent.entities.count == 2)
        let wrong = #expect(throws: PayloadError.self) { _ = try values("{\"value\":[1,\"x\"]}", "Collection(Edm.Int32)") }
        #expect(wrong?.description == "[1]: expected Edm.Int32, got \"x\" (line 1, column 13)")
    }

    @Test func v2FunctionResults() throws {
        #expect(try values("{\"d\":{\"results\":[\"1.5\",\"2\"]}}", "Collection(Edm.Decimal)", .v2JSON, doc: Self.v2).values
                == [.decimal(DecimalValue("1.5")!), .decimal(2)])
        #expect(try values("{\"d\":[\"a\",\"b\"]}", "Collection(Edm.String)", .v2JSON, doc: Self.v2).values == [.string("a"), .string("b")])
        #expect(try values("{\"d\":{\"GetTotal\":\"12.50\"}}", "Edm.Decimal", .v2JSON, doc: Self.v2).values == [.decimal(DecimalValue("12.50")!)])
        let c = try values("{\"d\":{\"__metadata\":{\"type\":\"SRV.Address\"},\"City\":\"Walldorf\"}}", "SRV.Address", .v2JSON, doc: Self.v2)
        guard case .complex(let a)? = c.values.first else { Issue.record("no complex value"); return }
        #expect(a["City"] == .string("Walldorf"))
    }

    @Test func atomFunctionResults() throws {
        let one = """
            <d:GetTotal xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" m:type="Edm.Decimal">12.50</d:GetTotal>
            """
        #expect(try values(one, "Edm.Decimal", .atom, doc: Self.v2).values == [.decimal(DecimalValue("12.50")!)])
        let many = """
            <d:Names xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices"><d:element>a</d:element><d:element>b</d:element></d:Names>
            """
        #expect(try values(many, "Collection(Edm.String)", .atom, doc: Self.v2, chunks: [5]).values == [.string("a"), .string("b")])
    }

    @Test func deltaLinks() throws {
        let doc = Self.v4
        let r = try PayloadFixtures.read(Array("{\"value\":[{\"ID\":1}],\"@odata.deltaLink\":\"Items?$deltatoken=42\"}".utf8), format: .v4JSON,
                                         model: doc, target: .entitySet(try doc.entitySet(withName: "Items")))
        #expect(r.pageInfo.deltaLink == "Items?$deltatoken=42")
        let v2 = try PayloadFixtures.read(Array("{\"d\":{\"results\":[],\"__delta\":\"Items?!deltatoken=7\"}}".utf8), format: .v2JSON,
                                          model: Self.v2, target: .entitySet(try Self.v2.entitySet(withName: "Items")))
        #expect(v2.pageInfo.deltaLink == "Items?!deltatoken=7")
        #expect(v2.entities.isEmpty)
    }

    @Test func mediaEntitiesAndStreamProperties() throws {
        let doc = Self.v4
        let photos = PayloadTarget.entitySet(try doc.entitySet(withName: "Photos"))
        let json = """
            {"value":[{"@odata.mediaReadLink":"Photos(1)/$value","@odata.mediaContentType":"image/png","@odata.mediaEtag":"W/\\"m1\\"",\
            "ID":1,"Thumbnail@odata.mediaReadLink":"Photos(1)/Thumbnail","Thumbnail@odata.mediaContentType":"image/jpeg"}]}
            """
        let r = try PayloadFixtures.read(Array(json.utf8), format: .v4JSON, model: doc, target: photos, options: .strict)
        #expect(r.entities[0].mediaLink == StreamLink(readLink: "Photos(1)/$value", contentType: "image/png", etag: "W/\"m1\""))
        #expect(r.entities[0]["Thumbnail"] == .stream(StreamLink(readLink: "Photos(1)/Thumbnail", contentType: "image/jpeg")))
        let atom = """
            <entry xmlns="http://www.w3.org/2005/Atom" xmlns:m="http://docs.oasis-open.org/odata/ns/metadata" xmlns:d="http://docs.oasis-open.org/odata/ns/data"
                   xml:base="http://host/service/" m:etag="W/&quot;e1&quot;">
              <id>http://host/service/Photos(1)</id>
              <link rel="edit" href="Photos(1)"/>
              <link rel="edit-media" href="Photos(1)/$value" m:etag="W/&quot;m1&quot;"/>
              <link rel="http://docs.oasis-open.org/odata/ns/mediaresource/Thumbnail" href="Photos(1)/Thumbnail" type="image/jpeg"/>
              <content type="image/png" src="Photos(1)/$value"/>
              <m:properties><d:ID m:type="Int64">1</d:ID></m:properties>
            </entry>
            """
        let a = try PayloadFixtures.read(Array(atom.utf8), format: .atom, model: doc, target: photos, options: .strict)
        let e = a.entities[0]
        #expect(e.etag == "W/\"e1\"")
        #expect(e.editLink == "http://host/service/Photos(1)")
        #expect(e.mediaLink == StreamLink(readLink: "http://host/service/Photos(1)/$value", editLink: "http://host/service/Photos(1)/$value",
                                          contentType: "image/png", etag: "W/\"m1\""))
        #expect(e["Thumbnail"] == .stream(StreamLink(readLink: "http://host/service/Photos(1)/Thumbnail", contentType: "image/jpeg")))
        #expect(e["ID"] == .long(1))
    }

    @Test func atomInlineExpansionsAndCounts() throws {
        let doc = Self.v2
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices"
                  xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
             <m:count>12</m:count>
             <entry>
              <category term="SRV.Item" scheme="http://schemas.microsoft.com/ado/2007/08/dataservices/scheme"/>
              <link rel="http://schemas.microsoft.com/ado/2007/08/dataservices/related/Parts" href="Items(1)/Parts">
               <m:inline><feed><m:count>3</m:count>
                <entry><content type="application/xml"><m:properties>
                 <d:Guid>01234567-89ab-cdef-0123-456789abcdef</d:Guid><d:Valid>2024-01-01T00:00:00</d:Valid><d:Count>1</d:Count>
                 <d:Price>1.500</d:Price></m:properties></content></entry>
                <link rel="next" href="Items(1)/Parts?$skiptoken=1"/>
               </feed></m:inline>
              </link>
              <content type="application/xml"><m:properties><d:ID>1</d:ID>
               <d:Address><d:City>Berlin</d:City><d:Zip m:null="true"/></d:Address>
               <d:Time>PT12H30M</d:Time></m:properties></content>
             </entry>
             <link rel="next" href="Items?$skiptoken=1"/>
            </feed>
            """
        let r = try PayloadFixtures.read(Array(atom.utf8), format: .atom, model: doc, target: .entitySet(try doc.entitySet(withName: "Items")),
                                         options: .strict, chunks: [3])
        #expect(r.pageInfo.count == 12 && r.pageInfo.nextLink == "Items?$skiptoken=1")
        let item = r.entities[0]
        guard case .entityList(let parts)? = item["Parts"], case .complex(let address)? = item["Address"] else { Issue.record("missing values"); return }
        #expect(parts.inlineCount == 3 && parts.count == 1 && parts.nextLink == "Items(1)/Parts?$skiptoken=1")
        #expect(try parts.entities[0].keyPredicate(version: .v2) == "(Guid=guid'01234567-89ab-cdef-0123-456789abcdef',Valid=datetime'2024-01-01T00:00:00',Count=1L)")
        #expect(parts.entities[0]["Price"]?.description == "1.500")
        #expect(address["Zip"] == .null && address["City"] == .string("Berlin"))
        #expect(item["Time"] == .localTime(LocalTime("12:30:00")!))
        #expect(item.navigationLinks["Parts"] == "Items(1)/Parts")
    }
}

extension PayloadValuesTargetTests {
    @Test func atomGeographyKeepsTheGMLText() throws {
        let doc = Self.v4
        let atom = """
            <entry xmlns="http://www.w3.org/2005/Atom" xmlns:m="http://docs.oasis-open.org/odata/ns/metadata"
                   xmlns:d="http://docs.oasis-open.org/odata/ns/data" xmlns:gml="http://www.opengis.net/gml">
              <content type="application/xml"><m:properties><d:ID>1</d:ID>
                <d:Location m:type="GeographyPoint"><gml:Point gml:srsName="http://www.opengis.net/def/crs/EPSG/0/4326"><gml:pos>52.5 13.4</gml:pos></gml:Point></d:Location>
              </m:properties></content>
            </entry>
            """
        let r = try PayloadFixtures.read(Array(atom.utf8), format: .atom, model: doc, target: .entitySet(try doc.entitySet(withName: "Items")),
                                         options: .strict)
        #expect(r.entities[0]["Location"] == .geography(GeographyValue(type: .geographyPoint, gmlText: "52.5 13.4")))
        #expect(PayloadFixtures.dump(r.entities) == "{\"ID\":1,\"Location\":\"52.5 13.4\"}\n")
    }
}
