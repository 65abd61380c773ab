import FoundationEssentials

/// How the store is set up: `[store]` in config.toml (`backend`, `unlock-minutes`), `$ODSH_STORE` over its
/// backend.
struct StoreSettings: Sendable, Equatable {
    var backend: StoreBackend = .file
    /// How long an unlocked store stays unlocked (the key in the session keyring), in seconds.
    var unlockSeconds = 15 * 60

    static func load(_ dirs: XDGDirectories, environment: [String: String]) throws -> StoreSettings {
        var settings = StoreSettings()
        let path = dirs.configFile
        if let data = FileManager.default.contents(atPath: path) {
            let root: TOMLTable
            do {
                root = try TOMLReader.parse(String(decoding: data, as: UTF8.self), source: path).root
            } catch let e as TOMLError {
                throw ProfileError(e.description)
            }
            if let store = root["store"] {
                guard let table = store.table else { throw ProfileError("\(path): store must be a table ([store])") }
                for (key, value) in table.entries {
                    switch key {
                    case "backend":
                        guard let text = value.string, let backend = StoreBackend(rawValue: text) else {
                            throw ProfileError("\(path): [store] backend is one of \(StoreBackend.spellings)")
                        }
                        settings.backend = backend
                    case "unlock-minutes":
                        guard let minutes = value.number, minutes >= 1, minutes <= 7 * 24 * 60 else {
                            throw ProfileError("\(path): [store] unlock-minutes is a number of minutes from 1 to 10080")
                        }
                        settings.unlockSeconds = Int(minutes * 60)
                    default:
                        throw ProfileError("\(path): [store] has no setting \(key) (there are backend and unlock-minutes)")
                    }
                }
            }
        }
        if let text = environment["ODSH_STORE"], !text.isEmpty {
            guard let backend = StoreBackend(rawValue: text) else {
                throw ProfileError("ODSH_STORE=\(text): the store is one of \(StoreBackend.spellings)")
            }
            settings.backend = backend
        }
        return settings
    }
}
