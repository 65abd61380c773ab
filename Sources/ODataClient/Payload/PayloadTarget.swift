import ODataModel

/// What a payload is expected to hold: entities of a set, a singleton, entities of a type (navigation and
/// operation results), or values of a type (collections of primitives or complex values from functions, a
/// single property value).
public enum PayloadTarget: Sendable {
    /// Entities of this entity set.
    case entitySet(EntitySet)
    /// The entity of this singleton.
    case singleton(Singleton)
    /// Entities of a type, optionally in a known entity set.
    case entityType(EntityType, set: EntitySet?)
    /// Values of `type` (`Collection(Edm.String)`, `NS.Address`, `Edm.Decimal`).
    case values(TypeReference)

    /// The entity type expected, for entity targets.
    var entityType: EntityType? {
        switch self {
        case .entitySet(let s): return s.entityTypeIfResolved
        case .singleton(let s): return s.entityTypeIfResolved
        case .entityType(let t, _): return t
        case .values: return nil
        }
    }

    var isValues: Bool { if case .values = self { return true } else { return false } }

    var entitySet: EntitySet? {
        if case .entitySet(let s) = self { return s }
        if case .entityType(_, let s) = self { return s }
        return nil
    }

    var name: String {
        switch self {
        case .entitySet(let s): return s.name
        case .singleton(let s): return s.name
        case .entityType(let t, let s): return s?.name ?? t.name
        case .values(let t): return t.description
        }
    }
}
