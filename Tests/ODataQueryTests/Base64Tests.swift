import Testing
import ODataQuery

/// The package's one Base64 and hex codec (Edm.Binary in literals, payloads and statements).
@Suite struct Base64Tests {
    @Test func bothAlphabetsPaddedOrNot() {
        let all = (0...255).map { UInt8($0) }
        let std = Base64.encode(all)
        let url = Base64.encode(all, url: true, padded: false)
        #expect(std.contains("+") && std.contains("/"))
        #expect(url.contains("-") && url.contains("_") && !url.contains("="))
        #expect(Base64.decode(std) == all)
        #expect(Base64.decode(url) == all)
        #expect(Base64.decode("AQID") == [1, 2, 3])
        #expect(Base64.decode("AQ==") == [1])
        #expect(Base64.decode("AQ") == [1])
        #expect(Base64.decode("A") == nil)
        #expect(Base64.decode("A=Q=") == nil)
        #expect(Base64.hex([0x0A, 0xFF]) == "0AFF")
        #expect(Base64.decodeHex("0aFF") == [0x0A, 0xFF])
        #expect(Base64.decodeHex("0AF") == nil)
    }

    @Test func whitespaceOnlyWhereAsked() {
        // Atom payloads may break base64 into lines; a literal may not.
        #expect(Base64.decode("AQ\nID") == nil)
        #expect(Base64.decode("AQ\r\nI D\t", skippingWhitespace: true) == [1, 2, 3])
        var out = Array("x".utf8)
        Base64.append([0xFB, 0xFF], url: true, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "x-_8=")
    }
}
