/// How a metadata change affects clients built against the older metadata, from least to most severe.
public enum CompatibilityLevel: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Worth knowing, but no rule makes it a compatibility question (facets, annotations, bindings, ...).
    case info
    /// Allowed by the rules: clients built against the older metadata keep working.
    case compatible
    /// Incompatible by the rules, but pre-approved (`hasOpenEnumerations`, `canChangeAnything`,
    /// `canRemoveAnything`, `canBeRemoved`).
    case approved
    /// Clients built against the older metadata may break; a metadata refresh refuses it.
    case incompatible

    /// Ordered by severity: info < compatible < approved < incompatible.
    public static func < (a: CompatibilityLevel, b: CompatibilityLevel) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
