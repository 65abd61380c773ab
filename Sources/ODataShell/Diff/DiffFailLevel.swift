import ODataModel

/// `odsh diff --fail-on`: which changes make the exit status 1.
enum DiffFailLevel: String, CaseIterable {
    /// Incompatible changes (those a metadata refresh refuses).
    case incompatible
    /// Any change that is not merely informational: incompatible, approved and compatible ones.
    case any
    /// None: the exit status is 0 whatever changed.
    case never

    /// True when a change of this level fails the run.
    func fails(_ level: CompatibilityLevel) -> Bool {
        switch self {
        case .incompatible: return level == .incompatible
        case .any: return level >= .compatible
        case .never: return false
        }
    }
}
