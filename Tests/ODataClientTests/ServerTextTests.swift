import ODataClient
import Testing

@Suite("ServerText: control characters escaped")
struct ServerTextTests {
    @Test("Each kind of control character has its escape")
    func escapes() {
        #expect(ServerText.escaped("a\u{1B}[2Jb") == #"a\e[2Jb"#)
        #expect(ServerText.escaped("a\rb\nc\td") == #"a\rb\nc\td"#)
        #expect(ServerText.escaped("a\u{07}\u{7F}\u{00}") == #"a\x07\x7F\x00"#)
        #expect(ServerText.escaped("c1\u{9B}x") == #"c1\u009Bx"#)
        #expect(ServerText.escaped("\u{2028}\u{2029}\u{202E}\u{2066}") == #"\u2028\u2029\u202E\u2066"#)
        #expect(ServerText.escaped("a\nb\tc", keepingTabsAndNewlines: true) == "a\nb\tc")
        #expect(ServerText.oneLine("line\nforged") == #"line\nforged"#)
    }

    @Test("Ordinary text is kept as it is")
    func plain() {
        for s in ["", "plain", "Grüße 日本 😀", #"back\slash"#, "\u{200E}rtl"] { #expect(ServerText.escaped(s) == s) }
    }
}
