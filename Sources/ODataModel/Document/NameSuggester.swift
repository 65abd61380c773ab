/// Finds the names closest to a misspelt one, for "did you mean" hints.
public enum NameSuggester {
    /// Up to `limit` candidates within a small edit distance (case-insensitive), closest first;
    /// a case-insensitive exact or prefix match counts as closest. `name` itself is never suggested: it is the name
    /// just rejected, and "no X (did you mean X?)" helps nobody.
    public static func closest(to name: String, in candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(name.lowercased().utf8)
        let maxDistance = max(1, min(3, target.count / 3 + 1))
        var scored: [(Int, String)] = []
        var seen: Set<String> = [name]
        for c in candidates where seen.insert(c).inserted {
            let lc = Array(c.lowercased().utf8)
            if lc == target { scored.append((-2, c)); continue }
            if lc.starts(with: target) || target.starts(with: lc) && lc.count >= 3 { scored.append((-1, c)); continue }
            if abs(lc.count - target.count) > maxDistance { continue }
            let d = distance(lc, target, cap: maxDistance)
            if d <= maxDistance { scored.append((d, c)) }
        }
        scored.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        return scored.prefix(limit).map { $0.1 }
    }

    /// Damerau-Levenshtein (optimal string alignment) distance, giving up above `cap`.
    static func distance(_ a: [UInt8], _ b: [UInt8], cap: Int) -> Int {
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
