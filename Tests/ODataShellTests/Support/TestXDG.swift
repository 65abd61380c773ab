import Foundation

/// Temporary XDG folders of one test: the environment for odsh, the paths odsh uses in them, and every file
/// in them (to check what a command created or removed).
final class TestXDG {
    let root: URL

    init() {
        // mkdtemp: a folder no other test has (a name made up here, 8 hex digits of a UUID, was once given to two
        // tests running at the same time, and one's cleanup removed the other's files under it).
        var template = Array(URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("odsh-xdg-XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        root = made.map { URL(fileURLWithPath: String(cString: $0)) }
            ?? URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("odsh-xdg-\(UUID().uuidString)")
        for d in ["config", "state", "cache"] {
            try? FileManager.default.createDirectory(at: root.appendingPathComponent(d), withIntermediateDirectories: true)
        }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The plain files are chosen (`ODSH_STORE=plain`), as for CI: the tests of the encrypted store say so.
    var environment: [String: String] {
        ["ODSH_STORE": "plain", "XDG_CONFIG_HOME": root.appendingPathComponent("config").path, "XDG_STATE_HOME": root.appendingPathComponent("state").path,
         "XDG_CACHE_HOME": root.appendingPathComponent("cache").path]
    }

    var configFile: String { root.appendingPathComponent("config/odsh/config.toml").path }
    var secretsFile: String { root.appendingPathComponent("config/odsh/secrets.toml").path }
    var metadataCache: String { root.appendingPathComponent("cache/odsh/metadata").path }
    func cookieJar(_ profile: String) -> String { root.appendingPathComponent("state/odsh/cookies-\(profile).txt").path }
    func history(_ profile: String) -> String { root.appendingPathComponent("state/odsh/history-\(profile)").path }

    /// Runs odsh with these folders (and more environment).
    func odsh(_ arguments: [String], stdin: String? = nil, environment more: [String: String] = [:],
              onTerminal: Bool = false) throws -> OdshProcess.Result {
        try OdshProcess.run(arguments, stdin: stdin, environment: environment.merging(more) { $1 }, onTerminal: onTerminal)
    }

    /// Every file below the root with its contents, by path relative to the root.
    func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return files }
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = root.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = FileManager.default.contents(atPath: path) ?? Data()
            }
        }
        return files
    }

    /// The permission bits of a file.
    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? NSNumber)?.intValue ?? -1
    }
}
