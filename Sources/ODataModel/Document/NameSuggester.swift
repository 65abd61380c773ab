/// Finds the names closest to a misspelt one, for "did you mean" hints.
public enum NameSuggester {
    /// Up to `limit` candidates within a small edit distance (case-insensitive), closest first;
    /// a case-insensitive exact or prefix match counts as closest. A qualified name (`Catalog.PriceWithTax`) is
    /// also compared by its last segment, so that `PriceWithTax` finds it. The name itself is never suggested.
    public static func closest(to name: String, in candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(name.lowercased().utf8)
        let targetLast = lastSegment(target)
        var scored: [(Int, String)] = []
        var seen = Set<String>()
        for c in candidates where c != name && seen.insert(c).inserted {
            let lc = Array(c.lowercased().utf8)
            var best = score(lc[...], target[...])
            let last = lastSegment(lc)
            if last.count < lc.count || targetLast.count < target.count {
                best = [best, score(last, targetLast)].compactMap { $0 }.min()
            }
            if let best { scored.append((best, c)) }
        }
        scored.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        return scored.prefix(limit).map { $0.1 }
    }

    /// -2 for the same name, -1 for a prefix either way, else the edit distance when small enough; nil for none.
    private static func score(_ candidate: ArraySlice<UInt8>, _ target: ArraySlice<UInt8>) -> Int? {
        guard !candidate.isEmpty, !target.isEmpty else { return nil }
        if candidate == target { return -2 }
        if candidate.starts(with: target) || target.starts(with: candidate) && candidate.count >= 3 { return -1 }
        let maxDistance = max(1, min(3, target.count / 3 + 1))
        if abs(candidate.count - target.count) > maxDistance { return nil }
        let d = distance(candidate, target, cap: maxDistance)
        return d <= maxDistance ? d : nil
    }

    /// What follows the last `.` (the whole name when there is none).
    private static func lastSegment(_ name: [UInt8]) -> ArraySlice<UInt8> {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return name[...] }
        return name[(dot + 1)...]
    }

    /// Damerau-Levenshtein (optimal string alignment) distance, giving up above `cap`.
    static func distance<A: RandomAccessCollection<UInt8>, B: RandomAccessCollection<UInt8>>(_ a: A, _ b: B, cap: Int) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            var rowMin = cur[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, prev2[j - 2] + 1) }
                cur[j] = v
                rowMin = min(rowMin, v)
            }
            if rowMin > cap { return rowMin }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return prev[b.count]
    }
}
