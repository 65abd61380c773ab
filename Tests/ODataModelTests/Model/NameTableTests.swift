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

    @Test("looks up by the UTF-8 of part of a longer string as by the string")
    func byBytes() {
        var table = NameTable<Int>()
        let names = ["", "NS.A", "microsoft.graph.user", "microsoft.graph.users", "Straße.Größe"] + (0..<500).map { "NS.Type\($0)" }
        for (i, n) in names.enumerated() { table[n] = i }
        func look(_ s: String, _ range: Range<Int>) -> Int? {
            Array(s.utf8).withUnsafeBytes { table.value(forUTF8: UnsafeRawBufferPointer(rebasing: $0[range])) }
        }
        for (i, n) in names.enumerated() {
            let target = "\(n)/Property/Deeper"
            #expect(look(target, 0..<n.utf8.count) == i, "\(n)")
        }
        // Prefixes, longer names and neighbours miss.
        #expect(look("microsoft.graph.user/x", 0..<19) == nil)
        #expect(look("microsoft.graph.userx", 0..<21) == nil)
        #expect(look("NS.Type500", 0..<10) == nil)
        #expect(look("xNS.A", 1..<5) == 1)
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
