@testable import ODataShell
import Testing

@Suite("TerminalEscaping: control characters escaped")
struct TerminalEscapingTests {
    @Test("Each kind of control character has its escape")
    func escapes() {
        #expect(TerminalEscaping.escaped("a\u{1B}[2Jb") == #"a\e[2Jb"#)
        #expect(TerminalEscaping.escaped("a\rb\nc\td") == #"a\rb\nc\td"#)
        #expect(TerminalEscaping.escaped("a\u{07}\u{7F}\u{00}") == #"a\x07\x7F\x00"#)
        #expect(TerminalEscaping.escaped("c1\u{9B}x") == #"c1\u009Bx"#)
        #expect(TerminalEscaping.escaped("\u{2028}\u{2029}\u{202E}\u{2066}") == #"\u2028\u2029\u202E\u2066"#)
        #expect(TerminalEscaping.escaped("a\nb\tc", keepingTabsAndNewlines: true) == "a\nb\tc")
        #expect(TerminalEscaping.oneLine("line\nforged") == #"line\nforged"#)
    }

    @Test("Ordinary text is kept as it is")
    func plain() {
        for s in ["", "plain", "Grüße 日本 😀", #"back\slash"#, "\u{200E}rtl"] { #expect(TerminalEscaping.escaped(s) == s) }
    }
}
