/// The names declared in one Swift scope (a module's types, a class's members, an enum's cases): hands out each
/// name once. Two OData names that differ only in case are a case conflict (SAP's `ALLOW_CASE_CONFLICTS`), refused
/// unless allowed; any other collision (a name that became another through escaping, or a name the generated code
/// uses itself) is resolved by a numeric suffix, said in the name's note.
struct NameScope {
    /// What the scope is, for messages: "the types of the module", "members of Customer".
    var what: String
    /// Also refuse names that differ from one taken before only in case (type names: files on case-insensitive
    /// file systems, and SAP's rule).
    let caseInsensitive: Bool
    let allowCaseConflicts: Bool
    private var taken: [String: String] = [:]
    private var takenFolded: [String: String] = [:]

    init(_ what: String, caseInsensitive: Bool = false, allowCaseConflicts: Bool, reserved: [String] = []) {
        self.what = what
        self.caseInsensitive = caseInsensitive
        self.allowCaseConflicts = allowCaseConflicts
        for r in reserved { taken[r] = "(generated)"; takenFolded[r.lowercased()] = "(generated)" }
    }

    /// Claims a name for `source` (the OData name, for messages): `candidate` when free, else with a suffix.
    mutating func claim(_ candidate: ProxyName, for source: String) throws -> ProxyName {
        var name = candidate
        if let other = conflict(name.swift) {
            if other != "(generated)" && other != source && other.lowercased() == source.lowercased() && !allowCaseConflicts {
                throw ProxyGenerationError.caseConflict(scope: what, first: other, second: source, swiftName: name.swift)
            }
            var n = 2
            while conflict("\(candidate.swift)_\(n)") != nil { n += 1 }
            let reason = other == "(generated)" ? "\(candidate.swift) is a name the generated code uses" : "\(candidate.swift) is taken by \(other)"
            name = ProxyName(swift: "\(candidate.swift)_\(n)", note: [candidate.note, reason].compactMap { $0 }.joined(separator: "; "))
        }
        taken[name.swift] = source
        takenFolded[name.swift.lowercased()] = source
        return name
    }

    /// Whether a name is free (for names derived from a claimed one).
    func isFree(_ name: String) -> Bool { conflict(name) == nil }

    /// Takes a name without checks (derived names, after `isFree`).
    mutating func take(_ name: String, for source: String) {
        taken[name] = source
        takenFolded[name.lowercased()] = source
    }

    private func conflict(_ name: String) -> String? {
        if let t = taken[name] { return t }
        if caseInsensitive, let t = takenFolded[name.lowercased()] { return t }
        return nil
    }
}
