import Glibc
import ODataClient

/// Secrets given on the command line (`-u user:pw`, `--bearer`, `--cookie`, `-H "APIKey: ..."`, and the password
/// of a URL: `http://user:pw@host/`, `?sap-password=pw`) are blanked in the process's own argv once Swift has
/// copied the arguments, as curl does, so that `/proc/PID/cmdline` and `ps` stop showing them for the rest of the
/// run. (They were visible from exec until here: that much no program can avoid.)
enum ArgumentSecrets {
    /// Overwrites the secret part of each such argument of the real argv with spaces; true when there was one.
    @discardableResult
    static func blankInPlace() -> Bool {
        let argc = Int(CommandLine.argc)
        let argv = CommandLine.unsafeArgv
        var found = false
        var i = 1
        while i < argc {
            guard let p = argv[i] else { i += 1; continue }
            let arg = String(cString: p)
            if arg == "--" { break }
            if let (option, inline) = split(arg), let kind = secretOptions[option] {
                if let offset = inline {
                    found = blank(p, from: offset, kind) || found
                } else if i + 1 < argc, let next = argv[i + 1] {
                    found = blank(next, from: 0, kind) || found
                    i += 1
                }
            } else {
                found = blankURLPasswords(p) || found
            }
            i += 1
        }
        return found
    }

    /// Blanks the passwords of the URLs in the C string at `p` (what `Redaction.redactURLPasswords` hides); true
    /// when there was one.
    static func blankURLPasswords(_ p: UnsafeMutablePointer<CChar>) -> Bool {
        let ranges = urlPasswordRanges(Array(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self),
                                                                 count: strlen(p))))
        for r in ranges { for j in r { p[j] = CChar(UInt8(ascii: " ")) } }
        return !ranges.isEmpty
    }

    /// Byte ranges of URL passwords in `text`: the password of `scheme://user:password@host`, and the values of
    /// the query parameters `password` and `sap-password`.
    static func urlPasswordRanges(_ text: [UInt8]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        let authorityEnds: Set<UInt8> = Set("/?# \t\"'<>".utf8)
        var i = 0
        while i + 3 <= text.count {
            if text[i] == UInt8(ascii: ":"), text[i + 1] == UInt8(ascii: "/"), text[i + 2] == UInt8(ascii: "/") {
                let start = i + 3
                var end = start
                while end < text.count, !authorityEnds.contains(text[end]) { end += 1 }
                if let at = text[start..<end].lastIndex(of: UInt8(ascii: "@")),
                   let colon = text[start..<at].firstIndex(of: UInt8(ascii: ":")), colon + 1 < at {
                    out.append((colon + 1)..<at)
                }
                i = end
                continue
            }
            i += 1
        }
        let lower = text.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        let valueEnds: Set<UInt8> = Set("&;# \t\"'<>".utf8)
        for (j, b) in lower.enumerated() where b == UInt8(ascii: "?") || b == UInt8(ascii: "&") || b == UInt8(ascii: ";") {
            for name in ["password=", "sap-password="] {
                let n = Array(name.utf8)
                guard j + 1 + n.count <= lower.count, Array(lower[(j + 1)..<(j + 1 + n.count)]) == n else { continue }
                let start = j + 1 + n.count
                var end = start
                while end < text.count, !valueEnds.contains(text[end]) { end += 1 }
                if end > start { out.append(start..<end) }
            }
        }
        return out
    }

    /// What of an option's value is secret.
    enum Kind { case afterColon, whole, headerValue }

    static let secretOptions: [String: Kind] = [
        "-u": .afterColon, "--user": .afterColon, "--bearer": .whole, "--cookie": .whole,
        "-H": .headerValue, "--header": .headerValue,
    ]

    /// The option of an argument and where its value starts inside it (`--user=a:b`, `-ua:b`), nil when the
    /// value is the next argument.
    static func split(_ arg: String) -> (String, Int?)? {
        let bytes = Array(arg.utf8)
        if arg.hasPrefix("--") {
            guard let eq = bytes.firstIndex(of: UInt8(ascii: "=")) else { return (arg, nil) }
            return (String(decoding: bytes[..<eq], as: UTF8.self), eq + 1)
        }
        if arg.hasPrefix("-"), bytes.count >= 2 {
            let option = String(decoding: bytes[..<2], as: UTF8.self)
            return (option, bytes.count > 2 ? 2 : nil)
        }
        return nil
    }

    /// Blanks the secret part of the C string at `p` from byte `start`; true when something was blanked.
    static func blank(_ p: UnsafeMutablePointer<CChar>, from start: Int, _ kind: Kind) -> Bool {
        let count = strlen(p)
        guard start < count else { return false }
        var from = start
        switch kind {
        case .whole: break
        case .afterColon:
            guard let colon = (start..<count).first(where: { p[$0] == CChar(UInt8(ascii: ":")) }) else { return false }
            from = colon + 1
        case .headerValue:
            guard let colon = (start..<count).first(where: { p[$0] == CChar(UInt8(ascii: ":")) }) else { return false }
            let name = String(decoding: UnsafeRawBufferPointer(start: p + start, count: colon - start), as: UTF8.self)
            guard Redaction.isSecretHeader(name.trimmingSpaces()) else { return false }
            from = colon + 1
        }
        guard from < count else { return false }
        for j in from..<count { p[j] = CChar(UInt8(ascii: " ")) }
        return true
    }
}

private extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
