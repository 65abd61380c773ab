import Foundation
import Testing
@testable import ODataModel

/// MetadataFixup: the fix-up syntax, what each setting changes, the marks it leaves, and errors with suggestions.
struct MetadataFixupTests {
    static let xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"
            xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" xmlns:sap="http://www.sap.com/Protocols/SAPData">
          <edmx:DataServices m:DataServiceVersion="2.0">
            <Schema Namespace="PAY" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
              <EntityType Name="EmployeePayrollRunResultsItems">
                <Key><PropertyRef Name="id"/></Key>
                <Property Name="id" Type="Edm.String" Nullable="false" MaxLength="10"/>
                <Property Name="amount" Type="Edm.Decimal" Precision="15" Scale="0" sap:label="Amt"/>
                <Property Name="currency" Type="Edm.String" MaxLength="3"/>
                <NavigationProperty Name="run" Relationship="PAY.ItemRun" FromRole="Item" ToRole="Run"/>
              </EntityType>
              <EntityType Name="Run"><Key><PropertyRef Name="id"/></Key><Property Name="id" Type="Edm.String" Nullable="false"/></EntityType>
              <Association Name="ItemRun">
                <End Type="PAY.EmployeePayrollRunResultsItems" Multiplicity="*" Role="Item"/>
                <End Type="PAY.Run" Multiplicity="1" Role="Run"/>
              </Association>
              <EntityContainer Name="C" m:IsDefaultEntityContainer="true">
                <EntitySet Name="EmployeePayrollRunResultsItemsSet" EntityType="PAY.EmployeePayrollRunResultsItems"/>
                <EntitySet Name="Runs" EntityType="PAY.Run"/>
              </EntityContainer>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """

    func document() throws -> CsdlDocument {
        try Array(Self.xml.utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0, source: "test.xml") }
    }

    func item(_ doc: CsdlDocument) throws -> EntityType { try doc.entityType(withName: "PAY.EmployeePayrollRunResultsItems") }

    @Test func parsesLinesCommentsAndQuotedValues() throws {
        let fixup = try MetadataFixup.parse("""
            # fixes for the payroll service
            EmployeePayrollRunResultsItems/amount: Scale=2   # the service says 0

              PAY.Run/id: Nullable=true MaxLength=20 sap:label="Run \\"ID\\"" sap:quickinfo=x#y\r
            """, source: "pay.fix")
        #expect(fixup.fixes.map(\.line) == [2, 4])
        #expect(fixup.fixes[0] == MetadataFixup.Fix(path: "EmployeePayrollRunResultsItems/amount",
                                                    settings: [.init(name: "Scale", value: "2")], line: 2))
        #expect(fixup.fixes[1].settings.map { "\($0.name)=\($0.value)" }
                == ["Nullable=true", "MaxLength=20", "sap:label=Run \"ID\"", "sap:quickinfo=x#y"])
    }

    @Test func syntaxErrorsNameTheLine() {
        for (text, words) in [("A/b Scale=2", "expected ':'"), ("A/b:", "nothing to set"), ("A/b: Scale", "expected '='"),
                              ("A/b: sap:label=\"open", "not closed"), ("A/b: Scale= 2", "expected a value")] {
            let error = #expect(throws: MetadataFixupError.self, "\(text)") { try MetadataFixup.parse("# x\n" + text, source: "f.fix") }
            #expect(error?.description.hasPrefix("metadata fix f.fix:2: ") == true, "\(error?.description ?? "")")
            #expect(error?.description.contains(words) == true, "\(error?.description ?? "")")
        }
    }

    @Test func setsFacetsAndAttributesAndMarksThem() throws {
        let doc = try document()
        try MetadataFixup.parse("""
            EmployeePayrollRunResultsItems/amount: Scale=2 Precision=17 sap:label="Amount"
            EmployeePayrollRunResultsItemsSet/currency: Nullable=false MaxLength=5 sap:unit-of=amount
            PAY.Run/id: Type=Edm.Int64
            EmployeePayrollRunResultsItems/run: Nullable=false
            Runs: sap:label="Payroll runs"
            """).apply(to: doc)
        let t = try item(doc)
        let amount = try #require(t.structuralProperty(named: "amount"))
        #expect(amount.facets.scale == .fixed(2) && amount.facets.precision == 17)
        #expect(amount.sap.label == "Amount")
        #expect(amount.foreignAttributes.filter { $0.localName == "label" }.count == 1, "replaced, not added twice")
        #expect(amount.fixedFacets == ["Scale", "Precision", "sap:label"])
        let currency = try #require(t.structuralProperty(named: "currency"))
        #expect(!currency.isNullable && currency.facets.maxLength == .length(5) && currency.sap["unit-of"] == "amount")
        let id = try #require(try doc.entityType(withName: "PAY.Run").structuralProperty(named: "id"))
        #expect(id.type.qualifiedName == "Edm.Int64" && id.primitiveType == .int64 && id.fixedFacets == ["Type"])
        #expect(t.navigationProperty(named: "run")?.isNullable == false)
        #expect(try doc.entitySet(withName: "Runs").sap.label == "Payroll runs")
        #expect(try item(doc).structuralProperty(named: "id")?.fixedFacets.isEmpty == true, "untouched elements carry no mark")
    }

    @Test func aMissingElementIsAnErrorWithSuggestions() throws {
        let doc = try document()
        let member = #expect(throws: MetadataFixupError.self) {
            try MetadataFixup.parse("EmployeePayrollRunResultsItems/amout: Scale=2", source: "pay.fix").apply(to: doc)
        }
        #expect(member?.path == "EmployeePayrollRunResultsItems/amout")
        #expect(member?.suggestions == ["EmployeePayrollRunResultsItems/amount"])
        #expect(member?.description.contains("PAY.EmployeePayrollRunResultsItems has no property amout") == true)
        let type = #expect(throws: MetadataFixupError.self) {
            try MetadataFixup.parse("Rnus/id: Nullable=true").apply(to: doc)
        }
        #expect(type?.suggestions.contains("Runs/id") == true, "\(type?.suggestions ?? [])")
    }

    @Test func nothingChangesWhenOneFixFails() throws {
        let doc = try document()
        #expect(throws: MetadataFixupError.self) {
            try MetadataFixup.parse("PAY.Run/id: MaxLength=99\nPAY.Run/nope: Nullable=true").apply(to: doc)
        }
        #expect(try doc.entityType(withName: "PAY.Run").structuralProperty(named: "id")?.facets.maxLength == nil)
    }

    @Test func badValuesAndUnknownFacetsAreRefused() throws {
        let doc = try document()
        for (line, words) in [("PAY.Run/id: Nullable=maybe", "true or false"), ("PAY.Run/id: Scale=two", "variable or floating"),
                              ("PAY.Run/id: Type=NS.Nothing", "primitive type"), ("PAY.Run/id: Scael=2", "did you mean Scale"),
                              ("Runs: MaxLength=3", "only SAP attributes"), ("EmployeePayrollRunResultsItems/run: Scale=1", "navigation property")] {
            let error = #expect(throws: MetadataFixupError.self, "\(line)") { try MetadataFixup.parse(line).apply(to: doc) }
            #expect(error?.description.contains(words) == true, "\(error?.description ?? "")")
        }
    }
}
