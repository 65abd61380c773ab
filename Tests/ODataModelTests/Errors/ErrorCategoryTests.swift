import Testing
import ODataModel

/// Every error ODataModel throws says its category, through `CategorizedError`, so that one switch can map them.
@Suite("Error categories")
struct ErrorCategoryTests {
    static let document = """
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
        <Schema Namespace="NS" xmlns="http://docs.oasis-open.org/odata/ns/edm">
          <EntityType Name="Fine"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
          <EntityType Name="Broken" BaseType="NS.Missing"/>
        </Schema>
        </edmx:DataServices></edmx:Edmx>
        """

    static func category(_ body: () throws -> Void) -> ErrorCategory? {
        do { try body() } catch let e as CategorizedError { return e.category } catch { return nil }
        return nil
    }

    @Test("metadata that cannot be read is invalid data")
    func unreadable() {
        #expect(Self.category { _ = try Array("<edmx:Edmx".utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0) } } == .invalidData)
        #expect(Self.category { _ = try Array("{\"$Version\": ".utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0) } } == .invalidData)
        #expect(Self.category { _ = try JSONValue.parse(bytes: Array("[1,".utf8)) } == .invalidData)
    }

    @Test("a file that is not there is a usage error")
    func missingFile() {
        #expect(Self.category { _ = try MetadataReader.read(file: "/nonexistent/metadata.xml") } == .usage)
    }

    @Test("an unknown name, and a known element that cannot be used")
    func lookups() throws {
        let doc = try Array(Self.document.utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0) }
        #expect(Self.category { _ = try doc.entityType(withName: "NS.Fin") } == .unknownName)
        #expect(Self.category { _ = try doc.entityType(withName: "NS.Broken") } == .invalidData)
    }
}
