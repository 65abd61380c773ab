import Glibc
import Testing
@testable import ODataModel

/// What reading leaves behind is freed on a background thread when it is large, where it is when small, and
/// never when the caller says the process ends right after (`MetadataReader.Options.freesLeftovers`).
@Suite("Freeing what reading leaves behind")
struct BackgroundReleaseTests {
    final class Leftover {}

    /// Waits up to two seconds for `done`.
    static func eventually(_ done: () -> Bool) -> Bool {
        for _ in 0..<200 where !done() { usleep(10_000) }
        return done()
    }

    @Test("large leftovers are freed off the caller's thread, small ones at once, kept ones never")
    func policies() {
        weak var large: Leftover?
        weak var small: Leftover?
        weak var kept: Leftover?
        do {
            let a = Leftover(), b = Leftover(), c = Leftover()
            large = a; small = b; kept = c
            BackgroundRelease.hand(a, items: BackgroundRelease.worthwhileItems)
            BackgroundRelease.hand(b, items: 1)
            BackgroundRelease.hand(c, items: BackgroundRelease.worthwhileItems, keep: true)
        }
        #expect(small == nil)
        #expect(Self.eventually { large == nil })
        usleep(50_000)
        #expect(kept != nil)
    }

    @Test("a load that keeps its leftovers reads the same model")
    func sameModel() throws {
        let xml = """
            <edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0"><edmx:DataServices>
            <Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="NS"><EntityType Name="T"><Key><PropertyRef Name="Id"/></Key>
            <Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType>
            <EntityContainer Name="C"><EntitySet Name="Ts" EntityType="NS.T"/></EntityContainer></Schema>
            </edmx:DataServices></edmx:Edmx>
            """
        func load(_ frees: Bool) throws -> CsdlDocument {
            let r = MetadataReader(source: "t", options: .init(freesLeftovers: frees))
            try Array(xml.utf8).withUnsafeBytes { try r.feed($0) }
            return try r.finish()
        }
        let kept = try load(false), freed = try load(true)
        #expect(try kept.entitySet(withName: "Ts").entityType.qualifiedName == "NS.T")
        #expect(kept.entityTypes.map(\.qualifiedName) == freed.entityTypes.map(\.qualifiedName))
    }
}
