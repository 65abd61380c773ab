import Testing
@testable import ODataModel
import TestSupport

/// What the model knows about real documents: versions, V2 navigation, inheritance, SAP attributes, annotations.
@Suite("EDM model on real metadata", .fixture("corpus", Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
struct ModelFeatureTests {
    func read(_ name: String) throws -> CsdlDocument {
        try MetadataReader.read(file: Corpus.url("metadata", name).path)
    }

    @Test("OData version from edmx Version and DataServiceVersion", arguments: [
        ("northwind-v2.xml", ODataVersion.v2), ("northwind-v3.xml", .v3), ("northwind-v4.xml", .v4),
        ("odata-demo-v3.xml", .v3), ("oasis-csdl-miscellaneous.xml", .v401), ("sap-gw-v2-FAR_MANAGE_BS_SRV.xml", .v2),
    ])
    func version(_ name: String, _ expected: ODataVersion) throws {
        #expect(try read(name).version == expected)
    }

    @Test("V2 navigation resolves through Association and AssociationSet")
    func v2Navigation() throws {
        let doc = try read("northwind-v2.xml")
        let order = try doc.entityType(withName: "NorthwindModel.Order")
        let customer = try #require(order.navigationProperty(named: "Customer"))
        #expect(customer.target?.name == "Customer")
        #expect(!customer.isCollection && customer.isNullable && customer.multiplicity == "0..1")
        #expect(customer.partner == "Orders")
        #expect(customer.referentialConstraints == [ReferentialConstraint(property: "CustomerID", referencedProperty: "CustomerID")])
        let details = try #require(order.navigationProperty(named: "Order_Details"))
        #expect(details.isCollection && details.target?.name == "Order_Detail")
        let orders = try doc.entitySet(withName: "Orders")
        #expect(orders.bindingTarget(for: "Customer") == "Customers")
        #expect(orders.entityType === order)
        #expect(order.keyProperties.map(\.name) == ["OrderID"])
        let od = try doc.entityType(withName: "Order_Detail")
        #expect(od.allKeyNames == ["OrderID", "ProductID"])
    }

    @Test("V4 navigation: partner, containment, bindings")
    func v4Navigation() throws {
        let doc = try read("trippin-v4-TripPinServiceRW.xml")
        let person = try doc.entityType(withName: "Person")
        let trips = try #require(person.navigationProperty(named: "Trips"))
        #expect(trips.containsTarget && trips.isCollection && trips.target?.name == "Trip")
        #expect(try doc.entitySet(withName: "People").bindingTarget(for: "Friends") == "People")
        #expect(try doc.singleton(withName: "Me").entityType === person)
    }

    @Test("inheritance: inherited properties and keys, derived types, qualified and ambiguous names")
    func inheritance() throws {
        let doc = try read("msgraph-v1.0-Prod.v2.xml")
        let user = try doc.entityType(withName: "microsoft.graph.user")
        #expect(user.baseEntityType?.name == "directoryObject")
        #expect(user.allKeyNames == ["id"])
        let id = try user.property(withName: "id")
        #expect(id.declaringType?.name == "entity")
        #expect(user.properties.first?.name == "id", "inherited properties come first")
        #expect(try doc.entityType(withName: "graph.user") === user, "alias resolves")
        let entity = try doc.entityType(withName: "microsoft.graph.entity")
        #expect(entity.derivedEntityTypes.contains { $0 === user })
        let ambiguous = try #require(throws: ModelLookupError.self) { try doc.entityType(withName: "user") }
        #expect(ambiguous.suggestions.count >= 2)
        #expect(user.isOpen)
    }

    @Test("unknown names give suggestions")
    func suggestions() throws {
        let doc = try read("northwind-v4.xml")
        let e = try #require(throws: ModelLookupError.self) { try doc.entitySet(withName: "Custmers") }
        #expect(e.suggestions.first == "Customers")
        let c = try doc.entityType(withName: "Customer")
        let p = try #require(throws: ModelLookupError.self) { try c.property(withName: "CompanyNam") }
        #expect(p.description.contains("did you mean CompanyName"))
    }

    @Test("SAP V2 attributes with typed accessors")
    func sapAttributes() throws {
        let doc = try read("served-mocksap-GWSAMPLE_BASIC-v2.xml")
        let bp = try doc.entityType(withName: "BusinessPartner")
        #expect(bp.sap.label == "Business Partner")
        #expect(bp.sap["content-version"] == "1")
        let name = try bp.property(withName: "CompanyName")
        #expect(name.sap.label == "Company Name")
        #expect(name.facets.maxLength == .length(80))
        let set = try doc.entitySet(withName: "BusinessPartnerSet")
        #expect(set.sap.creatable && set.sap.pageable && !set.sap.searchable)
        let far = try read("sap-gw-v2-FAR_MANAGE_BS_SRV.xml")
        let nonFilterable = far.entityTypes.flatMap(\.ownProperties).filter { !$0.sap.filterable }
        #expect(!nonFilterable.isEmpty)
    }

    @Test("enums, flags, type definitions, facets")
    func enumsAndFacets() throws {
        let doc = try read("oasis-csdl-miscellaneous.xml")
        let flags = doc.enumTypes.filter(\.isFlags)
        #expect(!flags.isEmpty)
        #expect(flags.allSatisfy { $0.members.allSatisfy(\.valueIsExplicit) })
        let length = try #require(doc.typeDefinitions.first { $0.name == "Length" })
        #expect(length.underlyingType.primitive == .int32)
        let scales = doc.entityTypes.flatMap(\.ownProperties).compactMap(\.facets.scale) + doc.complexTypes.flatMap(\.ownProperties).compactMap(\.facets.scale)
        #expect(scales.contains(.floating) || doc.typeDefinitions.contains { $0.facets.scale == .floating })
        let sd = try read("sap-s4-v4-sdMeta.v2.xml")
        let maxProps = sd.entityTypes.flatMap(\.ownProperties).filter { $0.facets.maxLength == .max }
        #expect(maxProps.contains { $0.name == "SalesDocument" })
    }

    @Test("annotations from Annotations blocks reach their targets, with aliases resolved")
    func annotations() throws {
        let doc = try read("sap-fe-v4Meta.v2.xml")
        let withLabels = doc.entityTypes.flatMap(\.ownProperties).filter {
            $0.annotation(term: "com.sap.vocabularies.Common.v1.Label") != nil
        }
        #expect(!withLabels.isEmpty)
        let a = try #require(withLabels.first?.annotation(term: "com.sap.vocabularies.Common.v1.Label"))
        #expect(a.termAsWritten.hasPrefix("Common.") || a.termAsWritten.hasPrefix("SAP__common."))
        if case .constant(kind: "String", _)? = a.value {} else { Issue.record("label is not a string: \(String(describing: a.value))") }
        // Records and collections keep their structure.
        let so = try doc.entityType(withName: "SalesOrderManage")
        let lineItem = try #require(so.annotations.first { $0.term == "com.sap.vocabularies.UI.v1.LineItem" })
        guard case .collection(let items)? = lineItem.value, case .record(let type, let props)? = items.first else {
            Issue.record("LineItem is not a collection of records"); return
        }
        #expect(type?.hasSuffix("DataField") == true || type?.contains("DataField") == true)
        #expect(props.contains { $0.property == "Value" })
    }

    @Test("references with includes and aliases are kept")
    func references() throws {
        let doc = try read("sap-edge-v4-aliased.xml")
        #expect(!doc.references.isEmpty)
        #expect(doc.references.flatMap(\.includes).contains { $0.alias == "Core" })
        #expect(doc.resolveAlias("MyServiceAlias.X").hasSuffix(".X"))
    }

    @Test("V2 function imports keep HTTP method, return type, entity set and parameters")
    func v2FunctionImports() throws {
        let doc = try read("sap-gw-v2-BILLOFMATERIALV2_SRV.xml")
        let imports = doc.functionImports
        #expect(!imports.isEmpty)
        #expect(imports.allSatisfy { $0.httpMethod != nil })
        #expect(imports.contains { !$0.parameters.isEmpty })
        #expect(imports.contains { $0.returnType != nil })
    }

    @Test("V4 functions and actions: overloads, bound and unbound, imports resolved")
    func operations() throws {
        let doc = try read("sap-edge-v4-actions-and-functions-overload.xml")
        let overloaded = Dictionary(grouping: doc.actions + doc.functions, by: \.qualifiedName).filter { $0.value.count > 1 }
        #expect(!overloaded.isEmpty)
        let trip = try read("trippin-v4-TripPinServiceRW.xml")
        let fi = try #require(trip.functionImport(withName: "GetNearestAirport"))
        #expect(fi.resolvedFunctions.count == 1)
        #expect(trip.functions.contains { $0.isBound })
        let person = try trip.entityType(withName: "Person")
        #expect(!trip.boundOperations(for: person, collection: false).isEmpty)
    }
}
