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
        // The secret store (its secrets and session cookies), and the profile's own secrets files.
        var stores: [any SecretStore] = [try context.secretStore()]
        for source in [profile?.secretFrom, profile?.clientSecretFrom] {
            if case .file(let path?) = source {
                let own = PlainSecretStore(FileSystemPath.expandingTilde(path))
                if !stores.contains(where: { $0.location == own.location }) { stores.append(own) }
            }
        }
        for store in stores where try SecretsFile.removeProfile(store, profile: name) {
            removed.append("secrets: [profile.\(name)] in \(store.location)")
        }
        return removed
    }
}
