import FoundationEssentials
import ODataModel
#if canImport(Glibc)
import Glibc
#endif

/// The profiles of config.toml (`[profile.NAME]` tables), read whole and edited a table at a time so that the
/// rest of a hand-edited file stays as it was. A missing file holds no profiles.
struct ProfileStore {
    /// The config file.
    let path: String
    /// The profiles in file order.
    private(set) var profiles: [Profile] = []
    private var text = ""

    /// Reads the config file of `dirs`.
    static func load(_ dirs: XDGDirectories) throws -> ProfileStore {
        try load(path: dirs.configFile)
    }

    static func load(path: String) throws -> ProfileStore {
        var store = ProfileStore(path: path)
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) { throw ProfileError("cannot read \(path)") }
            return store
        }
        store.text = String(decoding: data, as: UTF8.self)
        store.profiles = try Self.parse(store.text, path: path)
        return store
    }

    private init(path: String) {
        self.path = path
    }

    private static func parse(_ text: String, path: String) throws -> [Profile] {
        let document: TOMLReader.Document
        do {
            document = try TOMLReader.parse(text, source: path)
        } catch let e as TOMLError {
            throw ProfileError(e.description)
        }
        guard let section = document.root["profile"] else { return [] }
        guard let table = section.table else { throw ProfileError("\(path): profile must be a table of [profile.NAME] tables") }
        return try table.entries.map { entry in
            let place = "\(path): [profile.\(TOMLValue.key(entry.key))]"
            guard Profile.isValidName(entry.key) else {
                throw ProfileError("\(place): a profile name has letters, digits, - and _ (and is none of \(Profile.reservedNames.sorted().joined(separator: ", ")))")
            }
            guard let t = entry.value.table else { throw ProfileError("\(place) must be a table") }
            return try Profile(name: entry.key, table: t, place: place)
        }
    }

    /// The profile called `name`, if there is one.
    func profile(named name: String) -> Profile? {
        profiles.first { $0.name == name }
    }

    /// The profile called `name`, or an error listing the profiles there are.
    func require(_ name: String) throws -> Profile {
        if let p = profile(named: name) { return p }
        let close = NameSuggester.closest(to: name, in: profiles.map(\.name))
        var message = "no profile named \(name) in \(path)"
        if !close.isEmpty { message += " (did you mean \(close.joined(separator: ", "))?)" }
        else if profiles.isEmpty { message += " (there are none yet: odsh profile add NAME URL)" }
        throw ProfileError(message)
    }

    /// Adds a profile (or replaces the one of that name when `replacing`) and writes the file.
    mutating func add(_ new: Profile, replacing: Bool = false) throws {
        if profile(named: new.name) != nil && !replacing {
            throw ProfileError("a profile named \(new.name) exists already (--force replaces it)")
        }
        var editor = TOMLEditor(try currentText())
        try editor.removeTables(under: ["profile", new.name])
        editor.append(new.tomlText)
        try write(editor.text)
    }

    /// Removes a profile's tables and writes the file. False when there was no such profile.
    @discardableResult
    mutating func remove(_ name: String) throws -> Bool {
        guard profile(named: name) != nil else { return false }
        var editor = TOMLEditor(try currentText())
        try editor.removeTables(under: ["profile", name])
        try write(editor.text)
        return true
    }

    /// The file's text as it is now: what was read may be older (the same run may have written `[store]` since).
    private func currentText() throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) { throw ProfileError("cannot read \(path)") }
            return ""
        }
        return String(decoding: data, as: UTF8.self)
    }

    private mutating func write(_ newText: String) throws {
        let parsed = try Self.parse(newText, path: path)
        try AtomicFile.write(Data(newText.utf8), to: path, mode: Self.existingMode(path) ?? 0o644)
        text = newText
        profiles = parsed
    }

    static func existingMode(_ path: String) -> mode_t? {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_mode & 0o777 : nil
    }
}
