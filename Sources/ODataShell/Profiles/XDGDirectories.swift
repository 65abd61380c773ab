import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Where odsh keeps its files, after the XDG Base Directory spec: settings under `$XDG_CONFIG_HOME/odsh`,
/// cookies and history under `$XDG_STATE_HOME/odsh`, downloaded metadata under `$XDG_CACHE_HOME/odsh`.
/// A variable that is unset, empty or not an absolute path falls back to the spec's default under `$HOME`.
struct XDGDirectories: Sendable, Equatable {
    /// `$XDG_CONFIG_HOME/odsh`: config.toml, and secrets.store (or, if chosen, the plain secrets.toml).
    var config: String
    /// `$XDG_STATE_HOME/odsh`: cookie jars and history files.
    var state: String
    /// `$XDG_CACHE_HOME/odsh`: the metadata cache.
    var cache: String

    init(environment: [String: String] = ProcessEnvironment.current) {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? FileSystemPath.homeDirectory
        func base(_ variable: String, _ fallback: String) -> String {
            if let v = environment[variable], v.hasPrefix("/") { return v }
            return home + "/" + fallback
        }
        config = base("XDG_CONFIG_HOME", ".config") + "/odsh"
        state = base("XDG_STATE_HOME", ".local/state") + "/odsh"
        cache = base("XDG_CACHE_HOME", ".cache") + "/odsh"
    }

    /// The profiles: `config.toml`.
    var configFile: String { config + "/config.toml" }
    /// The default secrets file: `secrets.toml`, mode 0600.
    var secretsFile: String { config + "/secrets.toml" }
    /// The encrypted secure store: secrets and session cookies of every profile.
    var secureStoreFile: String { config + "/secrets.store" }
    /// The metadata cache folder.
    var metadataCache: String { cache + "/metadata" }

    /// The Netscape cookie jar of a profile.
    func cookieJar(profile: String) -> String { state + "/cookies-\(profile).txt" }
    /// The REPL history of a profile.
    func historyFile(profile: String) -> String { state + "/history-\(profile)" }

    /// Creates a folder and its parents; new ones get mode 0700 (they hold credentials and session cookies).
    static func ensure(_ path: String) throws {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw UsageError("cannot create \(path): \(reason(error))")
        }
    }

    /// The C library's text for the system error under a FileManager error ("Permission denied"), where Foundation
    /// had its `localizedDescription` ("The operation could not be completed. You don’t have permission.").
    static func reason(_ error: Error) -> String {
        if let posix = (error as? CocoaError)?.underlying as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        return "\(error)"
    }
}
