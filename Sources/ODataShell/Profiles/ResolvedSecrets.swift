import Synchronization

/// The secrets a run has resolved, by config folder, profile and secret name: each is asked for (or its command
/// run, or its store read) once per run, though a run builds a profile's connection more than once (for the
/// metadata, then for the data; again on `.open`). Held in memory only.
final class ResolvedSecrets: Sendable {
    /// The process's own: what `ProfileContext.current()` hands out.
    static let process = ResolvedSecrets()

    private let values = Mutex<[String: String]>([:])

    init() {}

    /// The value resolved before under `key`, else `resolve()`'s, which is kept.
    func value(_ key: String, _ resolve: () throws -> String) throws -> String {
        if let known = values.withLock({ $0[key] }) { return known }
        let value = try resolve()
        values.withLock { $0[key] = value }
        return value
    }

    /// The key of a profile's secret: the same profile name in another config folder is another profile.
    static func key(config: String, profile: String, secret: String) -> String {
        config + "\u{0}" + profile + "\u{0}" + secret
    }
}
