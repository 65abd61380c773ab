import Testing
@testable import ODataModel

/// The pre-approvals, named as in SAP's CsdlDocument: each turns exactly its kind of incompatible change into
/// `approved`, read from the older document or given as options, and leaves the others alone.
@Suite("Compatibility pre-approvals")
struct CompatibilityApprovalTests {
    typealias F = CompatibilityFixtures

    static let blue = F.edited(RuleCases.green, RuleCases.green + #"<Member Name="Blue" Value="2"/>"#)
    static let cityGuid = F.edited(RuleCases.city, #"<Property Name="City" Type="Edm.Guid"/>"#)
    static let noEmailNoCity = F.edited(RuleCases.city, "")

    func only(_ r: MetadataComparisonReport) throws -> MetadataChange {
        #expect(r.changes.count == 1, "\(r.changes.map(\.description))")
        return try #require(r.changes.first)
    }

    @Test("hasOpenEnumerations approves new members, not removed ones", arguments: [true, false])
    func openEnumerations(_ viaDocument: Bool) throws {
        let options = MetadataComparison.Options(hasOpenEnumerations: !viaDocument)
        let added = try only(F.compare(F.base, Self.blue, options: options) { if viaDocument { $0.hasOpenEnumerations = true } })
        #expect(added.level == .approved && added.approvedBy == "hasOpenEnumerations")
        let removed = try only(F.compare(Self.blue, F.base, options: options) { if viaDocument { $0.hasOpenEnumerations = true } })
        #expect(removed.level == .incompatible && removed.approvedBy == nil)
        let changed = try only(F.compare(F.base, Self.cityGuid, options: options) { if viaDocument { $0.hasOpenEnumerations = true } })
        #expect(changed.level == .incompatible)
    }

    @Test("canChangeAnything approves changes, both ways, not removals or new members", arguments: [true, false])
    func changeAnything(_ viaDocument: Bool) throws {
        let options = MetadataComparison.Options(canChangeAnything: !viaDocument)
        let set: (CsdlDocument) -> Void = { if viaDocument { $0.canChangeAnything = true } }
        for (a, b) in [(F.base, Self.cityGuid), (Self.cityGuid, F.base)] {
            let c = try only(F.compare(a, b, options: options, prepare: set))
            #expect(c.kind == .typeChanged && c.level == .approved && c.approvedBy == "canChangeAnything")
        }
        #expect(try only(F.compare(F.base, Self.noEmailNoCity, options: options, prepare: set)).level == .incompatible)
        #expect(try only(F.compare(F.base, Self.blue, options: options, prepare: set)).level == .incompatible)
    }

    @Test("canRemoveAnything approves removals, not changes", arguments: [true, false])
    func removeAnything(_ viaDocument: Bool) throws {
        let options = MetadataComparison.Options(canRemoveAnything: !viaDocument)
        let set: (CsdlDocument) -> Void = { if viaDocument { $0.canRemoveAnything = true } }
        let removed = try only(F.compare(F.base, Self.noEmailNoCity, options: options, prepare: set))
        #expect(removed.kind == .removed && removed.level == .approved && removed.approvedBy == "canRemoveAnything")
        let member = try only(F.compare(Self.blue, F.base, options: options, prepare: set))
        #expect(member.level == .approved)
        #expect(try only(F.compare(F.base, Self.cityGuid, options: options, prepare: set)).level == .incompatible)
        // Adding stays what it was.
        #expect(try only(F.compare(Self.noEmailNoCity, F.base, options: options, prepare: set)).level == .compatible)
    }

    @Test("canBeRemoved approves removing that one element: by the element's flag or by its path")
    func canBeRemoved() throws {
        // Two properties go: only the approved one is approved.
        let b = F.edited(RuleCases.city, "").replacingOccurrences(of: RuleCases.name, with: "")
        let byFlag = try F.compare(F.base, b) { old in
            (try? old.complexType(withName: "NS.Address"))?.structuralProperty(named: "City")?.canBeRemoved = true
        }
        #expect(byFlag.changes.map { "\($0.path) \($0.level) \($0.approvedBy ?? "-")" } == [
            "NS.Address/City approved canBeRemoved",
            "NS.Customer/Name incompatible -",
        ])
        let byPath = try F.compare(F.base, b, options: .init(canBeRemoved: ["NS.Customer/Name"]))
        #expect(byPath.changes.map { "\($0.path) \($0.level)" } == ["NS.Address/City incompatible", "NS.Customer/Name approved"])
        // It approves a removal, nothing else.
        let typeChange = try F.compare(F.base, Self.cityGuid, options: .init(canBeRemoved: ["NS.Address/City"]))
        #expect(try only(typeChange).level == .incompatible)
    }

    @Test("canBeRemoved on an entity set, a function import and an enum member")
    func canBeRemovedElsewhere() throws {
        let b = F.edited(RuleCases.ordersSet, "")
            .replacingOccurrences(of: #"<NavigationPropertyBinding Path="Orders" Target="Orders"/>"#, with: "")
            .replacingOccurrences(of: #"<FunctionImport Name="GetTop" Function="NS.GetTop"/>"#, with: "")
        let blueGone = try F.compare(Self.blue, F.base, options: .init(canBeRemoved: ["NS.Color/Blue"]))
        #expect(try only(blueGone).level == .approved)
        let r = try F.compare(F.base, b, options: .init(canBeRemoved: ["Container/Orders", "Container/GetTop"]))
        #expect(r.changes.filter { $0.kind == .removed }.map(\.level) == [.approved, .approved])
        #expect(r.isCompatible, "\(r.changes.map(\.description))")
    }

    @Test("the flags count on the older document only: the newer one's are not the client's")
    func flagsFromOldDocumentOnly() throws {
        let old = try F.read(F.v4(F.base)), new = try F.read(F.v4(Self.blue))
        new.hasOpenEnumerations = true
        new.canChangeAnything = true
        new.canRemoveAnything = true
        #expect(try only(MetadataComparison.compare(old, new)).level == .incompatible)
    }

    @Test("the protocol version change admits no pre-approval")
    func versionChangeNotApprovable() throws {
        let v2 = """
            <EntityType Name="Item"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
            """
        let old = try F.read(F.v2(v2)), new = try F.read(F.v4(v2))
        let r = MetadataComparison.compare(old, new, options: .init(hasOpenEnumerations: true, canChangeAnything: true, canRemoveAnything: true))
        #expect(r.changes.map(\.description) == [
            "(document): OData version 2.0 → 4.0 [incompatible, odata-version-changed]",
            "Org.OData.Core.V1: reference added [info, reference-changed]",
        ])
    }
}
