import FoundationEssentials
import ODataModel

/// Edits TOML text a table at a time, keeping every other line (comments, blank lines, order) as written.
struct TOMLEditor {
    private(set) var lines: [String]

    init(_ text: String) {
        var l = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if l.last == "" { l.removeLast() }
        lines = l
    }

    var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

    /// Removes every table whose header path starts with `prefix` (the table and its sub-tables), with the
    /// comment lines directly above its header. Returns how many tables went.
    @discardableResult
    mutating func removeTables(under prefix: [String]) throws -> Int {
        let headers = try TOMLReader.parse(text).headers
        var remove = Set<Int>()
        for (n, h) in headers.enumerated() where h.path.starts(with: prefix) {
            var start = h.line - 1
            while start > 0, lines[start - 1].trimmingLeadingSpaces.hasPrefix("#") { start -= 1 }
            var end = n + 1 < headers.count ? headers[n + 1].line - 1 : lines.count
            // Comments directly above the next header belong to it.
            while end > start + 1, lines[end - 1].trimmingLeadingSpaces.hasPrefix("#") { end -= 1 }
            remove.formUnion(start..<end)
        }
        let count = headers.filter { $0.path.starts(with: prefix) }.count
        lines = lines.enumerated().filter { !remove.contains($0.offset) }.map(\.element)
        while lines.last?.trimmingLeadingSpaces.isEmpty == true { lines.removeLast() }
        return count
    }

    /// Appends a block of lines (a table), after one blank line.
    mutating func append(_ block: String) {
        while lines.last?.trimmingLeadingSpaces.isEmpty == true { lines.removeLast() }
        if !lines.isEmpty { lines.append("") }
        lines += block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
    }
}
