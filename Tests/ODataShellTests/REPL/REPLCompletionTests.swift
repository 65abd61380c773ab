import Testing
@testable import ODataShell

@Suite struct REPLCompletionTests {
    @Test func commonPrefixKeepsTheModelsSpelling() {
        #expect(CompletionListing.commonPrefix(["Customers", "CustomerID", "CustomerDemographics"], typed: "cust") == "Customer")
        #expect(CompletionListing.commonPrefix(["Orders"], typed: "ord") == "Orders")
        #expect(CompletionListing.commonPrefix(["Orders", "Products"], typed: "") == "")
    }

    @Test func commonPrefixIgnoresCase() {
        // The candidates differ in case inside the shared part: keep what was typed, then the first spelling.
        #expect(CompletionListing.commonPrefix(["CompanyName", "companyType"], typed: "comp") == "company")
        #expect(CompletionListing.commonPrefix(["CompanyName", "companyType"], typed: "COMP") == "COMPany")
        #expect(CompletionListing.commonPrefix(["abc", "ABD"], typed: "") == "ab")
        // Case differences after the common part do not matter.
        #expect(CompletionListing.commonPrefix(["OrderID", "Orderdate"], typed: "o") == "Order")
        #expect(CompletionListing.commonPrefix(["Müller", "MÜLLER"], typed: "mü") == "müller")
    }

    @Test func columnsAreFittedToTheWidth() {
        let words = ["Categories", "Customers", "Employees", "Orders", "Products", "Shippers", "Suppliers"].map { CompletionCandidate($0) }
        // Cell 10 wide plus a gap of 2: 3 per row at width 36, ordered down then across.
        let rows = CompletionListing.columns(words, width: 36)
        #expect(rows == [
            "Categories  Orders      Suppliers",
            "Customers   Products",
            "Employees   Shippers",
        ])
        #expect(rows.allSatisfy { $0.count <= 36 })
        #expect(CompletionListing.columns(words, width: 10).count == 7)
        #expect(CompletionListing.columns(words, width: 200) == [words.map { $0.displayText.padding(toLength: 12, withPad: " ", startingAt: 0) }.joined().trimmingTrailing()])
    }

    /// Issue 38: names and notes are server text; the TAB listing shows them escaped, one line each.
    @Test func listedNamesAreEscaped() {
        let words = [CompletionCandidate("Esc\u{1B}]0;pwned\u{07}", annotation: "Edm.String"),
                     CompletionCandidate("Line\nFeed", annotation: "note\u{202E}x"), CompletionCandidate("Csi\u{9B}2J")]
        let rows = CompletionListing.columns(words, width: 200)
        #expect(rows.count == 1)
        let text = rows.joined(separator: "\n")
        #expect(text.contains("Esc\\e]0;pwned\\x07") && text.contains("Line⏎Feed") && text.contains("note\\u202Ex")
                && text.contains("Csi\\u009B2J"), "\(text)")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
        // What TAB inserts stays the model's spelling.
        #expect(words[0].insertText == "Esc\u{1B}]0;pwned\u{07}")
    }

    @Test func longListingsAreCut() {
        let words = (1...100).map { CompletionCandidate("Name\($0)") }
        // 11 names a row at width 100 make 10 rows; with 5 allowed: the first 40 names in 4 rows, then a count.
        #expect(CompletionListing.columns(words, width: 100).count == 10)
        let rows = CompletionListing.listing(words, width: 100, maxRows: 5)
        #expect(rows.count == 5)
        #expect(rows.last == "(60 more; type more of the name)")
        let shown = rows.dropLast().flatMap { $0.split(separator: " ").map(String.init) }
        #expect(Set(shown) == Set(words.prefix(40).map(\.insertText)))
        #expect(rows.first?.hasPrefix("Name1   Name5   Name9 ") == true)   // still down, then across
        #expect(CompletionListing.listing(words, width: 100, maxRows: 10) == CompletionListing.columns(words, width: 100))
    }

    @Test func annotationsAreAligned() {
        let words = [
            CompletionCandidate("CompanyName", annotation: "Edm.String(40)"),
            CompletionCandidate("City", annotation: "Edm.String(15)"),
            CompletionCandidate("Country"),
        ]
        #expect(CompletionListing.columns(words, width: 30) == [
            "CompanyName  Edm.String(40)",
            "City         Edm.String(15)",
            "Country",
        ])
        let two = CompletionListing.columns(words, width: 60)
        #expect(two == [
            "CompanyName  Edm.String(40)  Country",
            "City         Edm.String(15)",
        ])
    }

    @Test func wideCharactersCountDouble() {
        TerminalText.prepareLocale()
        #expect(TerminalText.displayWidth("日本") == 4)
        #expect(TerminalText.displayWidth("Müller") == 6)
        #expect(TerminalText.displayWidth("e\u{301}") == 1)
        let rows = CompletionListing.columns([CompletionCandidate("日本"), CompletionCandidate("ab")], width: 80)
        #expect(rows == ["日本  ab"])
    }

    @Test func wordListMatchesPrefixesCaseInsensitively() {
        let p = WordListCompletionProvider(words: [
            CompletionCandidate("Customers", annotation: "entity set"),
            CompletionCandidate("CustomerID", annotation: "Edm.String(5)"),
            CompletionCandidate("Orders", annotation: "entity set"),
        ])
        let r = p.complete(line: "Orders where cust", cursor: 17)
        #expect(r.candidates.map(\.insertText) == ["Customers", "CustomerID"])
        #expect(r.replacing == 13..<17)
        #expect(p.complete(line: "ORD", cursor: 3).candidates.map(\.insertText) == ["Orders"])
        // The cursor inside a line: only the text before it counts.
        #expect(p.complete(line: "Or top 1", cursor: 2).replacing == 0..<2)
        #expect(p.complete(line: "x ", cursor: 2).candidates.count == 3)
        #expect(p.complete(line: "zzz", cursor: 3).candidates.isEmpty)
    }
}

private extension String {
    func trimmingTrailing() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
