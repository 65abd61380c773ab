import FoundationEssentials

/// How the store is set up: `[store]` in config.toml (`backend`, `unlock-minutes`), `$ODSH_STORE` over its
/// backend.
struct StoreSettings: Sendable, Equatable {
    /// nil: automatic (an encrypted file that exists already, else the desktop keyring where a session bus offers
    /// one, else a new encrypted file).
    var backend: StoreBackend?
    /// How long an unlocked store stays unlocked (the key in the session keyring), in seconds.
    var unlockSeconds = 15 * 60

    /// Whether config.toml's `[store]` names a backend (`auto` included): a choice it makes itself.
    var configNamesBackend = false

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
                        guard let text = value.string, text == "auto" || StoreBackend(rawValue: text) != nil else {
                            throw ProfileError("\(path): [store] backend is one of \(StoreBackend.spellings)")
                        }
                        settings.backend = StoreBackend(rawValue: text)
                        settings.configNamesBackend = true
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
            guard text == "auto" || StoreBackend(rawValue: text) != nil else {
                throw ProfileError("ODSH_STORE=\(text): the store is one of \(StoreBackend.spellings)")
            }
            settings.backend = StoreBackend(rawValue: text)
        }
        return settings
    }

    /// Writes `[store] backend = "NAME"` into config.toml (into its `[store]` table when it has one), keeping the
    /// rest of the file as it is: the backend `ODSH_STORE` chose for a store being made stays chosen for the runs
    /// after it, which need not set the variable again.
    static func remember(_ backend: StoreBackend, in dirs: XDGDirectories) throws {
        let path = dirs.configFile
        let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let line = "backend = \"\(backend.rawValue)\"\n"
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let newText: String
        if let header = lines.firstIndex(where: Self.isStoreHeader) {
            lines.insert(String(line.dropLast()), at: header + 1)
            newText = lines.joined(separator: "\n")
        } else {
            newText = text + (text.isEmpty || text.hasSuffix("\n\n") ? "" : text.hasSuffix("\n") ? "\n" : "\n\n") + "[store]\n" + line
        }
        // What is written must read back as it did, plus the backend.
        _ = try TOMLReader.parse(newText, source: path)
        try AtomicFile.write(Data(newText.utf8), to: path, mode: ProfileStore.existingMode(path) ?? 0o644)
    }

    /// Whether `line` opens the table `[store]`, in any way TOML allows it written: blanks inside the brackets, the
    /// name quoted, a comment after it.
    static func isStoreHeader(_ line: String) -> Bool {
        var text = Substring(line.trimmingBlanks())
        if let hash = text.firstIndex(of: "#") { text = Substring(text[..<hash].trimmingBlanks()) }
        guard text.hasPrefix("["), !text.hasPrefix("[["), text.hasSuffix("]") else { return false }
        var name = Substring(text.dropFirst().dropLast().trimmingBlanks())
        if name.count >= 2, let quote = name.first, quote == "\"" || quote == "'", name.last == quote {
            name = name.dropFirst().dropLast()
        }
        return name == "store"
    }
}
