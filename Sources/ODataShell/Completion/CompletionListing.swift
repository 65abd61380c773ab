/// The pure parts of TAB: the common prefix of several candidates and their listing in columns.
enum CompletionListing {
    /// The longest prefix shared by all candidates, compared case-insensitively (as providers match).
    ///
    /// Spelling: where every candidate spells the prefix the same, that spelling; otherwise the text the user
    /// typed for the part they typed, and the first candidate's spelling after it (the next TAB, matching
    /// case-insensitively again, narrows to the exact spelling).
    static func commonPrefix(_ candidates: [String], typed: String = "") -> String {
        guard let first = candidates.first else { return typed }
        let firstChars = Array(first)
        var length = firstChars.count
        var exact = true
        for c in candidates.dropFirst() {
            var n = 0
            for (a, b) in zip(firstChars.prefix(length), c) {
                if a == b { n += 1; continue }
                if a.lowercased() == b.lowercased() { exact = false; n += 1; continue }
                break
            }
            length = min(length, n)
        }
        // Mismatched case after `length` does not count; recheck exactness within the prefix only.
        if !exact {
            exact = candidates.allSatisfy { Array($0).prefix(length) == firstChars.prefix(length) }
        }
        let prefix = String(firstChars.prefix(length))
        if exact { return prefix }
        let typedChars = Array(typed)
        guard typedChars.count <= length, String(typedChars).lowercased() == String(firstChars.prefix(typedChars.count)).lowercased() else {
            return prefix
        }
        return typed + String(firstChars[typedChars.count..<length])
    }

    /// `columns`, cut to at most `maxRows` lines (the last one then says how many candidates are not shown), so that
    /// a TAB on a short prefix over a large model does not scroll the screen away.
    static func listing(_ candidates: [CompletionCandidate], width: Int, maxRows: Int) -> [String] {
        let all = columns(candidates, width: width)
        guard all.count > maxRows else { return all }
        let keep = max(1, maxRows - 1)
        let perRow = (candidates.count + all.count - 1) / all.count
        // Ordered down then across, the first rows of a cut listing would skip candidates: lay out the shown
        // ones again instead.
        var shown = keep * perRow
        var rows = columns(Array(candidates.prefix(shown)), width: width)
        while rows.count > keep && shown > 1 {
            shown -= 1
            rows = columns(Array(candidates.prefix(shown)), width: width)
        }
        return rows + ["(\(candidates.count - shown) more; type more of the name)"]
    }

    /// The candidates in columns fitted to `width`, ordered down then across (as `ls`), one string per row.
    /// A candidate with an annotation is shown as `CompanyName  Edm.String(40)`, the annotations aligned.
    /// Names and notes are server text (from the metadata, or values from a value list): escaped, each one line.
    static func columns(_ candidates: [CompletionCandidate], width: Int) -> [String] {
        guard !candidates.isEmpty else { return [] }
        let candidates = candidates.map { c in
            CompletionCandidate(c.insertText, display: c.displayText.forTerminal(), annotation: c.annotation?.forTerminal())
        }
        let gap = 2
        let nameWidth = candidates.map { TerminalText.displayWidth($0.displayText) }.max() ?? 0
        let noteWidth = candidates.map { $0.annotation.map(TerminalText.displayWidth) ?? 0 }.max() ?? 0
        let cellWidth = nameWidth + (noteWidth > 0 ? gap + noteWidth : 0)
        let perRow = max(1, (max(width, 1) + gap) / (cellWidth + gap))
        let rows = (candidates.count + perRow - 1) / perRow
        let columns = (candidates.count + rows - 1) / rows
        func cell(_ c: CompletionCandidate) -> String {
            guard noteWidth > 0 else { return c.displayText }
            let note = c.annotation ?? ""
            return note.isEmpty ? c.displayText : TerminalText.pad(c.displayText, to: nameWidth + gap) + note
        }
        var lines: [String] = []
        for r in 0..<rows {
            var line = ""
            for col in 0..<columns {
                let i = col * rows + r
                guard i < candidates.count else { break }
                let text = cell(candidates[i])
                let isLast = col == columns - 1 || (col + 1) * rows + r >= candidates.count
                line += isLast ? text : TerminalText.pad(text, to: cellWidth + gap)
            }
            lines.append(line)
        }
        return lines
    }
}
