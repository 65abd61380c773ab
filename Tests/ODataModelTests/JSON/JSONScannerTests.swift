import Testing
import ODataModel

/// Scans all of `bytes`, returning each token with its text (strings unescaped, numbers as written).
private func scan(_ bytes: [UInt8], maxDepth: Int = JSONScanner.defaultMaxDepth) throws -> [(JSONToken, String)] {
    try bytes.withUnsafeBytes { raw in
        var s = JSONScanner(bytes: raw, maxDepth: maxDepth)
        var out: [(JSONToken, String)] = []
        while true {
            let t = try s.next()
            switch t {
            case .key, .string: out.append((t, s.stringValue))
            case .number: out.append((t, s.numberText))
            default: out.append((t, ""))
            }
            if t == .endOfInput { return out }
        }
    }
}

private func scan(_ text: String) throws -> [(JSONToken, String)] { try scan(Array(text.utf8)) }

/// The error scanning `bytes` to the end throws, or nil.
private func scanError(_ bytes: [UInt8], maxDepth: Int = JSONScanner.defaultMaxDepth) -> JSONError? {
    do { _ = try scan(bytes, maxDepth: maxDepth); return nil } catch let e as JSONError { return e } catch { return nil }
}

private func scanError(_ text: String) -> JSONError? { scanError(Array(text.utf8)) }

/// The single string value of a JSON text.
private func stringValue(_ json: String) throws -> String {
    let toks = try scan(json)
    #expect(toks.count == 2 && toks[0].0 == .string)
    return toks[0].1
}

