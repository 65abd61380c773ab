import ODataModel
import FoundationEssentials
import Glibc

/// The history file: one entry a line, shared by concurrent sessions, private to the user (mode 0600).
///
/// Each accepted entry is appended at once (one `write` under an exclusive `flock`), so two sessions running side
/// by side both keep their lines, interleaved in the order they were entered. The file is trimmed to the newest
/// `limit` entries when it is loaded and, now and then, after appends: the trimmed copy replaces the file through
/// a rename, and a writer that waited for the lock on the replaced file notices (inode changed) and reopens.
///
/// The format is odsh's own, not libedit's `_HiStOrY_V2_` (which vis-encodes every space): a header line
/// `#odsh history v1`, then one entry a line in UTF-8 with `\` escaping `\\`, `\n` (an entry of several lines)
/// and `\r`.
final class HistoryFile {
    /// Where the file is.
    let path: String
    /// The most entries kept.
    let limit: Int
    /// The first line of every history file.
    static let header = "#odsh history v1"

    /// Entries in the file as far as this session knows (others may append too): drives the occasional trim.
    private var estimatedCount = 0
    private var lastAppended: String?

    /// A history file at `path` (by default under the XDG state directory), keeping at most `limit` entries.
    init(path: String = HistoryFile.defaultPath(), limit: Int = 2000) {
        self.path = path
        self.limit = max(1, limit)
    }

    /// `$XDG_STATE_HOME/odsh/history`, or `~/.local/state/odsh/history` when XDG_STATE_HOME is unset or not an
    /// absolute path (the XDG spec says to ignore relative ones).
    static func defaultPath(environment: [String: String] = ProcessEnvironment.current) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/odsh/history"
        }
        return homeDirectory(environment) + "/.local/state/odsh/history"
    }

    private static func homeDirectory(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let pw = getpwuid(getuid()), let dir = pw.pointee.pw_dir { return String(cString: dir) }
        return "."
    }

    /// The entries, oldest first (at most `limit`). Creates the file (and its directory, mode 0700) if missing,
    /// sets a looser file mode back to 0600, and trims the file if it holds more than `limit` entries.
    func load() throws -> [String] {
        let fd = try openLocked()
        defer { close(fd) }
        var entries = try Self.readEntries(fd, path: path)
        if entries.count > limit {
            entries.removeFirst(entries.count - limit)
            try replace(with: entries)
        }
        estimatedCount = entries.count
        lastAppended = entries.last
        return entries
    }

    /// Appends one entry (a repeat of this session's previous entry is skipped).
    func append(_ entry: String) throws {
        guard entry != lastAppended else { return }
        let fd = try openLocked()
        defer { close(fd) }
        var st = stat()
        fstat(fd, &st)
        var text = st.st_size == 0 ? Self.header + "\n" : ""
        text += Self.encode(entry) + "\n"
        try Self.writeAll(fd, text, path: path)
        lastAppended = entry
        estimatedCount += 1
        if estimatedCount > limit + max(limit / 10, 10) {
            var entries = try Self.readEntries(fd, path: path)
            if entries.count > limit {
                entries.removeFirst(entries.count - limit)
                try replace(with: entries)
            }
            estimatedCount = entries.count
        }
    }

    // MARK: File

    /// Opens the file for appending and holds an exclusive lock on it; the lock is released by closing.
    private func openLocked() throws -> Int32 {
        try ensureDirectory()
        for _ in 0..<20 {
            // Never through a link: a symlink planted at the name is replaced by a file of our own (its target,
            // not ours, is neither read, written nor chmodded).
            let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if fd < 0 && errno == ELOOP {
                try replace(with: [])
                continue
            }
            guard fd >= 0 else { throw HistoryFileError(path: path, errno: errno) }
            while flock(fd, LOCK_EX) != 0 {
                guard errno == EINTR else { let e = errno; close(fd); throw HistoryFileError(path: path, errno: e) }
            }
            var opened = stat(), current = stat()
            fstat(fd, &opened)
            // Another session replaced the file (trim) while we waited: lock the new one instead.
            if lstat(path, &current) != 0 || current.st_ino != opened.st_ino || current.st_dev != opened.st_dev {
                close(fd)
                continue
            }
            guard opened.st_mode & S_IFMT == S_IFREG else {
                close(fd)
                throw HistoryFileError(path: path, message: "not a regular file")
            }
            if opened.st_mode & 0o077 != 0 { fchmod(fd, 0o600) }
            return fd
        }
        throw HistoryFileError(path: path, message: "the file keeps being replaced")
    }

    /// Writes the entries to a new file beside the old one and renames it over (caller holds the lock).
    private func replace(with entries: [String]) throws {
        let temporary = path + ".tmp-\(getpid())"
        // A file of our own: created exclusively (a stale one of this pid, or a link planted there, removed first).
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw HistoryFileError(path: temporary, errno: errno) }
        var text = Self.header + "\n"
        for e in entries { text += Self.encode(e) + "\n" }
        do {
            try Self.writeAll(fd, text, path: temporary)
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        fchmod(fd, 0o600)
        close(fd)
        guard rename(temporary, path) == 0 else {
            let e = errno
            unlink(temporary)
            throw HistoryFileError(path: path, errno: e)
        }
    }

    private func ensureDirectory() throws {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let dir = String(path[..<slash])
        var st = stat()
        if stat(dir, &st) == 0 { return }
        var built = dir.hasPrefix("/") ? "" : "."
        for part in dir.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o700) != 0 && errno != EEXIST { throw HistoryFileError(path: built, errno: errno) }
        }
    }

    private static func readEntries(_ fd: Int32, path: String) throws -> [String] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw HistoryFileError(path: path, errno: errno)
            }
            if n == 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
            offset += off_t(n)
        }
        var entries: [String] = []
        for (i, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty { continue }
            let text = String(decoding: line, as: UTF8.self)
            if i == 0 && text == header { continue }
            entries.append(decode(text))
        }
        return entries
    }

    private static func writeAll(_ fd: Int32, _ text: String, path: String) throws {
        var text = text
        try text.withUTF8 { buf in
            var done = 0
            while done < buf.count {
                let n = write(fd, buf.baseAddress! + done, buf.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw HistoryFileError(path: path, errno: errno)
                }
                done += n
            }
        }
    }

    // MARK: Encoding

    static func encode(_ entry: String) -> String {
        entry.replacingScalars { ch in
            switch ch {
            case "\\": return "\\\\"
            case "\n": return "\\n"
            case "\r": return "\\r"
            default: return nil
            }
        }
    }

    static func decode(_ line: String) -> String {
        guard line.contains("\\") else { return line }
        var out = ""
        var escaped = false
        for ch in line.unicodeScalars {
            if escaped {
                switch ch {
                case "n": out += "\n"
                case "r": out += "\r"
                default: out.unicodeScalars.append(ch)
                }
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else {
                out.unicodeScalars.append(ch)
            }
        }
        if escaped { out += "\\" }
        return out
    }
}

/// The history file could not be read or written.
struct HistoryFileError: CategorizedError, CustomStringConvertible {
    var category: ErrorCategory { .usage }

    var path: String
    var message: String
    init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    init(path: String, errno code: Int32) {
        self.init(path: path, message: String(cString: strerror(code)))
    }
    var description: String { "history file \(path): \(message)" }
}
