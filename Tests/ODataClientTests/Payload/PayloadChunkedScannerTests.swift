import Testing
import ODataModel

/// ODataModel's JSONScanner in chunked mode, as the payload readers use it: running out of bytes is reported
/// (also after a number that could go on), a checkpoint restores the position, a rebase continues in a grown or
/// compacted buffer, and error positions count from the start of the stream.
@Suite struct PayloadChunkedScannerTests {
    /// Tokens of `text` read chunk by chunk the way JSONPayloadReader does: restore and wait on running out of bytes.
    private func tokens(_ text: String, chunk: Int, compact: Bool) throws -> [String] {
        let all = Array(text.utf8)
        var buffer: [UInt8] = []
        var fed = 0
        var out: [String] = []
        var s = JSONScanner(bytes: UnsafeRawBufferPointer(start: nil, count: 0))
        s.isFinal = false
        func pump() throws -> Bool {
            try buffer.withUnsafeBytes { raw -> Bool in
                s.rebase(onto: raw, dropped: 0)
                while true {
                    let c = s.checkpoint()
                    do {
                        let t = try s.next()
                        if t == .endOfInput { return true }
                        switch t {
                        case .key, .string: out.append("\(t):\(s.stringValue)")
                        case .number: out.append("n:\(s.numberText)")
                        default: out.append("\(t)")
                        }
                    } catch let e as JSONError where e.kind == .unexpectedEndOfInput && !s.isFinal {
                        s.restore(c)
                        return false
                    }
                }
            }
        }
        while fed < all.count {
            buffer += all[fed..<min(all.count, fed + chunk)]
            fed += chunk
            if try pump() { break }
            if compact {
                let drop = s.checkpoint().bufferOffset
                buffer.withUnsafeBytes { raw in s.rebase(onto: UnsafeRawBufferPointer(rebasing: raw[drop...]), dropped: drop) }
                buffer.removeFirst(drop)
            }
        }
        s.isFinal = true
        _ = try pump()
        return out
    }

    @Test func chunkedTokensEqualWholeTokens() throws {
        let text = "{\"a\" : [1, -2.5e10, true, null, \"x\\u00e9\\\"y\"], \"bé\": {\"c\": 123456789}, \"d\": 7}"
        let whole = try tokens(text, chunk: text.utf8.count, compact: false)
        #expect(whole.contains("n:123456789"))
        for chunk in 1...9 {
            #expect(try tokens(text, chunk: chunk, compact: false) == whole, "chunk \(chunk)")
            #expect(try tokens(text, chunk: chunk, compact: true) == whole, "chunk \(chunk), compacted")
        }
    }

    @Test func errorPositionsCountFromTheStartOfTheStream() throws {
        // A long first line, compacted away in pieces: the column still counts characters from the line start.
        let text = "{\"k\": \"" + String(repeating: "é", count: 50) + "\", \"x\": tru}"
        for chunk in [1, 5, 1000] {
            let e = #expect(throws: JSONError.self) { _ = try tokens(text, chunk: chunk, compact: true) }
            #expect(e?.line == 1)
            #expect(e?.column == 66, "chunk \(chunk)")
            #expect(e?.offset == text.utf8.count - 4, "chunk \(chunk)")
        }
    }
}