@Suite struct JSONScannerTests {
    @Test func tokensOfASmallDocument() throws {
        let toks = try scan(#" { "a" : [1, -2.5e3, true, false, null, "x"], "b": {}, "c": [] } "#)
        let kinds = toks.map(\.0)
        #expect(kinds == [.beginObject, .key, .beginArray, .number, .number, .true, .false, .null, .string, .endArray,
                          .key, .beginObject, .endObject, .key, .beginArray, .endArray, .endObject, .endOfInput])
        #expect(toks[1].1 == "a")
        #expect(toks[4].1 == "-2.5e3")
        #expect(toks[8].1 == "x")
        #expect(toks[10].1 == "b")
    }

    @Test func scalarsAtTopLevel() throws {
        #expect(try scan("42").map(\.0) == [.number, .endOfInput])
        #expect(try scan(" \"s\" ").map(\.1) == ["s", ""])
        #expect(try scan("null").map(\.0) == [.null, .endOfInput])
        #expect(try scan("\r\n\ttrue\n").map(\.0) == [.true, .endOfInput])
    }

    @Test func escapes() throws {
        #expect(try stringValue(#""\"\\\/\b\f\n\r\t""#) == "\"\\/\u{8}\u{c}\n\r\t")
        #expect(try stringValue(#""\u0041\u00e9\u20AC\u00E9""#) == "Aé€é")
        #expect(try stringValue(#""a\u0000b""#) == "a\u{0}b")
        #expect(try stringValue(#""x\ud83d\ude00y""#) == "x😀y")
        #expect(try stringValue(#""\uD834\uDD1E""#) == "𝄞")
        #expect(try stringValue(#""\uFFFF\u07FF\u0080""#) == "\u{FFFF}\u{7FF}\u{80}")
    }

    @Test func rawUTF8PassesThrough() throws {
        #expect(try stringValue("\"é日本😀\"") == "é日本😀")
        #expect(try stringValue("\"Tōkyō, Luleå\"") == "Tōkyō, Luleå")
    }

    /// The eight-bytes-at-a-time path must find a special byte at every position of a word.
    @Test func specialBytesAtEveryOffset() throws {
        for n in 0..<20 {
            for (escaped, plain) in [(#"\n"#, "\n"), ("é", "é"), (#"\""#, "\""), (#"\u0041"#, "A"), ("😀", "😀")] {
                let head = String(repeating: "a", count: n)
                let tail = String(repeating: "b", count: (n * 7) % 11)
                #expect(try stringValue("\"\(head)\(escaped)\(tail)\"") == head + plain + tail)
            }
            let s = String(repeating: "z", count: n)
            #expect(try stringValue("\"\(s)\"") == s)
        }
    }

    @Test func numbersKeepTheirText() throws {
        let texts = ["0", "-0", "7", "-12", "0.5", "-0.125", "1e10", "1E+2", "2e-3", "-12.5e-3",
                     "12345678901234567890123456789", "3.141592653589793238462643383279"]
        for t in texts {
            let toks = try scan("[\(t)]")
            #expect(toks[1].0 == .number && toks[1].1 == t)
        }
        let ints = try Array("[1, -0, 1.0, 1e2, 123456789012345678901]".utf8).withUnsafeBytes { raw -> [Bool] in
            var s = JSONScanner(bytes: raw)
            var out: [Bool] = []
            while try s.next() != .endOfInput { if s.token == .number { out.append(s.numberIsInteger) } }
            return out
        }
        #expect(ints == [true, true, false, false, true])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try scan([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)).map(\.0) == [.beginArray, .number, .endArray, .endOfInput])
    }

    @Test func tokenLocationsCountCharacters() throws {
        let text = "{\n  \"é😀\": [1,\n    \"x\"], \"k\": 2}"
        let locs = try Array(text.utf8).withUnsafeBytes { raw -> [(JSONToken, ODataModel.SourceLocation)] in
            var s = JSONScanner(bytes: raw)
            var out: [(JSONToken, ODataModel.SourceLocation)] = []
            while try s.next() != .endOfInput { out.append((s.token, s.tokenLocation())) }
            return out
        }
        let expected: [(JSONToken, Int, Int)] = [(.beginObject, 1, 1), (.key, 2, 3), (.beginArray, 2, 9), (.number, 2, 10),
                                                  (.string, 3, 5), (.endArray, 3, 8), (.key, 3, 11), (.number, 3, 16),
                                                  (.endObject, 3, 17)]
        #expect(locs.count == expected.count)
        for (got, want) in zip(locs, expected) {
            #expect(got.0 == want.0 && got.1 == ODataModel.SourceLocation(line: want.1, column: want.2), "\(got) vs \(want)")
        }
    }

    @Test func valueBytesAndComparison() throws {
        try Array(#"{"plain": 1, "esc\u0061ped": 2}"#.utf8).withUnsafeBytes { raw in
            var s = JSONScanner(bytes: raw)
            try s.next(); try s.next()
            #expect(s.valueEquals("plain") && !s.valueEquals("plai") && !s.valueEquals("plainx") && !s.valueEquals("p"))
            #expect(s.withValueBytes { Array($0) } == Array("plain".utf8))
            try s.next(); try s.next()
            #expect(s.valueEquals("escaped"))
            #expect(s.withValueBytes { $0.count } == 7)
        }
    }

    @Test func skipValueSkipsWholeContainers() throws {
        try Array(#"[{"a": [1, {"b": []}], "c": "d"}, 5]"#.utf8).withUnsafeBytes { raw in
            var s = JSONScanner(bytes: raw)
            #expect(try s.next() == .beginArray)
            #expect(try s.next() == .beginObject)
            try s.skipValue()
            #expect(s.token == .endObject && s.depth == 1)
            #expect(try s.next() == .number && s.numberText == "5")
            #expect(try s.next() == .endArray)
            #expect(try s.next() == .endOfInput)
        }
    }

    // MARK: Errors, each with its kind and line:column

    /// (input, kind, line, column)
    static let errorCases: [(String, JSONError.Kind, Int, Int)] = [
        ("", .unexpectedEndOfInput, 1, 1),
        ("   \n  ", .unexpectedEndOfInput, 2, 3),
        ("[1, 2", .unexpectedEndOfInput, 1, 6),
        ("{\"a\":", .unexpectedEndOfInput, 1, 6),
        ("{\"a\"", .unexpectedEndOfInput, 1, 5),
        ("[1,", .unexpectedEndOfInput, 1, 4),
        ("\"abc", .unexpectedEndOfInput, 1, 5),
        ("\"ab\\", .unexpectedEndOfInput, 1, 5),
        ("\"\\u12", .unexpectedEndOfInput, 1, 6),
        ("\"\\uD83D", .unexpectedEndOfInput, 1, 8),
        ("\"\\uD83D\\", .unexpectedEndOfInput, 1, 9),
        ("tru", .unexpectedEndOfInput, 1, 4),
        ("[1,]", .trailingComma, 1, 4),
        ("{\"a\": 1, }", .trailingComma, 1, 10),
        ("[1 2]", .unexpectedCharacter, 1, 4),
        ("{\"a\" 1}", .unexpectedCharacter, 1, 6),
        ("{a: 1}", .unexpectedCharacter, 1, 2),
        ("{'a': 1}", .unexpectedCharacter, 1, 2),
        ("[1,,2]", .unexpectedCharacter, 1, 4),
        ("{\"a\":1]", .unexpectedCharacter, 1, 7),
        ("[}", .unexpectedCharacter, 1, 2),
        ("+1", .unexpectedCharacter, 1, 1),
        (".5", .unexpectedCharacter, 1, 1),
        ("True", .unexpectedCharacter, 1, 1),
        ("{} x", .trailingData, 1, 4),
        ("1 2", .trailingData, 1, 3),
        ("\"ab\ncd\"", .controlCharacterInString, 1, 4),
        ("[\"a\tb\"]", .controlCharacterInString, 1, 4),
        ("\"\\x\"", .invalidEscape, 1, 2),
        ("\"\\'\"", .invalidEscape, 1, 2),
        ("\"\\u12G4\"", .invalidEscape, 1, 6),
        ("\"\\uD800\"", .unpairedSurrogate, 1, 2),
        ("\"\\uDC00\"", .unpairedSurrogate, 1, 2),
        ("\"\\uD800\\u0041\"", .unpairedSurrogate, 1, 2),
        ("\"\\uD800x\"", .unpairedSurrogate, 1, 2),
        ("01", .invalidNumber, 1, 1),
        ("-01", .invalidNumber, 1, 2),
        ("-a", .invalidNumber, 1, 2),
        ("1.e5", .invalidNumber, 1, 3),
        ("[1.x]", .invalidNumber, 1, 4),
        ("1e+x", .invalidNumber, 1, 4),
        ("-", .unexpectedEndOfInput, 1, 2),
        ("1.", .unexpectedEndOfInput, 1, 3),
        ("1e", .unexpectedEndOfInput, 1, 3),
        ("trux", .invalidLiteral, 1, 1),
        ("[nul]", .invalidLiteral, 1, 2),
        ("{\"é😀\": x}", .unexpectedCharacter, 1, 8),
        ("{\n  \"a\": 1,\n  \"b\": [1, 2,]\n}", .trailingComma, 3, 14),
    ]

    @Test(arguments: 0..<errorCases.count) func errorKindAndPosition(_ i: Int) {
        let (input, kind, line, column) = Self.errorCases[i]
        let e = scanError(input)
        #expect(e?.kind == kind, "\(input.debugDescription): \(e.map(String.init(describing:)) ?? "no error")")
        #expect(e?.line == line && e?.column == column, "\(input.debugDescription): \(e.map(String.init(describing:)) ?? "no error")")
    }

    @Test func invalidUTF8IsRejected() {
        let cases: [([UInt8], Int)] = [
            ([0x22, 0xC3, 0x28, 0x22], 2),          // bad continuation
            ([0x22, 0x61, 0xC0, 0x80, 0x22], 3),    // overlong NUL
            ([0x22, 0xE0, 0x80, 0x80, 0x22], 2),    // overlong 3-byte
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 2),    // encoded surrogate
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 2), // above U+10FFFF
            ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], 2),
            ([0x22, 0x80, 0x22], 2),                // lone continuation
            ([0x22, 0xFF, 0x22], 2),
        ]
        for (bytes, column) in cases {
            let e = scanError(bytes)
            #expect(e?.kind == .invalidUTF8 && e?.line == 1 && e?.column == column, "\(bytes): \(String(describing: e))")
        }
        // A sequence cut off by the end of input is an unexpected end, not invalid UTF-8.
        #expect(scanError([0x22, 0xE6, 0x97])?.kind == .unexpectedEndOfInput)
        // Outside strings, a non-ASCII byte is just unexpected.
        #expect(scanError([0x5B, 0xC3, 0xA9, 0x5D])?.kind == .unexpectedCharacter)
    }

    @Test func errorsDescribeThemselvesWithLineAndColumn() {
        let e = scanError("{\n  \"a\": tru }")
        #expect(e?.description == "2:8: invalid literal: expected 'true'")
        #expect(e?.offset == 9)
    }

    // MARK: Depth

    @Test func depthLimit() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try scan(ok).count == 1025)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let e = scanError(tooDeep)
        #expect(e?.kind == .tooDeep && e?.column == 513)
        let objects = String(repeating: "{\"a\":", count: 600)
        #expect(scanError(objects)?.kind == .tooDeep)
        #expect(scanError(Array("[[[[1]]]]".utf8), maxDepth: 3)?.kind == .tooDeep)
        #expect(scanError(Array("[[[1]]]".utf8), maxDepth: 3) == nil)
    }

    @Test func hostileNestingFailsFastWithoutRecursion() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        let e = bytes.withUnsafeBytes { raw -> JSONError? in
            do { _ = try JSONValue.parse(bytes: raw); return nil } catch let e as JSONError { return e } catch { return nil }
        }
        #expect(e?.kind == .tooDeep && e?.offset == 512)
    }
}
