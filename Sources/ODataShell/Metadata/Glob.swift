import ODataModel

/// A case-insensitive pattern where `*` stands for any run of characters and `?` for one.
struct Glob {
    private let pattern: [Character]
    init(_ text: String) { pattern = Array(text.lowercased()) }

    func matches(_ s: String) -> Bool {
        let text = Array(s.lowercased())
        // Iterative matching with backtracking to the last star: linear in practice.
        var p = 0, t = 0, star = -1, mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] { p += 1; t += 1 }
            else if p < pattern.count, pattern[p] == "*" { star = p; mark = t; p += 1 }
            else if star >= 0 { p = star + 1; mark += 1; t = mark }
            else { return false }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
