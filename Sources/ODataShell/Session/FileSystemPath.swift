import Glibc

/// The path functions odsh took from Foundation's `NSString` (which FoundationEssentials does not have), giving
/// the same results for the paths odsh meets: file names from the command line and from profiles, and the files
/// odsh writes.
enum FileSystemPath {
    /// `~` and `~/…` with the user's home directory, `~name/…` with name's; other paths, and `~name` of no known
    /// user, as they are. One trailing slash goes, as with Foundation's `expandingTildeInPath`, which also took
    /// the home directory from the password database, not from `$HOME`.
    static func expandingTilde(_ path: String) -> String {
        guard path.hasPrefix("~") else { return path }
        let nameEnd = path.firstIndex(of: "/") ?? path.endIndex
        let name = path[path.index(after: path.startIndex)..<nameEnd]
        guard let home = name.isEmpty ? homeDirectory : homeDirectory(of: String(name)) else { return path }
        var expanded = home + path[nameEnd...]
        if expanded.count > 1, expanded.hasSuffix("/") { expanded.removeLast() }
        return expanded
    }

    /// The user's home directory from the password database (Foundation's `NSHomeDirectory()`).
    static var homeDirectory: String {
        guard let entry = getpwuid(geteuid()), let dir = entry.pointee.pw_dir else { return "/" }
        return String(cString: dir)
    }

    private static func homeDirectory(of user: String) -> String? {
        guard let entry = getpwnam(user), let dir = entry.pointee.pw_dir else { return nil }
        return String(cString: dir)
    }

    /// The folder a path names a file in: `/a/b/c` → `/a/b`, `/a` → `/`; `.` for a bare file name.
    static func deletingLastComponent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed.isEmpty ? path : "." }
        let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
        return folder.isEmpty ? "/" : folder
    }

    /// The last component: `/a/b/` → `b`, `/` → `/`.
    static func lastComponent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        if trimmed.isEmpty { return path.isEmpty ? "" : "/" }
        return trimmed.lastIndex(of: "/").map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
    }

    /// `folder/name`, with one slash between them.
    static func appending(_ name: String, to folder: String) -> String {
        folder.isEmpty || folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var p = Substring(path)
        while p.hasSuffix("/") { p = p.dropLast() }
        return String(p)
    }
}
