import FoundationEssentials

/// File and folder paths as completions: for `.output FILE` and the like in the interactive shell, and for the
/// command line's file arguments (`CommandLineCompletion`).
enum PathCompletion {
    /// The files and folders whose path starts with `prefix` (relative to the current folder, `~` expanded for
    /// looking only), as the prefix spells them; folders end with `/`. Hidden entries only when the prefix's last
    /// part starts with a dot. A single folder comes with what it holds, so that the shell inserts the folder's path
    /// and waits for more (zsh would otherwise put a space after it).
    static func paths(completing prefix: String) -> [String] {
        let found = entries(completing: prefix)
        if found.count == 1, let folder = found.first, folder.hasSuffix("/"), folder != prefix {
            return found + entries(completing: folder)
        }
        return found
    }

    private static func entries(completing prefix: String) -> [String] {
        if prefix.hasPrefix("http:") || prefix.hasPrefix("https:") { return [] }
        let slash = prefix.lastIndex(of: "/")
        let folder = slash.map { String(prefix[...$0]) } ?? ""
        let start = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        let folderPath = folder.isEmpty ? "." : FileSystemPath.expandingTilde(folder)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folderPath) else { return [] }
        return entries.filter { $0.hasPrefix(start) && (start.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted().map { entry in
            var isFolder = false
            _ = FileManager.default.fileExists(atPath: FileSystemPath.appending(entry, to: folderPath), isDirectory: &isFolder)
            return folder + entry + (isFolder ? "/" : "")
        }
    }
}
