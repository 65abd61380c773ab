import Foundation
import ODataModel
import ODataQuery
@testable import ODataShell
import Testing

/// The fixture model that declares what it can aggregate (lab-aggregation-v4.xml).
enum AggregationFixture {
    static func document() throws -> CsdlDocument { try TestModels.document("lab-aggregation-v4") }
}

/// The binder's side of aggregation (issue 54): aliases typed as columns, refusals with their reason, warnings
/// where the service says (`Aggregation.ApplySupported`) that it cannot do what is asked, custom aggregates.
@Suite("Aggregation binding")
struct AggregationBindingTests {
    static func bind(_ s: String) throws -> BoundStatement { try Binder.bind(s, document: try AggregationFixture.document()) }
    static func url(_ s: String) throws -> String {
        let doc = try AggregationFixture.document()
        return URLEncoding.decode(try Binder.bind(s, document: doc).request.relativeURL(for: doc.version))
    }
    static func error(_ s: String) -> String {
        do { _ = try bind(s); return "" } catch let e as LanguageError { return e.headline } catch { return "\(error)" }
    }

    @Test("aliases are columns of known type: sum keeps Decimal, widens Int16, count is an integer")
    func types() throws {
        let b = try Self.bind("Plain group by Region aggregate sum(Amount) as A, sum(Quantity) as Q, sum(Weight) as W, "
                              + "average(Quantity) as Avg, countdistinct(Product) as D, count as N, max(Region) as Last")
        let cols = try #require(b.query).addedColumns
        #expect(cols.map(\.name) == ["A", "Q", "W", "Avg", "D", "N", "Last"])
        #expect(cols.map(\.type) == [.decimal, .int64, .double, .double, .int64, .int64, .string])
        #expect(b.columnOrder?.names == ["Region", "A", "Q", "W", "Avg", "D", "N", "Last"])
        let c = try Self.bind("Plain compute Amount mul 2 as Twice, length(Region) as L")
        #expect(try #require(c.query).addedColumns.map(\.type) == [.decimal, .int32])
    }

    @Test("custom aggregates: by name, renamed, typed by the annotation; an unknown one is refused with suggestions")
    func customAggregates() throws {
        #expect(try Self.url("Sales group by Region aggregate Revenue") == "Sales?$apply=groupby((Region),aggregate(Revenue))")
        #expect(try Self.url("Sales aggregate Revenue as R, count as N")
                == "Sales?$apply=aggregate(Revenue as R,$count as N)")
        #expect(try #require(try Self.bind("Sales aggregate Revenue as R").query).addedColumns.map(\.type) == [.decimal])
        #expect(Self.error("Sales aggregate Revenu") == "column 17: Revenu is no aggregation method and no custom aggregate of Sale (did you mean Revenue?)")
        #expect(try Self.url("Sales aggregate Agg.Median(Amount) as M") == "Sales?$apply=aggregate(Amount with Agg.Median as M)")
    }

    @Test("refusals: not a number, not ordered, a collection, a structure, an alias clash")
    func refusals() {
        #expect(Self.error("Plain aggregate average(Region) as X") == "column 25: average needs numbers; Region (Edm.String) is not a number")
        #expect(Self.error("Plain aggregate max(Paid) as X") == "column 21: max needs values that can be ordered; Paid (Edm.Boolean) cannot be")
        #expect(Self.error("Plain aggregate countdistinct(Tags) as X") == "column 31: cannot aggregate Tags: it is a collection, not a single value")
        #expect(Self.error("Plain group by Tags") == "column 16: cannot group by Tags: it is a collection; group by single values")
        #expect(Self.error("Plain group by Place") == "column 16: cannot group by Place: it is a structure; group by its properties, as in Place/...")
        #expect(Self.error("Plain aggregate count as Customer") == "column 26: the name Customer clashes with the navigation property Customer of Sale: choose another name")
        #expect(throws: Never.self) { try Self.bind("Plain group by Place/City, Customer/Country aggregate count as N") }
    }

    @Test("what ApplySupported leaves out is a warning, not a refusal; a set that says nothing gets none")
    func warnings() throws {
        let b = try Self.bind("Sales group by Customer/Country aggregate sum(Quantity) as Q top 2 by Q")
        #expect(b.warnings.contains { $0.contains("Customer/Country is not among the GroupableProperties") }, "\(b.warnings)")
        #expect(b.warnings.contains { $0.contains("Quantity is not among the AggregatableProperties") }, "\(b.warnings)")
        #expect(b.warnings.contains { $0.contains("does not list topcount among the transformations") }, "\(b.warnings)")
        #expect(try Self.bind("Sales group by Region aggregate sum(Amount) as A").warnings.isEmpty)
        #expect(try Self.bind("Plain group by Customer/Country aggregate sum(Quantity) as Q top 2 by Q").warnings.isEmpty)
        // SAP's Analytics vocabulary: grouping by what is no Dimension, aggregating what is no Measure.
        let analytics = try Self.bind("Plain group by Product aggregate sum(Weight) as W, countdistinct(Product) as P").warnings
        #expect(analytics == ["Product is not annotated Analytics.Dimension: the service may not group by it",
                              "Weight is not annotated Analytics.Measure: the service may not aggregate it"])
    }
}

