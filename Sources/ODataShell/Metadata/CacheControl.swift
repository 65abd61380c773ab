import ODataClient

/// What a response's `Cache-Control` and `Age` say about how long its body stays fresh (RFC 9111 §4.2.1, §5.2.2),
/// as far as a private cache of `$metadata` needs it.
struct CacheControl {
    /// Seconds the body stays fresh from now: `max-age` less `Age`, 0 for `no-cache` or `no-store` (ask every time),
    /// nil when the response says nothing (the user's or the default window applies).
    let freshFor: Int?

    init(_ headers: HTTPHeaders) {
        var maxAge: Int?
        var mustAsk = false
        for value in headers.values(for: "Cache-Control") {
            for directive in value.split(separator: ",") {
                let parts = directive.split(separator: "=", maxSplits: 1).map { Self.trimmed($0) }
                guard let name = parts.first?.lowercased() else { continue }
                if name == "no-cache" || name == "no-store" {
                    mustAsk = true
                } else if name == "max-age" {
                    // A malformed value makes the response stale (RFC 9111 §4.2.1); of two, the smaller counts.
                    var text = parts.count > 1 ? parts[1] : ""
                    if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
                    let seconds = Int(text).map { max(0, $0) } ?? 0
                    maxAge = min(maxAge ?? seconds, seconds)
                }
            }
        }
        if mustAsk {
            freshFor = 0
        } else if let maxAge {
            let age = headers["Age"].flatMap { Int(Self.trimmed(Substring($0))) } ?? 0
            freshFor = max(0, maxAge - max(0, age))
        } else {
            freshFor = nil
        }
    }

    private static func trimmed(_ s: Substring) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(s.drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
