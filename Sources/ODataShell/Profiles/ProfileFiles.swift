import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// What odsh keeps for one profile outside config.toml: its cookie jar, its cached metadata, its secrets (in the
/// default secrets file and in its own, if it names one) and its REPL history. Nothing here touches another
/// profile's files.
enum ProfileFiles {
    /// Deletes a profile's cookies, cached metadata, secrets and history; returns a line for each thing removed.
    static func reset(_ name: String, profile: Profile?, context: ProfileContext) throws -> [String] {
        var removed: [String] = []
        for (what, path) in [("cookies", context.dirs.cookieJar(profile: name)), ("history", context.dirs.historyFile(profile: name))]
        where unlink(path) == 0 {
            removed.append("\(what): \(path)")
        }
        let cache = MetadataCache(directory: context.dirs.metadataCache)
        let documents = cache.remove { $0.profile == name }
        if documents > 0 { removed.append("cached metadata: \(documents) document\(documents == 1 ? "" : "s") in \(cache.directory)") }
        var secretFiles = [context.dirs.secretsFile]
        for source in [profile?.secretFrom, profile?.clientSecretFrom] {
            if case .file(let path?) = source { secretFiles.append(ConnectionOptions.expandTilde(path)) }
        }
        for path in Set(secretFiles).sorted() where try SecretsFile.removeProfile(path, profile: name) {
            removed.append("secrets: [profile.\(name)] in \(path)")
        }
        return removed
    }
}