/// SAP Gateway V2 analytical services (issue 54): `group by` dimensions with `sum(measure)` becomes the `$select` SAP
/// aggregates implicitly; on the corpus's FAR_MANAGE_BS_SRV (the SAP mock serves no analytical service).
@Suite("SAP analytical aggregation", .fixture("corpus", TestModels.northwindAvailable, TestModels.missingNorthwind))
struct SAPAnalyticalAggregationTests {
    static func outcome(_ s: String) throws -> String {
        let doc = try TestModels.document("sap-gw-v2-FAR_MANAGE_BS_SRV")
        do {
            let b = try Binder.bind(s, document: doc)
            return URLEncoding.decode(try b.request.relativeURL(for: doc.version)) + b.warnings.map { " | " + $0 }.joined()
        } catch let e as LanguageError { return "! " + e.headline }
    }

    @Test("dimensions and measures become $select; where, order by and top stay options")
    func select() throws {
        #expect(try Self.outcome("C_Arbankstatement group by CompanyCode, Currency aggregate sum(ClosingBalanceAmtInTransCrcy) "
                                 + "where CompanyCode eq '1010' order by CompanyCode top 5")
                == "C_Arbankstatement?$filter=CompanyCode eq '1010'&$select=CompanyCode,Currency,ClosingBalanceAmtInTransCrcy&$orderby=CompanyCode&$top=5")
        #expect(try Self.outcome("C_Arbankstatement group by CompanyCode aggregate sum(TotalDebitAmountInTransCrcy) as TotalDebitAmountInTransCrcy")
                == "C_Arbankstatement?$select=CompanyCode,TotalDebitAmountInTransCrcy")
        #expect(try Self.outcome("C_Arbankstatement group by CompanyCode")
                == "C_Arbankstatement?$select=CompanyCode")
    }

    @Test("what SAP's implicit aggregation cannot say is refused, naming why; a property of the wrong role is a warning")
    func refusals() throws {
        #expect(try Self.outcome("C_Arbankstatement group by CompanyCode aggregate max(TotalDebitAmountInTransCrcy)")
                .hasPrefix("! column 50: an SAP analytical V2 service aggregates a measure by its own default"))
        #expect(try Self.outcome("C_Arbankstatement group by CompanyCode aggregate sum(TotalDebitAmountInTransCrcy) as D")
                .hasPrefix("! column 86: an SAP analytical V2 service names an aggregated measure after itself"))
        #expect(try Self.outcome("C_Arbankstatement group by CompanyCode aggregate count as N")
                .hasPrefix("! column 50: count needs $apply (OData V4)"))
        #expect(try Self.outcome("C_Arbankstatement group by CompanyCode aggregate sum(TotalDebitAmountInTransCrcy) having CompanyCode eq '1'")
                .hasPrefix("! column 90: having needs $apply"))
        #expect(try Self.outcome("C_Arbankstatement group by CompanyCode aggregate sum(BankStatementDate_fc)")
                .hasSuffix("BankStatementDate_fc is not marked sap:aggregation-role=\"measure\": the service returns it as a dimension, not aggregated"))
        // A type without dimensions and measures: no aggregation at all on V2.
        #expect(try Self.outcome("SpreadsheetUpload group by mimeType")
                .hasPrefix("! column 19: aggregation needs OData V4 ($apply) or an SAP analytical V2 service; SpreadsheetUploadType declares no sap:aggregation-role"))
    }

    @Test("completion offers group by and aggregate, dimensions after group by, measures inside sum(")
    func completion() throws {
        let c = ReplSession.completer(for: try TestModels.document("sap-gw-v2-FAR_MANAGE_BS_SRV"))
        func names(_ line: String) -> [String] { c.complete(line: line, cursor: line.count).candidates.map(\.insertText) }
        #expect(names("C_Arbankstatement ").contains("group by"))
        let dims = names("C_Arbankstatement group by ")
        #expect(dims.contains("CompanyCode") && !dims.contains("TotalDebitAmountInTransCrcy"))
        let measures = names("C_Arbankstatement group by CompanyCode aggregate sum(")
        #expect(measures.contains("TotalDebitAmountInTransCrcy") && !measures.contains("CompanyCode"))
    }
}
