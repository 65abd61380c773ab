import Testing
import ODataModel

/// SAP's API has a program set the pre-approvals on the metadata in use (`canBeRemoved` on elements,
/// `canChangeAnything` on the document) before `refreshMetadata`: here a hundred tasks set and read them at once on
/// one loaded document, which the data-race checks of Swift 6 allow only because they are safe to share; then a
/// refresh that needs them goes ahead.
@Suite("pre-approvals from many tasks")
struct ApprovalRaceTests {
    typealias F = CompatibilityFixtures

    @Test("a hundred tasks set and read the approvals of one document; the refresh then uses them")
    func approvalsFromManyTasks() async throws {
        let old = try F.read(F.v4(F.base))
        // City removed (approved by its canBeRemoved), Price's type changed (approved by canChangeAnything).
        let newer = try F.read(F.v4(F.edited(RuleCases.city, "").replacingOccurrences(
            of: #"<Property Name="Price" Type="Edm.Decimal" Precision="10" Scale="2"/>"#,
            with: #"<Property Name="Price" Type="Edm.Double"/>"#)))
        #expect(!MetadataComparison.compare(old, newer).isCompatible, "without the approvals the refresh must fail")
        let city = try #require(try old.complexType(withName: "NS.Address").structuralProperty(named: "City"))
        let bonus = try #require(try old.entityType(withName: "NS.Special").structuralProperty(named: "Bonus"))

        let seen = await withTaskGroup(of: Int.self) { group in
            for i in 0..<100 {
                group.addTask {
                    // Every task approves what the refresh needs; half of them toggle an element the refresh keeps.
                    city.canBeRemoved = true
                    old.canChangeAnything = true
                    if i.isMultiple(of: 2) { bonus.canBeRemoved = i.isMultiple(of: 4) }
                    _ = bonus.canBeRemoved
                    return (city.canBeRemoved ? 1 : 0) + (old.canChangeAnything ? 1 : 0)
                }
            }
            return await group.reduce(0, +)
        }
        #expect(seen == 200, "each task reads what it set")
        bonus.canBeRemoved = false

        let refresh = try old.refreshMetadata(with: newer)
        #expect(refresh.report.isCompatible)
        #expect(refresh.report.changes.filter { $0.level == .approved }.map { "\($0.path) \($0.kind) \($0.level) \($0.approvedBy ?? "-")" } == [
            "NS.Address/City removed approved canBeRemoved",
            "NS.Customer/Price typeChanged approved canChangeAnything",
        ])
        #expect(refresh.document.canChangeAnything, "the refreshed model keeps the document's approvals")
        let carried = try refresh.document.complexType(withName: "NS.Address").structuralProperty(named: "City")
        #expect(carried?.isRemoved == true)
    }
}
