import Foundation
import Testing
@testable import ODataModel

/// Aliases in annotation terms and values are replaced by namespaces, whether the alias is declared before the
/// annotations that use it (the XML reader replaces them as it reads) or after (the resolver does it at the end).
@Suite("Aliases in annotations")
struct AliasResolutionTests {
    static func document(aliasFirst: Bool) -> String {
        let vocabulary = """
            <Schema Namespace="org.example.vocab" Alias="Voc" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <ComplexType Name="InfoType"><Property Name="Text" Type="Edm.String"/></ComplexType>
              <Term Name="Info" Type="Voc.InfoType"/>
              <Term Name="Tag" Type="Edm.Boolean"/>
            </Schema>
            """
        let service = """
            <Schema Namespace="org.example.svc" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <EntityType Name="Item" Voc:Ignored="x" xmlns:Voc="urn:ignored">
                <Key><PropertyRef Name="ID"/></Key>
                <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
                <Annotation Term="Voc.Tag"/>
              </EntityType>
              <Annotations Target="org.example.svc.Item/ID">
                <Annotation Term="Voc.Info">
                  <Record Type="Voc.InfoType"><PropertyValue Property="Text" String="id"/></Record>
                </Annotation>
                <Annotation Term="Voc.Tag" Qualifier="ref"><LabeledElementReference>Voc.Label</LabeledElementReference></Annotation>
              </Annotations>
            </Schema>
            """
        return """
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
            \(aliasFirst ? vocabulary + service : service + vocabulary)
            </edmx:DataServices></edmx:Edmx>
            """
    }

    @Test("terms, record types and labeled element references", arguments: [true, false])
    func resolved(_ aliasFirst: Bool) throws {
        let doc = try Array(Self.document(aliasFirst: aliasFirst).utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0) }
        let item = try doc.entityType(withName: "org.example.svc.Item")
        #expect(item.annotations.map(\.term) == ["org.example.vocab.Tag"])
        let id = try #require(item.structuralProperty(named: "ID"))
        #expect(id.annotations.map(\.term) == ["org.example.vocab.Info", "org.example.vocab.Tag"])
        guard case .record(let type, _)? = id.annotations.first?.value else { Issue.record("no record"); return }
        #expect(type == "org.example.vocab.InfoType")
        guard case .dynamic("LabeledElementReference", _, let ops)? = id.annotations.last?.value,
              case .constant(_, let label)? = ops.first else { Issue.record("no labeled element reference"); return }
        #expect(label == "org.example.vocab.Label")
        #expect(doc.warnings.isEmpty, "\(doc.warnings)")
    }

    @Test("an alias declared after the annotations counts only when one of their names starts with it")
    func lateAliases() throws {
        // The vocabulary (alias Voc) after the annotations that use it: the reader's names are not final.
        let late = try Array(Self.document(aliasFirst: false).utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0) }
        #expect(!late.annotationAliasesSettled)
        // An alias declared late that no annotation name starts with changes nothing: the reader's names stand.
        let unused = Self.document(aliasFirst: true).replacingOccurrences(
            of: "</edmx:DataServices>",
            with: "<Schema Namespace=\"org.example.other\" Alias=\"Other\" xmlns=\"http://docs.oasis-open.org/odata/ns/edm\"/></edmx:DataServices>")
        let doc = try Array(unused.utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0) }
        #expect(doc.annotationAliasesSettled)
        let id = try #require(try doc.entityType(withName: "org.example.svc.Item").structuralProperty(named: "ID"))
        #expect(id.annotations.map(\.term) == ["org.example.vocab.Info", "org.example.vocab.Tag"])
        // Declared late with the head of a name an annotation used unresolved: that name changes, so all are redone.
        let used = Self.document(aliasFirst: true).replacingOccurrences(of: "Term=\"Voc.Tag\" Qualifier", with: "Term=\"Late.Tag\" Qualifier")
            .replacingOccurrences(
                of: "</edmx:DataServices>",
                with: "<Schema Namespace=\"org.example.late\" Alias=\"Late\" xmlns=\"http://docs.oasis-open.org/odata/ns/edm\"/></edmx:DataServices>")
        let redone = try Array(used.utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0) }
        #expect(!redone.annotationAliasesSettled)
        let redoneID = try #require(try redone.entityType(withName: "org.example.svc.Item").structuralProperty(named: "ID"))
        #expect(redoneID.annotations.map(\.term) == ["org.example.vocab.Info", "org.example.late.Tag"])
    }

    @Test("names the reader resolved before are answered again from what it kept, until an alias changes")
    func recentNames() {
        let doc = CsdlDocument()
        doc.aliasToNamespace = ["Voc": "org.example.vocab"]
        // Names of one length share a place among those kept: each is still answered for itself.
        #expect(doc.resolveAnnotationAlias("Voc.Tag") == "org.example.vocab.Tag")
        #expect(doc.resolveAnnotationAlias("Xyz.Tag") == "Xyz.Tag")
        #expect(doc.resolveAnnotationAlias("Voc.Tag") == "org.example.vocab.Tag")
        #expect(doc.resolveAnnotationAlias("") == "")
        // A name resolved just before an alias changes is resolved anew after.
        doc.aliasToNamespace["Voc"] = "org.example.other"
        #expect(doc.resolveAnnotationAlias("Voc.Tag") == "org.example.other.Tag")
        #expect(doc.resolveAnnotationAlias("Xyz.Tag") == "Xyz.Tag")
        doc.aliasToNamespace["Xyz"] = "org.example.xyz"
        #expect(doc.resolveAnnotationAlias("Xyz.Tag") == "org.example.xyz.Tag")
        #expect(doc.resolveAnnotationAlias("") == "")
        // The miss for a head is noted when the name is first seen, so a later alias with that head still counts.
        let late = CsdlDocument()
        late.aliasToNamespace = ["Voc": "org.example.vocab"]
        for _ in 0..<3 { _ = late.resolveAnnotationAlias("Late.Tag") }
        late.aliasToNamespace["Late"] = "org.example.late"
        #expect(!late.annotationAliasesSettled)
    }
}
