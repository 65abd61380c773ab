import Foundation
import Testing
import ODataClient
import ODataModel
import TestSupport

/// `DataService.refreshMetadata`: SAP's checked refresh, on the corpus version pairs (no server: the newer document
/// is handed in) and on the catalog service (loaded again from the server).
@Suite("DataService.refreshMetadata on the corpus", .fixture("corpus", Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
struct ServiceRefreshCorpusTests {
    static func read(_ name: String) throws -> CsdlDocument {
        try MetadataReader.read(file: Corpus.url("metadata", name).path)
    }

    /// A service on a port nothing listens on: these tests never send a request.
    static func service(_ metadata: CsdlDocument) throws -> DataService {
        try DataService(url: URL(string: "http://127.0.0.1:9/svc/")!, metadata: metadata)
    }

    @Test("additions only: applied, the added elements marked isExtension")
    func additions() throws {
        let old = try Self.read("msgraph-v1.0-GovSG.v1.xml"), new = try Self.read("msgraph-v1.0-GovSG.v2.xml")
        let service = try Self.service(old)
        let result = try service.refreshMetadata(from: new)
        #expect(result.report.isCompatible && !result.report.isEmpty)
        #expect(service.metadata === new)
        #expect(try service.metadata.complexType(withName: "microsoft.graph.allDomains").isExtension)
        let policyRoot = try service.metadata.entityType(withName: "microsoft.graph.policyRoot")
        #expect(policyRoot.navigationProperty(named: "federatedTokenValidationPolicy")?.isExtension == true)
        #expect(!policyRoot.isExtension && !policyRoot.isRemoved)
    }

    @Test("incompatible: refused with a categorized error, the metadata in use unchanged; canChangeAnything lets it through")
    func refusedThenPreApproved() throws {
        let old = try Self.read("sap-cloudsdk-v2-API_TEST_SRV.v1.xml")
        let service = try Self.service(old)
        let error = try #require(throws: MetadataRefreshError.self) {
            try service.refreshMetadata(from: try Self.read("sap-cloudsdk-v2-API_TEST_SRV.v2.xml"))
        }
        #expect(error.category == .invalidData)
        #expect(error.report.incompatibleChanges.count == 5)
        #expect(service.metadata === old)

        service.metadata.canChangeAnything = true
        let new = try Self.read("sap-cloudsdk-v2-API_TEST_SRV.v2.xml")
        try service.refreshMetadata(from: new)
        #expect(service.metadata === new && service.metadata.canChangeAnything, "the pre-approval stays with the model")
    }

    @Test("removals: refused unless pre-approved, per element (canBeRemoved) or for all (canRemoveAnything); kept, marked isRemoved")
    func removals() throws {
        // The newer GovSG document read as the older one: going back removes what it added.
        let removedTypes = ["allDomains", "enumeratedDomains", "rootDomains", "validatingDomains", "federatedTokenValidationPolicy"]
        let service = try Self.service(try Self.read("msgraph-v1.0-GovSG.v2.xml"))
        let current = service.metadata
        #expect(throws: MetadataRefreshError.self) { try service.refreshMetadata(from: try Self.read("msgraph-v1.0-GovSG.v1.xml")) }
        #expect(service.metadata === current)

        for name in removedTypes { service.metadata.schemaElement(named: "microsoft.graph." + name)?.canBeRemoved = true }
        // One removal not approved yet: still refused.
        #expect(throws: MetadataRefreshError.self) { try service.refreshMetadata(from: try Self.read("msgraph-v1.0-GovSG.v1.xml")) }
        let policyRoot = try service.metadata.entityType(withName: "microsoft.graph.policyRoot")
        policyRoot.navigationProperty(named: "federatedTokenValidationPolicy")?.canBeRemoved = true
        try service.refreshMetadata(from: try Self.read("msgraph-v1.0-GovSG.v1.xml"))
        #expect(service.metadata !== current)
        for name in removedTypes {
            #expect(service.metadata.schemaElement(named: "microsoft.graph." + name)?.isRemoved == true, "\(name)")
        }
        let root = try service.metadata.entityType(withName: "microsoft.graph.policyRoot")
        #expect(root.navigationProperty(named: "federatedTokenValidationPolicy")?.isRemoved == true)

        let all = try Self.service(try Self.read("msgraph-v1.0-GovSG.v2.xml"))
        all.metadata.canRemoveAnything = true
        try all.refreshMetadata(from: try Self.read("msgraph-v1.0-GovSG.v1.xml"))
        #expect(try all.metadata.complexType(withName: "microsoft.graph.allDomains").isRemoved)
    }

    @Test("replaceMetadata swaps without a check, for callers who checked themselves")
    func uncheckedSwap() throws {
        let old = try Self.read("sap-cloudsdk-v2-API_TEST_SRV.v1.xml"), new = try Self.read("sap-cloudsdk-v2-API_TEST_SRV.v2.xml")
        let service = try Self.service(old)
        service.replaceMetadata(new)
        #expect(service.metadata === new)
    }
}

extension IntegrationTests {
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct ServiceRefresh {
        /// The catalog service's `$metadata` as text, edited into an "older" version.
        static func catalogMetadata(_ edit: (String) -> String) throws -> CsdlDocument {
            let url = "http://127.0.0.1:\(try ReferenceServers.port(.v4))/catalog/$metadata"
            let body = try HTTPClient().send(HTTPRequest(method: .get, url: url)).body ?? Data()
            let text = edit(String(decoding: body, as: UTF8.self))
            return try Array(text.utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0, source: "edited catalog") }
        }

        static func catalog(with metadata: CsdlDocument) throws -> DataService {
            try DataService(url: URL(string: "http://127.0.0.1:\(try ReferenceServers.port(.v4))/catalog/")!, metadata: metadata)
        }

        static let description = #"<Property Name="Description" Type="Edm.String"/>"#

        @Test func refreshFromTheServerMarksWhatItAdded() throws {
            let older = try Self.catalogMetadata { $0.replacingOccurrences(of: Self.description, with: "") }
            let service = try Self.catalog(with: older)
            #expect(try service.entityType(withName: "Catalog.Product").structuralProperty(named: "Description") == nil)
            let result = try service.refreshMetadata()
            #expect(result.report.changes.map(\.path) == ["Catalog.Product/Description"])
            let product = try service.entityType(withName: "Catalog.Product")
            #expect(product.structuralProperty(named: "Description")?.isExtension == true)
            #expect(product.structuralProperty(named: "Name")?.isExtension == false)
        }

        @Test func refreshFromTheServerRefusesARemovalUnlessApproved() throws {
            let color = #"<Property Name="Color" Type="Edm.String"/>"#
            let older = try Self.catalogMetadata { $0.replacingOccurrences(of: Self.description, with: Self.description + color) }
            let service = try Self.catalog(with: older)
            let error = try #require(throws: MetadataRefreshError.self) { try service.refreshMetadata() }
            #expect(error.report.incompatibleChanges.map(\.path) == ["Catalog.Product/Color"])
            #expect(service.metadata === older)
            // Still usable as it was: a query runs with the old metadata.
            #expect(try service.executeQuery(url: "Products?$top=1").entities.count == 1)

            try service.entityType(withName: "Catalog.Product").structuralProperty(named: "Color")!.canBeRemoved = true
            try service.refreshMetadata()
            #expect(service.metadata !== older)
            #expect(try service.entityType(withName: "Catalog.Product").structuralProperty(named: "Color")?.isRemoved == true)
        }
    }
}
