import Testing
import ODataClient
import ODataModel

/// SAP's `EntityValueList` is a collection; `GuidValue.random()` makes version 4 GUIDs.
@Suite struct ValuesSAPNamesTests {
    @Test func entityValueListIsARandomAccessCollection() throws {
        let model = try PayloadFixtures.model(xml: PayloadSampleModels.v4)
        let t = try model.entityType(withName: "Part")
        let parts = (0..<3).map { _ in EntityValue.ofType(t) }
        var list = EntityValueList(parts, count: 10, nextLink: "Parts?$skiptoken=3")
        #expect(list.count == 3 && list.inlineCount == 10)
        #expect(list.first === parts[0] && list[2] === parts[2] && list.last === parts[2])
        var seen = 0
        for e in list { #expect(e === parts[seen]); seen += 1 }
        #expect(seen == 3 && list.reversed().first === parts[2])
        list[0] = parts[1]
        #expect(list[0] === parts[1] && list.toArray().count == 3)
        list.append(parts[0])
        #expect(list.count == 4 && list.indices == 0..<4)
        #expect(EntityValueList().isEmpty)
    }

    @Test func randomGuidsAreVersion4AndDiffer() throws {
        let a = GuidValue.random(), b = GuidValue.random()
        #expect(a != b)
        for g in [a, b] {
            let text = g.description
            #expect(text.count == 36 && GuidValue(text) == g)
            #expect(Array(text)[14] == "4", "version 4: \(text)")
            #expect("89ab".contains(Array(text)[19]), "variant 10: \(text)")
        }
        var seeded = SeededGenerator(seed: 42)
        var again = SeededGenerator(seed: 42)
        #expect(GuidValue.random(using: &seeded) == GuidValue.random(using: &again))
    }
}

/// SplitMix64, to repeat GUIDs from a seed.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
