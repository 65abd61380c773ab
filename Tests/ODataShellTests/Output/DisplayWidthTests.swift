import Testing
@testable import ODataShell

/// Display width by grapheme cluster, as terminals draw text: what table alignment, cutting and wrapping rest on.
@Suite("Display width")
struct DisplayWidthTests {
    @Test("wide, emoji sequences, combining and zero-width characters", arguments: [
        ("abc", 3), ("日本語テスト", 12), ("Ｆｕｌｌ", 8), ("한국어", 6),
        ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("1️⃣", 2), ("❤️", 2), ("☺︎", 1),
        ("e\u{301}te\u{301}", 3), ("a\u{200B}b", 2), ("\u{AD}", 1), ("⏎", 1), ("", 0),
    ])
    func widths(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test("cutting keeps whole clusters and stays within the width; padding fills a wide character's gap")
    func cutting() {
        #expect(DisplayWidth.fit("日本語テスト", 6) == "日本…")
        #expect(DisplayWidth.fit("日本語テスト", 7) == "日本語…")
        #expect(DisplayWidth.of(DisplayWidth.fit("日本語テスト", 6)) == 5)
        #expect(DisplayWidth.pad(DisplayWidth.fit("日本語テスト", 6), 6) == "日本… ")
        #expect(DisplayWidth.fit("👨‍👩‍👧👨‍👩‍👧x", 4) == "👨‍👩‍👧…")
        #expect(DisplayWidth.fit("e\u{301}e\u{301}e\u{301}e\u{301}", 3) == "e\u{301}e\u{301}…")
        #expect(DisplayWidth.fit("short", 10) == "short")
        #expect(DisplayWidth.pad("42", 5, right: true) == "   42")
    }

    @Test("wrapping breaks at spaces where it can, never inside a cluster, each line within the width")
    func wrapping() {
        #expect(DisplayWidth.wrap("the quick brown fox jumps", 10) == ["the quick", "brown fox", "jumps"])
        #expect(DisplayWidth.wrap("日本語テスト", 5) == ["日本", "語テ", "スト"])
        #expect(DisplayWidth.wrap("🇯🇵🇯🇵🇯🇵", 3) == ["🇯🇵", "🇯🇵", "🇯🇵"])
        for line in DisplayWidth.wrap(String(repeating: "データ abc ", count: 30), 17) { #expect(DisplayWidth.of(line) <= 17) }
        #expect(DisplayWidth.wrap("", 10) == [""])
    }

    @Test("the wide ranges are sorted and apart, so that the binary search holds")
    func ranges() {
        for (a, b) in zip(DisplayWidth.wideRanges, DisplayWidth.wideRanges.dropFirst()) { #expect(a.upperBound < b.lowerBound) }
        #expect(DisplayWidth.isWide("語") && DisplayWidth.isWide("\u{3000}") && !DisplayWidth.isWide("a") && !DisplayWidth.isWide("é"))
    }

    @Test("listings (.describe, .sets) line up labels in Japanese too")
    func listings() {
        var t = TextTable(headers: ["PROPERTY", "LABEL", "NOTES"])
        t.add(["Name", "品名", "key"])
        t.add(["Price", "Price", ""])
        let lines = t.render().split(separator: "\n").map(String.init)
        #expect(lines[2] == "Name      品名   key")
        #expect(lines[3].trailingSpacesTrimmed() == "Price     Price")
    }
}
