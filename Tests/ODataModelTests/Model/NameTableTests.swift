import Foundation
import Testing
@testable import ODataModel

/// The resolver's name table behaves like a dictionary that is only added to.
@Suite("Name table")
struct NameTableTests {
    @Test("finds what was added, replaces, and misses what was not, across growth")
    func likeDictionary() {
        var table = NameTable<Int>()
        var reference: [String: Int] = [:]
        // Names of every length around the 8-byte steps, shared prefixes, non-ASCII, the empty name.
        var names = ["", "a", "Edm.String", "microsoft.graph.user", "microsoft.graph.users", "Straße.Größe", "名前.型"]
        for i in 0..<3_000 { names.append("NS\(i % 7).Type\(String(repeating: "x", count: i % 19))\(i)") }
        for (i, n) in names.enumerated() { table[n] = i; reference[n] = i }
        for n in names.prefix(50) { table[n] = -1; reference[n] = -1 }
        #expect(table.count == reference.count)
        for (n, v) in reference { #expect(table[n] == v, "\(n)") }
        for n in ["b", "Edm.Strin", "microsoft.graph.use", "NS1.Type", "Straße.Grösse"] { #expect(table[n] == nil, "\(n)") }
        // A bridged (not contiguous) string hashes like its contiguous copy.
        let bridged = NSString(string: "microsoft.graph.user") as String
        #expect(table[bridged] == reference["microsoft.graph.user"])
    }

    @Test("insertIfAbsent keeps the first value and returns it for a repeat, across growth")
    func insertIfAbsent() {
        var table = NameTable<Int>(minimumCapacity: 4)
        var reference: [String: Int] = [:]
        for i in 0..<2_000 {
            let name = "NS.Type\(i % 1_500)"
            let found = table.insertIfAbsent(name, i)
            #expect(found == reference[name], "\(name)")
            if reference[name] == nil { reference[name] = i }
        }
        #expect(table.count == reference.count)
        for (n, v) in reference { #expect(table[n] == v, "\(n)") }
        #expect(table.insertIfAbsent("", 7) == nil)
        #expect(table[""] == 7)
    }
}
