import Foundation
import ODataModel
import ODataQuery
import Testing

/// DataQuery built through the API (as SAP's users would) and written for V2 and V4; exact percent-encoding;
/// literal spelling per version; what V2 cannot say.
@Suite("URL writer")
struct URLWriterTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ODataShellTests/Language/Fixtures")
    static func lab(_ v: String) throws -> CsdlDocument {
        try MetadataReader.read(file: fixtures.appendingPathComponent("lab-\(v).xml").path)
    }

    @Test("the builder API: from, withKey, navigate, select, filter, orderBy/thenBy, expand withQuery, top, skip, inlineCount")
    func builder() throws {
        let doc = try Self.lab("v4")
        let items = try doc.entitySet(withName: "Items")
        let item = items.entityType
        let name = try item.property(withName: "Name"), price = try item.property(withName: "Price")
        let big = try item.property(withName: "Big"), color = try item.property(withName: "Color")
        let parts = try #require(item.navigationProperty(named: "Parts"))
        let qty = try doc.entityType(withName: "Part").property(withName: "Qty")
        let q = DataQuery().select(name, price).from(items)
            .filter(name.equal("it's").and(price.greaterThan(12)).or(big.lessEqual(5).not()).and(color.equal("Red")))
            .orderBy(price, .descending).thenBy(name)
            .expand(parts, withQuery: DataQuery().select(qty).filter(qty.greaterEqual(3)).top(2))
            .top(10).skip(20).inlineCount()
        #expect(URLEncoding.decode(try q.relativeURL(for: .v4)) ==
            "Items?$filter=(Name eq 'it''s' and Price gt 12 or not (Big le 5)) and Color eq Lab.Color'Red'&$select=Name,Price"
            + "&$expand=Parts($filter=Qty ge 3;$select=Qty;$top=2)&$orderby=Price desc,Name&$top=10&$skip=20&$count=true")
        #expect(throws: QueryWriteError.self) { try q.relativeURL(for: .v2) }
    }

    @Test("keys: single, composite, typed; selectKey and selectAll; count")
    func keys() throws {
        let doc = try Self.lab("v2")
        let parts = try doc.entitySet(withName: "Parts")
        let k = EntityKey().with(name: "ItemID", value: .int32(1)).with(name: "PartNo", value: .int64(2))
        #expect(try DataQuery().from(parts).withKey(k).relativeURL(for: .v2) == "Parts(ItemID=1,PartNo=2L)")
        #expect(try DataQuery().from(parts).withKey(k).relativeURL(for: .v4) == "Parts(ItemID=1,PartNo=2)")
        #expect(try DataQuery().from("Customers").withKey(EntityKey(.string("A'B/C d"))).relativeURL(for: .v4) == "Customers('A''B%2FC%20d')")
        #expect(URLEncoding.decode(try DataQuery().from(parts).selectKey().relativeURL(for: .v4)) == "Parts?$select=ItemID,PartNo")
        #expect(URLEncoding.decode(try DataQuery().from(parts).selectAll().relativeURL(for: .v4)) == "Parts?$select=*")
        #expect(try DataQuery().from(parts).count().relativeURL(for: .v4) == "Parts/$count")
        #expect(try DataQuery().from("People").withKey(EntityKey(.guid("01234567-89ab-cdef-0123-456789abcdef"))).navigate("Items")
            .relativeURL(for: .v2) == "People(guid'01234567-89ab-cdef-0123-456789abcdef')/Items")
    }

    @Test("percent-encoding of query options is exact")
    func encoding() throws {
        let q = DataQuery().from("Customers").filter(.path("Name").equal(.literal("A&B #1 + 100% 'q' é/€ x=y;z")))
        #expect(try q.relativeURL(for: .v4)
            == "Customers?$filter=Name%20eq%20%27A%26B%20%231%20%2B%20100%25%20%27%27q%27%27%20%C3%A9/%E2%82%AC%20x=y;z%27")
        #expect(URLEncoding.queryValue("$(),/=:;*@!-._~") == "$(),/=:;*@!-._~")
        #expect(URLEncoding.queryValue("?\"<>[]{}|\\^`") == "%3F%22%3C%3E%5B%5D%7B%7D%7C%5C%5E%60")
        #expect(URLEncoding.pathSegment("('a b'/c?d#e&f+g)") == "('a%20b'%2Fc%3Fd%23e%26f%2Bg)")
        #expect(URLEncoding.decode("%41%2b%zz%") == "A+%zz%")
        let t = DataQuery().from("Items").filter(.path("Stamp").greaterThan(.literal(.dateTimeOffset("2020-01-01T10:00:00+01:00"))))
        #expect(try t.relativeURL(for: .v4) == "Items?$filter=Stamp%20gt%202020-01-01T10:00:00%2B01:00")
        #expect(try DataQuery().from("Items").search("blue OR \"light green\"").relativeURL(for: .v4)
            == "Items?$search=blue%20OR%20%22light%20green%22")
    }

    @Test("literal spelling per version", arguments: [
        (QueryLiteral.int64(5), "5L", "5"), (.decimal("12.50"), "12.50M", "12.50"), (.double(1.5), "1.5d", "1.5"),
        (.double(1e20), "1e+20d", "1e+20"), (.double(2), "2d", "2"), (.single(1.5), "1.5f", "1.5"), (.double(.infinity), "INFd", "INF"), (.double(.nan), "NaNd", "NaN"),
        (.guid("01234567-89ab-cdef-0123-456789abcdef"), "guid'01234567-89ab-cdef-0123-456789abcdef'", "01234567-89ab-cdef-0123-456789abcdef"),
        (.binary([0xFF, 0xFE, 0x7F]), "X'FFFE7F'", "binary'__5_'"), (.binary([0x0A]), "X'0A'", "binary'Cg=='"), (.dateTimeOffset("2020-01-01T00:00:00Z"), "datetimeoffset'2020-01-01T00:00:00Z'", "2020-01-01T00:00:00Z"),
        (.string("it's"), "'it''s'", "'it''s'"), (.boolean(true), "true", "true"), (.null, "null", "null"), (.sbyte(-8), "-8", "-8"),
    ])
    func literals(_ l: QueryLiteral, _ v2: String, _ v4: String) throws {
        #expect(try LiteralFormatter(version: .v2).text(l) == v2)
        #expect(try LiteralFormatter(version: .v4).text(l) == v4)
    }

    @Test("types of one version only are errors in the other, naming the feature and the version")
    func versionOnlyLiterals() throws {
        let v2 = LiteralFormatter(version: .v2), v4 = LiteralFormatter(version: .v4)
        for l: QueryLiteral in [.date("2020-01-01"), .timeOfDay("10:00"), .duration("P1D"), .enumMember(type: "Lab.Color", member: "Red")] {
            #expect(throws: QueryWriteError.self) { try v2.text(l) }
        }
        for l: QueryLiteral in [.dateTime("2020-01-01T00:00"), .time("PT1H")] {
            #expect(throws: QueryWriteError.self) { try v4.text(l) }
        }
        let e = #expect(throws: QueryWriteError.self) {
            try ExpressionWriter(version: .v2).text(.lambda(.any, collection: "Parts", variable: "p", predicate: .literal(.boolean(true))))
        }
        #expect(e?.message == "the lambda operator any needs OData V3 or V4; this service speaks OData 2.0")
        #expect(try ExpressionWriter(version: .v3).text(.lambda(.any, collection: "Parts", variable: nil, predicate: nil)) == "Parts/any()")
        let n = #expect(throws: QueryWriteError.self) { try ExpressionWriter(version: .v2).text(.function("now", [])) }
        #expect(n?.message == "the function now() needs OData V4; this service speaks OData 2.0")
        let x = #expect(throws: QueryWriteError.self) {
            try DataQuery().from("Orders").expand("Order_Details", withQuery: DataQuery().top(1)).relativeURL(for: .v2)
        }
        #expect(x?.message.hasPrefix("nested $top in the expansion of Order_Details cannot be expressed in OData 2.0") == true)
        #expect(throws: QueryWriteError.self) { try DataQuery().from("Items").search("x").relativeURL(for: .v2) }
    }

    @Test("V2 spelling: in as an or-chain, substringof, quoted type names, $inlinecount, expand paths")
    func v2Spelling() throws {
        let w = ExpressionWriter(version: .v2)
        let inList = QueryExpression.path("Country").isIn([.literal("UK"), .literal("USA")]).and(.path("City").equal(.literal("X")))
        #expect(try w.text(inList) == "(Country eq 'UK' or Country eq 'USA') and City eq 'X'")
        #expect(try w.text(.path("Name").contains(.literal("x"))) == "substringof('x',Name)")
        #expect(try w.text(.function("isof", [.path("Owner"), .typeName("Lab.Person")])) == "isof(Owner,'Lab.Person')")
        let q = DataQuery().from("Orders").expand("Customer", withQuery: DataQuery().select("CompanyName"))
            .expand("Order_Details", withQuery: DataQuery().expand("Product")).inlineCount()
        #expect(URLEncoding.decode(try q.relativeURL(for: .v2))
            == "Orders?$select=*,Order_Details/*,Order_Details/Product,Customer/CompanyName&$expand=Customer,Order_Details/Product&$inlinecount=allpages")
    }

    @Test("V2 select with expand: every expanded entity keeps its properties unless a nested select names them")
    func v2SelectExpand() throws {
        let cases: [(DataQuery, String)] = [
            // An expand path A/B beside a nested select elsewhere: A's own properties with A/*, B whole.
            (DataQuery().from("Orders").expand("Customer", withQuery: DataQuery().select("CompanyName")).expand("Order_Details/Product"),
             "Orders?$select=*,Order_Details/*,Order_Details/Product,Customer/CompanyName&$expand=Customer,Order_Details/Product"),
            // Deeper, under a select of the main entity.
            (DataQuery().from("Orders").select("OrderID").expand("Order_Details/Product/Supplier"),
             "Orders?$select=OrderID,Order_Details/*,Order_Details/Product/*,Order_Details/Product/Supplier&$expand=Order_Details/Product/Supplier"),
            // A nested select on the intermediate entity wins over A/*.
            (DataQuery().from("Orders").select("OrderID").expand("Order_Details", withQuery: DataQuery().select("Quantity").expand("Product")),
             "Orders?$select=OrderID,Order_Details/Product,Order_Details/Quantity&$expand=Order_Details/Product"),
            (DataQuery().from("Orders").select("OrderID")
                .expand("Order_Details", withQuery: DataQuery().select("Quantity")).expand("Order_Details/Product"),
             "Orders?$select=OrderID,Order_Details/Product,Order_Details/Quantity&$expand=Order_Details,Order_Details/Product"),
            // A leaf selected whole, and a whole intermediate beside its own path.
            (DataQuery().from("Orders").select("OrderID").expand("Customer"), "Orders?$select=OrderID,Customer&$expand=Customer"),
            (DataQuery().from("Orders").select("OrderID").expand("Order_Details").expand("Order_Details/Product"),
             "Orders?$select=OrderID,Order_Details,Order_Details/Product&$expand=Order_Details,Order_Details/Product"),
            // No select anywhere: no $select, everything comes back.
            (DataQuery().from("Orders").expand("Order_Details/Product"), "Orders?$expand=Order_Details/Product"),
            (DataQuery().from("Orders").expand("Order_Details", withQuery: DataQuery().expand("Product")), "Orders?$expand=Order_Details/Product"),
        ]
        for (query, url) in cases {
            let written = URLEncoding.decode(try query.relativeURL(for: .v2))
            #expect(written == url)
        }
    }

    @Test("function imports: V4 inline parameters, V2 query parameters; custom options last")
    func functions() throws {
        let q = DataQuery().function("TopItems", parameters: [("count", .int32(3)), ("since", .dateTime("2020-05-01T00:00:00"))])
        #expect(try q.relativeURL(for: .v2) == "TopItems?count=3&since=datetime%272020-05-01T00:00:00%27")
        let q4 = DataQuery().function("TopItems", parameters: [("count", .int32(3)), ("name", .string("a b"))]).top(1).custom("sap-client", "100")
        #expect(try q4.relativeURL(for: .v4) == "TopItems(count=3,name='a%20b')?$top=1&sap-client=100")
    }

    @Test("collection and complex parameters go as aliases, each named once, before the system options")
    func structuredParameters() throws {
        var q = DataQuery().function("ByIds", parameters: [("ids", .json("[1,2]")), ("n", .int32(1))])
        q.path.append(.boundFunction("NS.Near", parameters: [("ids", .json(#"{"City":"Oslo"}"#))]))
        q = q.top(2)
        #expect(URLEncoding.decode(try q.relativeURL(for: .v4))
            == #"ByIds(ids=@ids,n=1)/NS.Near(ids=@ids2)?@ids=[1,2]&@ids2={"City":"Oslo"}&$top=2"#)
        #expect(throws: QueryWriteError.self) { try DataQuery().function("ByIds", parameters: [("ids", .json("[1]"))]).relativeURL(for: .v2) }
    }

    @Test("literal text forms are checked", arguments: [
        ("2020-02-29", PrimitiveType.date, true), ("2020-13-01", .date, false), ("10:30", .timeOfDay, true), ("24:00", .timeOfDay, false),
        ("2020-01-01T10:00:00.1234567+05:30", .dateTimeOffset, true), ("2020-01-01T10:00", .dateTimeOffset, false),
        ("P1DT2H3M4.5S", .duration, true), ("PT", .duration, false), ("P1.5D", .duration, false), ("-P1D", .duration, true),
        ("01234567-89AB-cdef-0123-456789abcdef", .guid, true), ("01234567-89ab-cdef-0123-456789abcde", .guid, false),
        ("-12.50", .decimal, true), ("1e5", .decimal, false), ("T0RhdGE", .binary, true), ("2020-01-01T10:00", .dateTime, true),
    ])
    func syntax(_ text: String, _ type: PrimitiveType, _ ok: Bool) {
        #expect((QueryLiteral.parse(text, as: type) != nil) == ok)
    }

    @Test("conversions keep values exact and refuse lossy ones")
    func conversions() {
        #expect(QueryLiteral.int32(5).converted(to: .decimal) == .decimal("5"))
        #expect(QueryLiteral.int32(300).converted(to: .byte) == nil)
        #expect(QueryLiteral.decimal("1.5").converted(to: .int32) == nil)
        #expect(QueryLiteral.string("5").converted(to: .int32) == nil)
        #expect(QueryLiteral.date("2020-01-01").converted(to: .dateTimeOffset) == .dateTimeOffset("2020-01-01T00:00:00Z"))
        // A V2 datetime has no offset and SAP reads it as UTC: the same instant in UTC (Z and offsets alike).
        #expect(QueryLiteral.dateTimeOffset("2020-01-01T10:00:00+01:00").converted(to: .dateTime) == .dateTime("2020-01-01T09:00:00"))
        #expect(QueryLiteral.timeOfDay("08:05:09.5").converted(to: .time) == .time("PT8H5M9.5S"))
        #expect(QueryLiteral.double(.nan) == .double(.nan))
        #expect(LiteralSyntax.epochMilliseconds("1970-01-02T00:00:01.5+01:00")?.ms == Int64(82_801_500))
        #expect(Base64.decode(Base64.encode([1, 2, 3, 4, 250], url: true)) == [1, 2, 3, 4, 250])
    }
}
