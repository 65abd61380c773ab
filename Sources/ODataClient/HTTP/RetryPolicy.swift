import FoundationEssentials
import ODataQuery

/// When a request that a busy service turned away (429 Too Many Requests, 503 Service Unavailable) is sent again:
/// after the `Retry-After` the answer names (delta seconds or an HTTP-date), else after a doubling backoff, at most
/// `maxRetries` times and never waiting more than `maxTotalWait` seconds in all for one request.
///
/// Only requests that may be repeated are retried: GET and HEAD (queries, `$metadata`, the CSRF token fetch);
/// others only when the caller marks the request with `HTTPRequest.isRepeatable`.
public struct RetryPolicy: Sendable, Equatable {
    /// How many times one request is sent again at most; 0 turns retries off.
    public var maxRetries: Int
    /// The most seconds spent waiting for one request; a `Retry-After` beyond what is left ends the retries.
    public var maxTotalWait: Double
    /// The first wait when the answer names none; it doubles with each retry.
    public var initialBackoff: Double

    /// A policy with these limits (negative values count as 0).
    public init(maxRetries: Int = 3, maxTotalWait: Double = 30, initialBackoff: Double = 1) {
        self.maxRetries = max(0, maxRetries)
        self.maxTotalWait = max(0, maxTotalWait)
        self.initialBackoff = max(0, initialBackoff)
    }

    /// No retries.
    public static let off = RetryPolicy(maxRetries: 0)

    /// True for the statuses that say "later": 429 and 503.
    public static func isRetryable(status: Int) -> Bool { status == 429 || status == 503 }

    /// The seconds to wait before retry number `attempt` (1 for the first), or nil when no retry is due: the
    /// count is used up, or the wait would go past `maxTotalWait` given `waited` seconds already spent.
    public func delay(attempt: Int, retryAfter: String?, waited: Double, now: Date = Date()) -> Double? {
        guard attempt <= maxRetries else { return nil }
        let wait = retryAfter.flatMap { Self.parseRetryAfter($0, now: now) }
            ?? initialBackoff * Double(1 << min(attempt - 1, 20))
        guard waited + wait <= maxTotalWait else { return nil }
        return wait
    }

    /// A `Retry-After` value in seconds from `now`: delta seconds (`120`) or an IMF-fixdate
    /// (`Wed, 21 Oct 2015 07:28:00 GMT`, also the obsolete RFC 850 and asctime forms); a date in the past is 0.
    /// nil when it is neither.
    public static func parseRetryAfter(_ text: String, now: Date = Date()) -> Double? {
        let t = String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        if !t.isEmpty, t.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return Double(t) }
        guard let date = HTTPDate.parse(t) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

/// HTTP-date (RFC 9110, section 5.6.7) reading, without Foundation's DateFormatter.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The date of `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT` or `Sun Nov  6 08:49:37 1994`.
    static func parse(_ text: String) -> Date? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        var day: Int?, month: Int?, year: Int?, time: [Int]?
        for w in words {
            let lower = w.lowercased()
            if w.contains(":") {
                let parts = w.split(separator: ":").compactMap { Int($0) }
                if parts.count == 3 { time = parts }
            } else if w.contains("-") {  // RFC 850: 06-Nov-94
                let parts = w.split(separator: "-").map(String.init)
                guard parts.count == 3, let d = Int(parts[0]), let m = months.firstIndex(of: parts[1].lowercased()),
                      let y = Int(parts[2]) else { return nil }
                day = d; month = m + 1; year = y < 70 ? 2000 + y : (y < 100 ? 1900 + y : y)
            } else if let m = months.firstIndex(of: lower) {
                month = m + 1
            } else if let n = Int(w) {
                if n > 31 { year = n } else { day = n }
            }
        }
        guard let d = day, let m = month, let y = year, let t = time, (1...31).contains(d), t[0] < 24, t[1] < 60, t[2] < 61 else {
            return nil
        }
        return Date(timeIntervalSince1970: Double(LiteralSyntax.daysFromCivil(year: y, month: m, day: d) * 86_400 + t[0] * 3600 + t[1] * 60 + t[2]))
    }
}
