import Testing
@testable import ODataModel

/// `refreshMetadata`: refuses incompatible metadata with the report; otherwise returns the newer model with added
/// elements marked `isExtension` and removed ones carried over, marked `isRemoved`.
@Suite("Compatibility: refreshMetadata")
struct CompatibilityRefreshTests {
    typealias F = CompatibilityFixtures

    /// Newer: a property, an entity type, an entity set and an enum member added; a property, an entity set, a type,
    /// an enum member and an action removed; MaxLength changed.
    static let newer = F.base
        .replacingOccurrences(of: RuleCases.name, with: #"<Property Name="Name" Type="Edm.String" MaxLength="80"/><Property Name="Email" Type="Edm.String"/>"#)
        .replacingOccurrences(of: RuleCases.city, with: "")
        .replacingOccurrences(of: RuleCases.complexStart, with:
            #"<EntityType Name="Invoice"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>"#
            + RuleCases.complexStart)
        .replacingOccurrences(of: RuleCases.green, with: #"<Member Name="Blue" Value="2"/>"#)
        .replacingOccurrences(of: #"<TypeDefinition Name="Code" UnderlyingType="Edm.String"/>"#, with: "")
        .replacingOccurrences(of: "<Action Name=\"Reset\">\n  \(RuleCases.force)\n</Action>", with: "")
        .replacingOccurrences(of: #"<ActionImport Name="Reset" Action="NS.Reset"/>"#, with: "")
        .replacingOccurrences(of: RuleCases.ordersSet, with: #"<EntitySet Name="Invoices" EntityType="NS.Invoice"/>"#)
        .replacingOccurrences(of: #"<NavigationPropertyBinding Path="Orders" Target="Orders"/>"#, with: "")

    static let everythingAllowed = MetadataComparison.Options(hasOpenEnumerations: true, canRemoveAnything: true)

    @Test("incompatible: refused with the report, neither document touched")
    func refused() throws {
        let old = try F.read(F.v4(F.base)), new = try F.read(F.v4(Self.newer))
        let error = try #require(throws: MetadataRefreshError.self) { try old.refreshMetadata(with: new) }
        let bad = Set(error.report.incompatibleChanges.map(\.path))
        #expect(bad == ["NS.Address/City", "NS.Color/Blue", "NS.Color/Green", "NS.Code", "NS.Reset(Edm.Boolean)",
                        "Container/Reset", "Container/Orders"])
        #expect(error.description.hasPrefix("metadata refresh refused: 7 incompatible changes, first "))
        #expect(!new.entityTypes.contains { $0.isExtension })
        #expect(new.entitySets.count == 2 && !old.entitySets.contains { $0.isRemoved })
    }

    @Test("compatible with pre-approvals: added elements are extensions, removed ones stay, marked")
    func refreshed() throws {
        let old = try F.read(F.v4(F.base)), new = try F.read(F.v4(Self.newer))
        old.hasOpenEnumerations = true
        let result = try old.refreshMetadata(with: new, options: .init(canRemoveAnything: true))
        let doc = result.document
        #expect(doc === new)
        #expect(result.report.isCompatible)
        #expect(doc.hasOpenEnumerations, "the client's pre-approvals stay with the refreshed model")

        // Added: marked, and so is what they contain.
        let invoice = try doc.entityType(withName: "NS.Invoice")
        #expect(invoice.isExtension && invoice.ownProperties.allSatisfy(\.isExtension))
        let customer = try doc.entityType(withName: "NS.Customer")
        #expect(customer.structuralProperty(named: "Email")?.isExtension == true)
        #expect(try doc.entitySet(withName: "Invoices").isExtension)
        #expect(try doc.enumType(withName: "NS.Color").member(named: "Blue")?.isExtension == true)
        // Changed: not marked.
        let name = try #require(customer.structuralProperty(named: "Name"))
        #expect(!name.isExtension && !name.isRemoved && name.facets.maxLength == .length(80))
        #expect(!customer.isExtension && !customer.isRemoved)

        // Removed: carried over, found by the usual look-ups, linked to the refreshed model.
        let address = try doc.complexType(withName: "NS.Address"), color = try doc.enumType(withName: "NS.Color")
        let city = try #require(address.structuralProperty(named: "City"))
        #expect(city.isRemoved && city.declaringType === address)
        let green = try #require(color.member(named: "Green"))
        #expect(green.isRemoved && green.enumType === color)
        let code = try #require(doc.schemaElement(named: "NS.Code") as? TypeDefinition)
        #expect(code.isRemoved)
        let reset = try #require(doc.operations(named: "NS.Reset").first)
        #expect(reset.isRemoved && reset.parameters.allSatisfy(\.isRemoved))
        let orders = try doc.entitySet(withName: "Orders"), order = try doc.entityType(withName: "NS.Order")
        #expect(orders.isRemoved && orders.entityType === order)
        #expect(doc.actionImport(withName: "Reset")?.isRemoved == true)
        #expect(doc.actionImport(withName: "Reset")?.resolvedActions.first === reset)
        // Nothing else is marked.
        #expect(!(try doc.entityType(withName: "NS.Order")).isRemoved)
    }

    @Test("refreshing the refreshed model with the same document: nothing changes, removed elements stay")
    func refreshedAgain() throws {
        let old = try F.read(F.v4(F.base)), new = try F.read(F.v4(Self.newer))
        let first = try old.refreshMetadata(with: new, options: Self.everythingAllowed).document
        let again = try F.read(F.v4(Self.newer))
        let second = try first.refreshMetadata(with: again)
        #expect(second.report.isEmpty, "\(second.report.changes.map(\.description))")
        #expect(try second.document.entitySet(withName: "Orders").isRemoved)
        #expect(try second.document.complexType(withName: "NS.Address").structuralProperty(named: "City")?.isRemoved == true)
        #expect(!(try second.document.entityType(withName: "NS.Invoice")).isExtension, "added by the earlier refresh, not this one")
    }

    @Test("an element removed earlier that comes back is added again")
    func removedThenBack() throws {
        let old = try F.read(F.v4(F.base)), new = try F.read(F.v4(Self.newer))
        let refreshed = try old.refreshMetadata(with: new, options: Self.everythingAllowed).document
        let back = try F.read(F.v4(F.base))
        let report = MetadataComparison.compare(refreshed, back)
        let city = try #require(report.changes.first { $0.path == "NS.Address/City" })
        #expect(city.kind == .added && city.level == .compatible)
        #expect(!report.changes.contains { $0.kind == .removed && $0.path == "NS.Address/City" })
    }

    @Test("element paths name every element of a document, as the report writes them")
    func elementPaths() throws {
        let doc = try F.read(F.v4(F.base))
        let paths = ElementPaths.index(doc)
        for p in ["NS.Customer", "NS.Customer/Name", "NS.Customer/Orders", "NS.Color/Green", "NS.Code", "NS.Tag",
                  "NS.GetTop(Edm.Int32)", "NS.GetTop(Edm.Int32)/top", "NS.Reset(Edm.Boolean)/force", "Container",
                  "Container/Customers", "Container/GetTop", "Container/Reset"] {
            #expect(paths[p] != nil, "no element at \(p)")
        }
        #expect(paths["NS.Customer/Nope"] == nil)
    }
}
