import Testing
import ODataModel
import TestSupport

/// SAP's `property(withName:)` finds navigation properties as well; a rejected name is never suggested back; lookups in
/// metadata not loaded yet say so.
@Suite("property(withName:) and lookups", .fixture("corpus", Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
struct PropertyLookupTests {
    func northwind() throws -> CsdlDocument {
        try MetadataReader.read(file: Corpus.url("metadata", "northwind-v4.xml").path)
    }

    @Test("a navigation property is found when the context asks for one")
    func navigationByContext() throws {
        let product = try northwind().entityType(withName: "Product")
        let category: NavigationProperty = try product.property(withName: "Category")
        #expect(category.name == "Category" && category.type.qualifiedName == "NorthwindModel.Category")
        let name: Property = try product.property(withName: "ProductName")
        #expect(name.name == "ProductName")
        // Unannotated, the structural overload answers, as existing callers expect.
        let id = try product.property(withName: "ProductID")
        #expect(id.primitiveType == .int32)
    }

    @Test("the structural overload names a navigation property for what it is, never suggesting the same name")
    func navigationNameForAStructuralProperty() throws {
        let product = try northwind().entityType(withName: "Product")
        let error = try #require(throws: ModelLookupError.self) { _ = try product.property(withName: "Category") as Property }
        #expect(error.description.contains("is a navigation property"))
        #expect(!error.suggestions.contains("Category"))
        #expect(!error.description.contains("did you mean Category"))
        #expect(error.category == .usage)
        // And the other way round.
        let other = try #require(throws: ModelLookupError.self) { _ = try product.property(withName: "ProductName") as NavigationProperty }
        #expect(other.description.contains("is a structural property, not a NavigationProperty"))
    }

    @Test("a misspelt name gets suggestions of both kinds, not itself")
    func suggestions() throws {
        let product = try northwind().entityType(withName: "Product")
        let error = try #require(throws: ModelLookupError.self) { _ = try product.property(withName: "Categry") as NavigationProperty }
        #expect(error.suggestions.contains("Category"))
        #expect(NameSuggester.closest(to: "Category", in: ["Category", "CategoryID"]) == ["CategoryID"])
    }

    @Test("lookups in a placeholder say the metadata is not loaded")
    func placeholder() throws {
        let doc = CsdlDocument.placeholder(for: "http://host/svc/")
        #expect(doc.isPlaceholder)
        let error = try #require(throws: MetadataNotLoadedError.self) { _ = try doc.entitySet(withName: "Products") }
        #expect(error.description == "cannot look up entity set Products: the metadata of http://host/svc/ is not loaded (call loadMetadata() first)")
        #expect(error.category == .usage)
        #expect(throws: MetadataNotLoadedError.self) { _ = try doc.entityType(withName: "Product") }
        #expect(throws: MetadataNotLoadedError.self) { _ = try doc.singleton(withName: "Me") }
        // A placeholder refreshed with real metadata takes it as it is.
        let real = try northwind()
        let refreshed = try doc.refreshMetadata(with: real)
        #expect(refreshed.report.isEmpty && refreshed.document === real)
        #expect(!real.isPlaceholder)
    }
}
