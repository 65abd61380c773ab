import Testing
import TestSupport
@testable import ODataModel

/// The typed vocabulary readers on real SAP and CAP metadata: line-item columns, texts, units and currencies,
/// value lists, field control, the annotation listing, and dangling annotation paths with line:column.
@Suite(.fixture("corpus", Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
struct VocabularyTests {
    static func doc(_ name: String) throws -> CsdlDocument {
        try MetadataReader.read(file: Corpus.url("metadata", name).path)
    }

    @Test func lineItemColumnsOfS4AndCAP() throws {
        let s4 = try Self.doc("sap-s4-v4-sdMeta.v1.xml")
        let item = try s4.entityType(withName: "SalesOrderItem")
        let columns = try #require(LineItemColumns.of(item))
        // DataFieldForAction and DataFieldForAnnotation records have no Value: not columns.
        #expect(columns.paths == ["SalesOrderItem", "HigherLevelItem", "Material", "RequestedQuantity", "SalesOrderItemCategory",
                                  "RequestedDeliveryDate", "NetAmount", "_Material/Material", "isVerified"])
        let cap = try Self.doc("cap-risk-analysis-localService.v1.xml")
        let risks = try cap.entitySet(withName: "Risks")
        #expect(LineItemColumns.of(risks)?.paths == ["title", "miti_ID", "prio", "impact"])
        // No UI.LineItem at all: nil, so callers show every column.
        let nw = try Self.doc("northwind-v4.xml")
        #expect(LineItemColumns.of(try nw.entitySet(withName: "Customers")) == nil)
    }

    @Test func unitsAndCurrencies() throws {
        let s4 = try Self.doc("sap-s4-v4-sdMeta.v1.xml")
        let item = try s4.entityType(withName: "SalesOrderItem")
        #expect(item.structuralProperty(named: "NetAmount")?.unitReference == UnitReference(kind: .currency, source: .property("TransactionCurrency")))
        #expect(item.structuralProperty(named: "RequestedQuantity")?.unitReference == UnitReference(kind: .unit, source: .property("RequestedQuantityUnit")))
        #expect(item.structuralProperty(named: "Material")?.unitReference == nil)
        // A constant currency (OASIS example 40).
        let misc = try Self.doc("oasis-csdl-miscellaneous.xml")
        let ex40 = try #require(misc.structuredType(withName: "Example40"))
        #expect(ex40.structuralProperty(named: "AmountInReportingCurrency")?.unitReference == UnitReference(kind: .currency, source: .constant("USD")))
        // V2 sap:unit: the unit property's sap:semantics tells a currency from a unit of measure.
        let far = try Self.doc("sap-gw-v2-FAR_MANAGE_BS_SRV.xml")
        let withUnit = far.entityTypes.flatMap(\.properties).filter { $0.sap.unit != nil }
        #expect(!withUnit.isEmpty)
        for p in withUnit {
            let unit = try #require(p.unitReference)
            guard case .property(let path) = unit.source, let target = p.declaringType?.structuralProperty(named: path) else { continue }
            #expect((unit.kind == .currency) == (target.sap.semantics == "currency-code"), "\(p.path)")
        }
    }

    @Test func textsValueListsAndFieldControl() throws {
        let far = try Self.doc("sap-gw-v2-FAR_MANAGE_BS_SRV.xml")
        let t = try far.entityType(withName: "C_ArbankstatementType")
        let code = try #require(t.structuralProperty(named: "CompanyCode"))
        #expect(code.textPath == "CompanyCode_Text")
        #expect(code.fieldControl == .property("CompanyCode_fc"))
        #expect(code.hasValueHelp && !code.hasFixedValues)
        let list = try #require(code.valueLists.first)
        #expect(list.collectionPath == "VL_SH_H_T001")
        #expect(list.valueProperty(for: "CompanyCode") == "BUKRS")
        #expect(list.descriptionProperty(for: "CompanyCode") == "BUTXT")
        let status = try #require(t.structuralProperty(named: "BankStatementStatus"))
        #expect(status.hasFixedValues && status.textPath == "BankStatementStatus_Text")
        // CAP: Common.Text with an inner UI.TextArrangement.
        let cap = try Self.doc("cap-risk-analysis-localService.v1.xml")
        let miti = try #require(try cap.entityType(withName: "Risks").structuralProperty(named: "miti_ID"))
        #expect(miti.textPath == "miti/description" && miti.textArrangement == "TextOnly")
        #expect(miti.valueLists.first?.collectionPath == "Mitigations")
    }

    @Test func everyAnnotationIsListedWithItsPlace() throws {
        let far = try Self.doc("sap-gw-v2-FAR_MANAGE_BS_SRV.xml")
        let all = AnnotationEntry.all(in: far)
        // sap: attributes, Annotations blocks (one with a target that does not exist) and their nested ones.
        #expect(all.count == 5538)
        #expect(all.contains { $0.origin == .sapAttribute && $0.term == "sap:label" && $0.target == "FAR_MANAGE_BS_SRV.C_ArbankstatementType" })
        let missing = all.filter { !$0.targetResolves }
        #expect(missing.map(\.target) == ["FAR_MANAGE_BS_SRV.VL_SH_H_T012K_BAM/HouseBankAccount"])
        let lists = all.filter { $0.term == VocabularyTerm.valueList }
        #expect(lists.count > 100)
        #expect(lists.allSatisfy { $0.origin == .block && $0.location.line > 0 })
        #expect(VocabularyTerm.shortName("com.sap.vocabularies.UI.v1.LineItem") == "UI.LineItem")
        #expect(VocabularyTerm.shortName("Org.OData.Measures.V1.ISOCurrency") == "Measures.ISOCurrency")
        #expect(VocabularyTerm.shortName("sap:label") == "sap:label")
        #expect(VocabularyTerm.shortName("com.sap.vocabularies.Common.v1.Text/@com.sap.vocabularies.UI.v1.TextArrangement")
                == "Common.Text/@UI.TextArrangement")
    }

    @Test func danglingPathsAreWarningsWithLineAndColumn() throws {
        let s4 = try Self.doc("sap-s4-v4-sdMeta.v1.xml")
        let text = try #require(s4.warnings.first { $0.code == "unresolved-path" && $0.message.contains("SalesOrganization_Text") })
        #expect(text.location == SourceLocation(line: 1868, column: 69))
        #expect(text.path == "com.c_salesordermanage_sd.I_OrganizationDivision/SalesOrganization@com.sap.vocabularies.Common.v1.Text")
        // Local data properties of V2 value lists are checked against the annotated property's type.
        let po = try Self.doc("sap-gw-v2-MM_PUR_PO_MAINT_V2_SRV.xml")
        #expect(po.warnings.contains { $0.code == "unresolved-path" && $0.message == "PropertyPath FinancialManagementArea does not exist on MM_PUR_PO_MAINT_V2_SRV.I_EmrkdFndsDocumentItemStdVHType" })
        // Paths that lead somewhere give no warning: in v1 the charts' measures (`sumImpact`, `countRisk`) are
        // dynamic properties that `Analytics.AggregatedProperties` declares on the type; nothing else was warned of.
        for version in ["v1", "v2"] {
            let cap = try Self.doc("cap-risk-analysis-localService.\(version).xml")
            #expect(cap.warnings.isEmpty, "\(version): \(cap.warnings)")
        }
    }
}
