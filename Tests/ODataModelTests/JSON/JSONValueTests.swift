import Testing
import TestSupport
import ODataModel

private func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(bytes: Array(text.utf8)) }

/// Writes a value as JSON text, escaping what must be escaped and, at random, more.
private func write(_ v: JSONValue, into out: inout String, rng: inout SplitMix64) {
    switch v {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n): out += n
    case .string(let s): writeString(s, into: &out, rng: &rng)
    case .array(let items):
        out += "["
        for (i, x) in items.enumerated() {
            if i > 0 { out += rng.next() % 2 == 0 ? "," : " ,\n " }
            write(x, into: &out, rng: &rng)
        }
        out += "]"
    case .object(let members):
        out += "{"
        for (i, m) in members.enumerated() {
            if i > 0 { out += "," }
            writeString(m.key, into: &out, rng: &rng)
            out += rng.next() % 2 == 0 ? ":" : " : "
            write(m.value, into: &out, rng: &rng)
        }
        out += "}"
    }
}

private func writeString(_ s: String, into out: inout String, rng: inout SplitMix64) {
    out += "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case _ where u.value < 0x20 || rng.next() % 8 == 0:
            // \u escapes, with surrogate pairs above the BMP.
            for unit in String(u).utf16 {
                let hex = String(unit, radix: 16, uppercase: rng.next() % 2 == 0)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        default: out.unicodeScalars.append(u)
        }
    }
    out += "\""
}

private func randomValue(_ rng: inout SplitMix64, depth: Int) -> JSONValue {
    let alphabet: [Unicode.Scalar] = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{1}", "é", "€", "日", "😀", "𝄞", "\u{FFFF}"]
    func string() -> String {
        var s = String.UnicodeScalarView()
        for _ in 0..<Int(rng.next() % 24) { s.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
        return String(s)
    }
    switch rng.next() % (depth > 4 ? 5 : 7) {
    case 0: return .null
    case 1: return .bool(rng.next() % 2 == 0)
    case 2: return .number(["0", "-1", "42", "3.25", "-0.5e-7", "1E+300", "98765432109876543210"][Int(rng.next() % 7)])
    case 3, 4: return .string(string())
    case 5: return .array((0..<Int(rng.next() % 5)).map { _ in randomValue(&rng, depth: depth + 1) })
    default: return .object((0..<Int(rng.next() % 5)).map { _ in (key: string(), value: randomValue(&rng, depth: depth + 1)) })
    }
}

@Suite struct JSONValueTests {
    @Test func membersKeepDocumentOrderAndDuplicates() throws {
        let v = try parse(#"{"z": 1, "a": [true, null, "s"], "m": {}, "z": 2}"#)
        guard case .object(let members) = v else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["z", "a", "m", "z"])
        #expect(v["z"] == .number("1"))
        #expect(v["a"]?[0] == .bool(true) && v["a"]?[1]?.isNull == true && v["a"]?[2]?.stringValue == "s")
        #expect(v["m"] == .object([]))
        #expect(v["nope"] == nil && v["a"]?[3] == nil)
    }

    @Test func equalityIsStructuralAndOrdered() throws {
        #expect(try parse(#"{"a":1,"b":[2]}"#) == parse(#" { "a" : 1 , "b" : [ 2 ] } "#))
        #expect(try parse(#"{"a":1,"b":2}"#) != parse(#"{"b":2,"a":1}"#))
        #expect(try parse("1.0") != parse("1"))   // numbers are compared as written
    }

    @Test func scalarsAndEmptyContainers() throws {
        #expect(try parse("null") == .null)
        #expect(try parse(" false ") == .bool(false))
        #expect(try parse("-1.5e3").numberText == "-1.5e3")
        #expect(try parse("\"\"") == .string(""))
        #expect(try parse("[]") == .array([]))
        #expect(try parse("{}") == .object([]))
    }

    @Test func deepButAllowedNesting() throws {
        var v = try parse(String(repeating: "[", count: 512) + "7" + String(repeating: "]", count: 512))
        var depth = 0
        while case .array(let items) = v { v = items[0]; depth += 1 }
        #expect(depth == 512 && v == .number("7"))
    }

    @Test func errorsComeFromTheScanner() {
        #expect(throws: JSONError.self) { try parse(#"{"a": [1, 2,]}"#) }
        #expect(throws: JSONError.self) { try parse(#"{"a": 1} {"#) }
        #expect(throws: JSONError.self) { try parse("") }
    }

    /// Random values written out (with random escapes and spacing) read back equal.
    @Test func randomRoundTrips() throws {
        var rng = SplitMix64(seed: 0x5EED)
        for _ in 0..<500 {
            let v = randomValue(&rng, depth: 0)
            var text = ""
            write(v, into: &text, rng: &rng)
            #expect(try parse(text) == v, "\(text)")
        }
    }

    @Test func readingASubtreeFromAStreamingScanner() throws {
        try Array(#"{"skip": 1, "take": {"x": [1, "two"]}, "after": true}"#.utf8).withUnsafeBytes { raw in
            var s = JSONScanner(bytes: raw)
            var taken: JSONValue?
            while try s.next() != .endOfInput {
                if s.token == .key && s.valueEquals("take") {
                    try s.next()
                    taken = try JSONValue(reading: &s)
                }
            }
            #expect(taken == .object([(key: "x", value: .array([.number("1"), .string("two")]))]))
        }
    }
}
