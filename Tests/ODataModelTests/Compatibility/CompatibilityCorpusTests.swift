import Testing
@testable import ODataModel
import TestSupport

/// The real version pairs of the corpus (SOURCES.md, "Version pairs"): each report checked against what reading
/// `diff` of the two files says, change by change; and every document compared with itself.
@Suite("Compatibility on the corpus version pairs", .fixture("corpus", Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
struct CompatibilityCorpusTests {
    static func read(_ name: String) throws -> CsdlDocument {
        try MetadataReader.read(file: Corpus.url("metadata", name).path)
    }

    static func compare(_ pair: String, options: MetadataComparison.Options = .init()) throws -> MetadataComparisonReport {
        MetadataComparison.compare(try read("\(pair).v1.xml"), try read("\(pair).v2.xml"), options: options)
    }

    static func compare(_ old: String, _ new: String) throws -> MetadataComparisonReport {
        MetadataComparison.compare(try read(old), try read(new))
    }

    /// `path: summary [level, rule]` lines of the changes that match.
    static func lines(_ r: MetadataComparisonReport, _ include: (MetadataChange) -> Bool = { _ in true }) -> [String] {
        r.changes.filter(include).map(\.description)
    }

    @Test("Graph v1.0 Prod: a new enum and new types are compatible, members appended to enums are not")
    func graphProd() throws {
        let r = try Self.compare("msgraph-v1.0-Prod")
        let g = "microsoft.graph."
        #expect(Self.lines(r) == [
            "GraphService/me: binding sponsorOf → directoryObjects added [info, navigation-binding-changed]",
            "GraphService/users: binding sponsorOf → directoryObjects added [info, navigation-binding-changed]",
            "\(g)contentCategory: added [compatible, type-added]",
            "\(g)crossTenantAccessPolicyConfigurationPartner/serviceProviderConstraints: added [compatible, property-added]",
            "\(g)delegatedAdminServiceProviderConstraints: added [compatible, type-added]",
            "\(g)externalConnectors.externalItem/informationProtectionLabel: added [compatible, property-added]",
            "\(g)externalConnectors.externalItemInformationProtectionLabel: added [compatible, type-added]",
            "\(g)group/organizationId: added [compatible, property-added]",
            "\(g)processContentMetadataBase/contentCategory: added [compatible, property-added]",
            "\(g)resetToDefaultSettings(\(g)multiTenantOrganizationIdentitySyncPolicyTemplate): added [compatible, operation-added]",
            "\(g)resetToDefaultSettings(\(g)multiTenantOrganizationPartnerConfigurationTemplate): added [compatible, operation-added]",
            "\(g)serviceProviderConstraints: added [compatible, type-added]",
            "\(g)unifiedRoleAssignment/principalOrganizationId: added [compatible, property-added]",
            "\(g)user/sponsorOf: added [compatible, property-added]",
        ] + ["accessDebugTools", "copyToClipboard", "pasteFromClipboard", "print"].flatMap { m in
            ["userActivityType", "userActivityTypes"].map { "\(g)\($0)/\(m): added [incompatible, enum-member-added]" }
        }.sorted())
        // The flags enum's new members follow the powers of two.
        #expect(r.changes.contains { $0.path == "\(g)userActivityTypes/print" } )
        #expect(try Self.read("msgraph-v1.0-Prod.v2.xml").enumType(withName: "\(g)userActivityTypes").member(named: "print")?.value == 128)

        let open = try Self.compare("msgraph-v1.0-Prod", options: .init(hasOpenEnumerations: true))
        #expect(open.isCompatible)
        #expect(open.count(.approved) == 8 && open.changes.filter { $0.level == .approved }.allSatisfy { $0.approvedBy == "hasOpenEnumerations" })
    }

    @Test("Graph GovSG: only additions")
    func graphGovSG() throws {
        let r = try Self.compare("msgraph-v1.0-GovSG")
        #expect(Self.lines(r) == [
            "microsoft.graph.allDomains: added [compatible, type-added]",
            "microsoft.graph.enumeratedDomains: added [compatible, type-added]",
            "microsoft.graph.federatedTokenValidationPolicy: added [compatible, type-added]",
            "microsoft.graph.policyRoot/federatedTokenValidationPolicy: added [compatible, property-added]",
            "microsoft.graph.rootDomains: added [compatible, type-added]",
            "microsoft.graph.validatingDomains: added [compatible, type-added]",
        ])
    }

    @Test("sdMeta: MaxLength 10 → max on SalesDocument is informational, and so is the replaced URL")
    func sdMeta() throws {
        let r = try Self.compare("sap-s4-v4-sdMeta")
        #expect(r.changes.count == 2)
        let maxLength = try #require(r.changes.first)
        #expect(maxLength.description == "com.c_salesordermanage_sd.BusinessPartner/SalesDocument: MaxLength 10 → max [info, facet-changed]")
        let url = try #require(r.changes.last)
        #expect(url.path == "com.c_salesordermanage_sd.HeaderShipToParty" && url.kind == .annotationChanged && url.level == .info)
        #expect(url.aspect == "@com.sap.vocabularies.UI.v1.FieldGroup#AddressData")
        #expect(url.oldValue?.contains("veui5infra.dhcp.wdf.sap.corp") == true && url.newValue?.contains("http://shell.example") == true)
        #expect(url.summary(valueLimit: 60).contains("Url=\"http://shell.example\""), "the cut shows where they differ")
    }

    @Test("fe v4Meta: annotation edits only; Path as attribute or element is the same annotation")
    func feV4Meta() throws {
        let r = try Self.compare("sap-fe-v4Meta")
        #expect(r.isCompatible && r.changes.allSatisfy { $0.level == .info })
        let ns = "com.c_salesordermanage_sd."
        #expect(r.changes.map { "\($0.path) \($0.kind) \($0.aspect ?? "")" } == [
            "\(ns)CreditLimitDetails annotationChanged @com.sap.vocabularies.UI.v1.DataPoint#CustomerCreditExposureAmount",
            "\(ns)HeaderShipToParty annotationChanged @com.sap.vocabularies.UI.v1.FieldGroup#AddressData",
            "\(ns)SalesOrderManage annotationChanged @com.sap.vocabularies.Common.v1.SideEffects#IncotermsChange",
            "\(ns)SalesOrderManage annotationChanged @com.sap.vocabularies.UI.v1.LineItem",
            "\(ns)SalesOrderManage/_Item annotationAdded @com.sap.vocabularies.Common.v1.Label",
            "\(ns)SalesOrderManage/_Item annotationAdded @com.sap.vocabularies.Common.v1.ReferentialConstraint",
        ])
        #expect(r.changes[0].summary(valueLimit: 60).contains("MinimumValue=200.02"))
        #expect(r.changes[3].newValue?.contains("AnnotationPath(_SoldToParty/@Communication.Contact)") == true)
    }

    @Test("API_TEST_SRV V2: Nullable=\"false\" added to five function-import parameters")
    func apiTestV2() throws {
        let r = try Self.compare("sap-cloudsdk-v2-API_TEST_SRV")
        let c = "API_TEST_SRV_Entities/"
        #expect(Self.lines(r) == [
            "\(c)TestFunctionImportGET/SimpleParam", "\(c)TestFunctionImportMultipleParams/BooleanParam",
            "\(c)TestFunctionImportMultipleParams/StringParam", "\(c)TestFunctionImportPOST/SimpleParam",
            "\(c)TestFunctionImportUnsupportedEdmTypes/SimpleParam",
        ].map { "\($0): nullable true → false [incompatible, parameter-nullability-changed]" })
        #expect(try Self.compare("sap-cloudsdk-v2-API_TEST_SRV", options: .init(canChangeAnything: true)).isCompatible)
    }

    @Test("API_TEST_SRV V4: new key property, a renamed property, implicit enum values, stricter results, new operations")
    func apiTestV4() throws {
        let r = try Self.compare("sap-cloudsdk-v4-API_TEST_SRV")
        let ns = "API_TEST_SRV."
        func one(_ path: String, _ kind: MetadataChange.Kind) throws -> MetadataChange {
            let found = r.changes.filter { $0.path == path && $0.kind == kind }
            #expect(found.count == 1, "\(path) \(kind): \(found)")
            return try #require(found.first)
        }
        #expect(try one("\(ns)A_TestEntityType", .keyChanged).newValue == "KeyPropertyGuid,KeyPropertyString,KeyDateProperty")
        #expect(try one("\(ns)A_TestEntityType/DateProperty", .removed).level == .incompatible)
        #expect(try one("\(ns)A_TestEntityType/KeyDateProperty", .added).level == .compatible)
        #expect(try one("\(ns)A_TestEntityType/DateTimeOffSetProperty", .facetChanged).description.contains("Precision 0 → 2 [info"))
        // `Value="1"`, `Value="2"` dropped: the members now count from 0.
        #expect(try one("\(ns)A_TestEnumType/Member1", .enumValueChanged).summary == "value 1 → 0")
        #expect(try one("\(ns)A_TestEnumType/Member2", .enumValueChanged).summary == "value 2 → 1")
        #expect(try one("\(ns)A_TestEnumType_Int64", .added).level == .compatible)
        #expect(try one("\(ns)TestActionImportMultipleParameterComplexReturnType(Edm.String,Edm.String,Edm.Boolean,Edm.GeographyPoint)/StringParam",
                        .nullabilityChanged).level == .incompatible)
        #expect(try one("\(ns)TestFunctionImportEntityReturnType()/$ReturnType", .nullabilityChanged).rule.id == "return-nullability-changed")
        for added in ["\(ns)boundFunctionWithoutArguments(\(ns)A_TestEntity)", "\(ns)boundActionWithoutArguments(\(ns)A_TestEntity)",
                      "\(ns)TestFunctionImportNullableTest(Edm.String,Edm.String,Edm.String)", "API_TEST_SRV_Entities/A_TestEntityWithNoKeys",
                      "API_TEST_SRV_Entities/boundFunctionWithArguments"] {
            #expect(try one(added, .added).level == .compatible)
        }
        #expect(r.count(.incompatible) == 21 && r.count(.compatible) == 18 && r.count(.info) == 1 && r.changes.count == 40)
    }

    @Test("Core vocabulary 2021 → 2026: new terms compatible, two nullability changes, descriptions informational")
    func coreVocabulary() throws {
        let r = try Self.compare("oasis-vocab-Org.OData.Core.V1")
        let core = "Org.OData.Core.V1."
        #expect(Self.lines(r) { $0.level != .info } == [
            "\(core)AnyStructure: added [compatible, term-added]",
            "\(core)ContentDispositionType/Type: nullable true → false [incompatible, property-nullability-changed]",
            "\(core)ExplicitOperationBindings: added [compatible, term-added]",
            "\(core)IsDelta: added [compatible, term-added]",
            "\(core)PropertyRef/Alias: nullable false → true [incompatible, property-nullability-changed]",
            "\(core)QualifiedBoundOperationName: added [compatible, type-added]",
            "\(core)RequiresExplicitBinding: added [compatible, term-added]",
        ])
        #expect(Self.lines(r) { $0.kind == .traitChanged } == [
            "\(core)AutoExpand: AppliesTo NavigationProperty Property → EntityType NavigationProperty Property [info, term-changed]",
            "\(core)MediaType: AppliesTo Parameter Property ReturnType Term TypeDefinition → EntityType Parameter Property ReturnType Term TypeDefinition [info, term-changed]",
        ])
        #expect(r.changes.filter { $0.kind == .annotationChanged }.allSatisfy { $0.aspect?.hasPrefix("@\(core)") == true })
        #expect(r.changes.contains { $0.path == "\(core)Links" && $0.summary == #"annotation @Org.OData.Core.V1.Description "Link to related information" → "Links to related information""# })
    }

    @Test("CAP risk analysis 2023 → 2024: the model stays, annotations and two vocabulary references go")
    func capRiskAnalysis() throws {
        let r = try Self.compare("cap-risk-analysis-localService")
        #expect(r.changes.allSatisfy { $0.level == .info })
        #expect(Set(r.changes.map(\.kind)) == [.annotationRemoved, .referenceRemoved])
        #expect(Self.lines(r) { $0.kind == .referenceRemoved } == [
            "Org.OData.Aggregation.V1: reference removed [info, reference-changed]",
            "com.sap.vocabularies.Analytics.v1: reference removed [info, reference-changed]",
        ])
        #expect(r.changes.contains { $0.path == "RiskService.RisksAnalysis" && $0.aspect == "@com.sap.vocabularies.UI.v1.Chart#chartPrio" })
        #expect(r.changes.contains { $0.path == "EntityContainer/RisksAnalysis" && $0.aspect == "@Org.OData.Aggregation.V1.ApplySupported" })
    }

    @Test("API_BUSINESS_PARTNER re-release: new properties, SchemaVersion, an alias rename, labels, new restriction records")
    func businessPartner() throws {
        let r = try Self.compare("s4-API_BUSINESS_PARTNER")
        #expect(r.isCompatible)
        let ns = "API_BUSINESS_PARTNER."
        #expect(Self.lines(r) { $0.level == .compatible } == [
            "BusPartMaritalStatus", "BusPartNationality", "BusinessPartnerBirthName", "BusinessPartnerOccupation",
            "BusinessPartnerPrintFormat", "BusinessPartnerSupplementName", "Initials", "LastNamePrefix", "LastNameSecondPrefix",
            "NaturalPersonEmployerName",
        ].map { "\(ns)A_BusinessPartnerType/\($0): added [compatible, property-added]" }
            + ["\(ns)A_SupplierType/DataExchangeInstructionKey: added [compatible, property-added]"])
        #expect(Self.lines(r) { $0.path == "API_BUSINESS_PARTNER" } == [#"API_BUSINESS_PARTNER: annotation @Core.SchemaVersion "1.0.0" → "1.2.0" [info, annotation-changed]"#])
        #expect(Self.lines(r) { $0.element == .reference } == ["com.sap.vocabularies.CodeList.v1: reference Alias CodeList → SAP__CodeList [info, reference-changed]"])
        // SAP labels edited: "Created on" → "Created On".
        #expect(r.changes.contains { $0.path == "\(ns)A_BusinessPartnerType/CreationDate" && $0.aspect == "sap:label"
            && $0.oldValue == "Created on" && $0.newValue == "Created On" })
        #expect(r.changes.contains { $0.path == "API_BUSINESS_PARTNER_Entities" && $0.aspect == "sap:supported-formats" })
        // New Insert/Read/Update/DeleteRestrictions records, on sets the service does not expose too.
        #expect(r.changes.filter { $0.aspect == "@Org.OData.Capabilities.V1.NavigationRestrictions" && $0.kind == .annotationChanged }.count == 11)
        #expect(r.changes.contains { $0.element == .annotationTarget && $0.kind == .annotationAdded })
    }

    @Test("V2 against its V4 twin: compared, but refused as a protocol change", arguments: [
        ("northwind-v2.xml", "northwind-v4.xml"), ("odata-demo-v2.xml", "odata-demo-v4-OData.svc.xml"),
    ])
    func crossVersion(_ v2: String, _ v4: String) throws {
        let r = try Self.compare(v2, v4)
        let first = try #require(r.changes.first)
        #expect(first.description == "(document): OData version 2.0 → 4.0 [incompatible, odata-version-changed]")
        #expect(!r.isCompatible)
        // V2's DateTime is V4's DateTimeOffset: a real type change in payloads.
        let orderDate = v2.hasPrefix("northwind") ? "NorthwindModel.Order/OrderDate" : "ODataDemo.Product/ReleaseDate"
        #expect(r.changes.contains { $0.path == orderDate && $0.description.hasSuffix("type Edm.DateTime → Edm.DateTimeOffset [incompatible, property-type-changed]") })
        // The single container is matched across its new name, so entity sets are compared, not removed and added.
        #expect(!r.changes.contains { $0.element == .entitySet && $0.kind == .removed })
        let old = try Self.read(v2), new = try Self.read(v4)
        let error = try #require(throws: MetadataRefreshError.self) {
            try old.refreshMetadata(with: new, options: .init(hasOpenEnumerations: true, canChangeAnything: true, canRemoveAnything: true))
        }
        #expect(error.report.incompatibleChanges.map(\.rule.id) == ["odata-version-changed"])
    }

    @Test("northwind: its V2 and V3 twins differ only in version and annotations", arguments: [("northwind-v2.xml", "northwind-v3.xml")])
    func v2AgainstV3(_ a: String, _ b: String) throws {
        let r = try Self.compare(a, b)
        #expect(r.changes.first?.rule.id == "odata-version-changed")
        #expect(r.changes.dropFirst().allSatisfy { $0.level == .info }, "\(r.changes.map(\.description))")
    }

    /// Every document of the corpus that loads, compared with a second reading of itself.
    /// (CSDL JSON documents join once the JSON reader reads them.)
    static var loadable: [String] {
        CorpusXmlTests.readable + Corpus.files(in: "metadata", withExtension: "json").filter { (try? read($0)) != nil }
    }

    @Test("diff X X is empty", arguments: loadable)
    func selfDiff(_ name: String) throws {
        let r = MetadataComparison.compare(try Self.read(name), try Self.read(name))
        #expect(r.isEmpty, "\(r.changes.prefix(5).map(\.description))")
    }
}
