import Foundation
import Testing
import TestSupport

/// `odsh metadata annotations` and `.annotations`: annotations as data, filtered by target and term; `describe`'s
/// per-property text, unit, value list and field control; the table's line-item columns and units against a
/// service (fixture-server.py sap-annotated), with json and csv unchanged.
@Suite("annotations as data", .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("corpus", SharedCorpus.isAvailable, "corpus not found at \(SharedCorpus.root.path) (set ODSH_SHARED)"))
struct AnnotationsCommandTests {
    @Test func listsFiltersAndWritesJSON() throws {
        let far = SharedCorpus.metadata("sap-gw-v2-FAR_MANAGE_BS_SRV.xml")
        let all = try OdshProcess.run(["metadata", "annotations", "-q", far])
        #expect(all.status == 0)
        #expect(all.stdout.hasSuffix("5538 annotations, 1 on targets that do not exist (!)\n"))
        #expect(all.stdout.hasPrefix("TARGET"))
        // A set brings its type's annotations; the term pattern matches the short form with a wildcard.
        let lists = try OdshProcess.run(["metadata", "annotations", "-q", far, "C_Arbankstatement", "--term", "common.value*"])
        #expect(lists.status == 0)
        #expect(lists.stdout.contains("FAR_MANAGE_BS_SRV.C_ArbankstatementType/CompanyCode") && lists.stdout.contains("Common.ValueList"))
        #expect(!lists.stdout.contains("sap:label"))
        let json = try OdshProcess.run(["metadata", "annotations", "-q", "--json", far, "C_ArbankstatementType/CompanyCode"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.allSatisfy { ($0["target"] as? String) == "FAR_MANAGE_BS_SRV.C_ArbankstatementType/CompanyCode" })
        let text = try #require(rows.first { $0["term"] as? String == "sap:text" })
        #expect((text["value"] as? [String: Any])?["value"] as? String == "CompanyCode_Text" && text["origin"] as? String == "sap")
        let list = try #require(rows.first { $0["term"] as? String == "com.sap.vocabularies.Common.v1.ValueList" })
        #expect(list["origin"] as? String == "block" && (list["line"] as? Int ?? 0) == 1)
        // A target that names nothing: a usage-class error with a suggestion, exit 2.
        let bad = try OdshProcess.run(["metadata", "annotations", "-q", far, "C_Arbankstatemen"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("no set, type or annotation target named C_Arbankstatemen"))
    }

    @Test func danglingPathsAreWarnedWithLineAndColumn() throws {
        let s4 = SharedCorpus.metadata("sap-s4-v4-sdMeta.v1.xml")
        let r = try OdshProcess.run(["metadata", "annotations", s4, "--term", "UI.LineItem"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("sap-s4-v4-sdMeta.v1.xml:1868:69: warning: com.c_salesordermanage_sd.I_OrganizationDivision/SalesOrganization"
                                  + "@com.sap.vocabularies.Common.v1.Text: Path SalesOrganization_Text does not exist"))
        #expect(r.stdout.contains("com.c_salesordermanage_sd.SalesOrderItem") && r.stdout.contains("UI.LineItem"))
    }

    @Test func describeShowsTextUnitValueListAndFieldControl() throws {
        let far = try OdshProcess.run(["metadata", "describe", "-q", SharedCorpus.metadata("sap-gw-v2-FAR_MANAGE_BS_SRV.xml"), "C_ArbankstatementType"])
        let line = try #require(far.stdout.split(separator: "\n").first { $0.hasPrefix("CompanyCode ") })
        #expect(line.contains("text: CompanyCode_Text; value list: VL_SH_H_T001; field control: from CompanyCode_fc"))
        let cap = try OdshProcess.run(["metadata", "describe", "-q", SharedCorpus.metadata("cap-risk-analysis-localService.v1.xml"), "Risks"])
        #expect(cap.stdout.contains("\n  line item: title, miti_ID, prio, impact\n"))
        let s4 = try OdshProcess.run(["metadata", "describe", "-q", "--json", SharedCorpus.metadata("sap-s4-v4-sdMeta.v1.xml"), "SalesOrderItem"])
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(s4.stdout.utf8)) as? [String: Any])
        let props = try #require((obj["type"] as? [String: Any])?["properties"] as? [[String: Any]])
        let net = try #require(props.first { $0["name"] as? String == "NetAmount" })
        #expect((net["currency"] as? [String: Any])?["property"] as? String == "TransactionCurrency")
        let unit = try #require(props.first { $0["name"] as? String == "RequestedQuantityUnit" })
        let help = try #require(unit["valueHelp"] as? [String: Any])
        #expect((help["valueLists"] as? [[String: Any]])?.first?["collectionPath"] as? String == "C_ProductUnitsOfMeasureVH")
    }

    @Test func tableShowsLineItemColumnsWithUnits() throws {
        let port = try FixtureServers.port("sap-annotated")
        let url = "http://127.0.0.1:\(port)/sap/"
        let table = try OdshProcess.run([url, "-o", "table", "-c", "Products"])
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        // Keys first, then UI.LineItem's columns; the price with its currency.
        #expect(lines.first?.split(separator: " ") == ["ProductID", "Name", "Price", "Country"])
        #expect(lines.contains { $0.hasPrefix("HT-1000") && $0.contains("956.000 EUR") && $0.hasSuffix("DE") })
        let texts = try OdshProcess.run([url, "-o", "table", "-c", ".set texts on", "-c", "Products"])
        #expect(texts.stdout.contains("Germany (DE)") && texts.stdout.contains("United States (US)"))
        let all = try OdshProcess.run([url, "-o", "table", "-c", ".set lineitem off", "-c", ".set units off", "-c", "Products"])
        #expect(all.stdout.contains("Description") && all.stdout.contains("CreatedBy") && !all.stdout.contains("956.000 EUR"))
        // Machine formats stay complete and unchanged.
        let csv = try OdshProcess.run([url, "-o", "csv", "-c", "Products"])
        #expect(csv.stdout.hasPrefix("ProductID,Name,Description,Category,Price,CurrencyCode,Weight,WeightUnit,Country,CountryName,"))
        #expect(csv.stdout.contains(",956.000,EUR,"))
        let json = try OdshProcess.run([url, "-o", "json", "-c", "Products"])
        #expect(json.stdout.contains("\"Price\":956.000,\"CurrencyCode\":\"EUR\""))
    }

    @Test func annotationsInTheShell() throws {
        let port = try FixtureServers.port("sap-annotated")
        let r = try OdshProcess.run(["http://127.0.0.1:\(port)/sap/", "-c", ".annotations Products --term UI.*"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("SAP_TEST.Product") && r.stdout.contains("UI.LineItem") && r.stdout.contains("1 annotation\n"))
        let bad = try OdshProcess.run(["http://127.0.0.1:\(port)/sap/", "-c", ".annotations Products --term"])
        #expect(bad.status == 2 && bad.stderr.contains(".annotations --term needs a pattern"))
    }
}
