/// Decides which accepted lines may be kept in history (in memory and in the history file).
///
/// History files are read by backup tools and end up in bug reports, so lines that look like they carry a
/// password, token or other secret are never kept. The default filter errs on the side of dropping.
struct HistoryFilter: Sendable {
    private let keeps: @Sendable (String) -> Bool

    /// A filter from a predicate: `true` keeps the line.
    init(keeps: @escaping @Sendable (String) -> Bool) { self.keeps = keeps }

    /// Whether the line may be kept.
    func allows(_ line: String) -> Bool { keeps(line) }

    /// Keeps a line only when both filters keep it.
    func and(_ other: HistoryFilter) -> HistoryFilter {
        let a = self, b = other
        return HistoryFilter { a.allows($0) && b.allows($0) }
    }

    /// Keeps everything.
    static let keepAll = HistoryFilter { _ in true }

    /// Drops lines that look like they carry secrets (see `looksSecret`).
    static let secrets = HistoryFilter { !looksSecret($0) }

    /// Drops lines that start with a space: as in bash and zsh, a way to keep one line out of history.
    static let leadingSpace = HistoryFilter { !($0.first == " " || $0.first == "\t") }

    /// The default: `secrets` and `leadingSpace`.
    static let `default` = secrets.and(leadingSpace)

    /// Words that name a secret; as a word of their own (`set password x`, `--token x`, `password=x`,
    /// `"ApiKey": "x"`) they make a line secret. Compared case-insensitively, without `-`, `_` and `.`.
    static let secretWords: Set<String> = [
        "password", "passwd", "pwd", "passphrase", "pass",
        "secret", "clientsecret", "token", "accesstoken", "refreshtoken", "idtoken", "bearertoken", "authtoken",
        "apikey", "xapikey", "privatekey", "credential", "credentials", "authorization", "proxyauthorization",
        "cookie", "setcookie", "sapcookie", "mysapsso2", "sessionid", "signature",
    ]

    /// Whether a line looks like it carries a secret:
    /// - a word (split at spaces, quotes, `=`, `:`, `,`, `;`, `&`, `?`, brackets) that names a secret
    ///   (`secretWords`) or ends in one (`ClientSecret`, `X-Auth-Token`) and is followed by more text;
    /// - `-u user:pass`, `--user user:pass`, `--user=user:pass` (a curl habit);
    /// - a URL with a password in it (`https://user:pass@host`);
    /// - `Bearer xxx` or `Basic xxx` (an Authorization value pasted without its header name).
    static func looksSecret(_ line: String) -> Bool {
        let words = splitWords(line)
        for (i, w) in words.enumerated() where i + 1 < words.count {
            if namesSecret(w) { return true }
            let lw = w.lowercased()
            if (lw == "-u" || lw == "--user" || lw == "--proxy-user"), words[i + 1].contains(":") { return true }
            if lw == "bearer" || lw == "basic" || lw == "negotiate" || lw == "digest" {
                if words[i + 1].count >= 8 { return true }
            }
        }
        // `--user=a:b` splits at "=" into "--user" and "a"/"b": look at the raw text for it.
        let lower = line.lowercased()
        for flag in ["--user=", "--proxy-user="] where lower.contains(flag) {
            if let r = lower.firstRange(of: flag), lower[r.upperBound...].prefix(while: { !$0.isWhitespace }).contains(":") { return true }
        }
        return hasURLPassword(lower)
    }

    private static func namesSecret(_ word: String) -> Bool {
        var w = word.lowercased()
        w.removeAll { $0 == "-" || $0 == "_" || $0 == "." || $0 == "$" || $0 == "@" }
        if w.isEmpty || w == "skiptoken" || w == "deltatoken" { return false }   // paging cursors, not secrets
        if secretWords.contains(w) { return true }
        for suffix in ["password", "passwd", "secret", "token", "apikey", "credentials", "privatekey", "authorization"] where w.hasSuffix(suffix) {
            return true
        }
        return false
    }

    private static func splitWords(_ line: String) -> [String] {
        let separators: Set<Character> = [" ", "\t", "\n", "\"", "'", "=", ":", ",", ";", "&", "?", "(", ")", "[", "]", "{", "}", "<", ">", "/"]
        // `-u user:pass` must keep its colon: split the colon only off words that do not follow -u/--user.
        var words: [String] = []
        var current = ""
        var keepColon = false
        for ch in line {
            if ch == ":" && keepColon { current.append(ch); continue }
            if separators.contains(ch) {
                if !current.isEmpty {
                    let l = current.lowercased()
                    keepColon = l == "-u" || l == "--user" || l == "--proxy-user"
                    words.append(current)
                    current = ""
                }
            } else {
                current.append(ch)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `scheme://user:password@` anywhere in the (lowercased) line.
    private static func hasURLPassword(_ lower: String) -> Bool {
        var rest = Substring(lower)
        while let r = rest.firstRange(of: "://") {
            let authority = rest[r.upperBound...].prefix { !$0.isWhitespace && $0 != "/" && $0 != "?" && $0 != "#" }
            if let at = authority.lastIndex(of: "@"), authority[..<at].contains(":") { return true }
            rest = rest[r.upperBound...]
        }
        return false
    }
}
