/// One difference between an older and a newer metadata document, with its compatibility level and the rule
/// that gave it.
public struct MetadataChange: Sendable, Hashable, CustomStringConvertible {
    /// What kind of element changed.
    public enum ElementKind: String, Sendable, Hashable, CaseIterable {
        /// The metadata document as a whole (its OData version, say).
        case document
        /// An `edmx:Reference`: another document included, with its namespaces and aliases.
        case reference
        /// A schema: the types and operations of one namespace.
        case schema
        /// The target of an `Annotations` block that names nothing in the model.
        case annotationTarget
        /// An entity type.
        case entityType
        /// A complex type.
        case complexType
        /// An enumeration type.
        case enumType
        /// A member of an enumeration type.
        case enumMember
        /// A type definition: a named primitive type with facets.
        case typeDefinition
        /// A vocabulary term.
        case term
        /// A structural property of an entity or complex type.
        case property
        /// A navigation property of an entity or complex type.
        case navigationProperty
        /// An action (V4).
        case action
        /// A function.
        case function
        /// A parameter of an action or function.
        case parameter
        /// The result of an action or function.
        case returnType
        /// The entity container: the service's entity sets, singletons and operation imports.
        case entityContainer
        /// An entity set.
        case entitySet
        /// A singleton (V4).
        case singleton
        /// A function import of the container.
        case functionImport
        /// An action import of the container (V4).
        case actionImport

        /// Words for messages: `entity type`.
        public var words: String {
            switch self {
            case .entityType: return "entity type"
            case .complexType: return "complex type"
            case .enumType: return "enum type"
            case .enumMember: return "enum member"
            case .typeDefinition: return "type definition"
            case .navigationProperty: return "navigation property"
            case .returnType: return "return type"
            case .entityContainer: return "entity container"
            case .entitySet: return "entity set"
            case .functionImport: return "function import"
            case .actionImport: return "action import"
            case .annotationTarget: return "annotation target, not in the model"
            default: return rawValue
            }
        }
    }

    /// What happened to it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The element is new.
        case added
        /// The element is gone.
        case removed
        /// The name now denotes another kind of element.
        case kindChanged
        /// The type of a property, parameter, result, type definition or term changed.
        case typeChanged
        /// `Nullable` changed.
        case nullabilityChanged
        /// The base type changed (or an enumeration's or type definition's underlying type).
        case baseTypeChanged
        /// An enumeration member's value changed.
        case enumValueChanged
        /// An enumeration type's `IsFlags` changed.
        case flagsChanged
        /// An entity type's key properties changed.
        case keyChanged
        /// A facet (the aspect names it: `MaxLength`, `Precision`, ...).
        case facetChanged
        /// A flag or setting without a rule of its own (aspect: `Abstract`, `OpenType`, `ContainsTarget`, `Partner`, ...).
        case traitChanged
        /// Moved between a type and its base type.
        case moved
        /// The name changed where only the name did: the entity container, a binding parameter.
        case renamed
        /// The order of an operation's parameters changed (the aspect says so).
        case orderChanged
        /// The OData version of the document changed.
        case versionChanged
        /// An annotation was added (the aspect names it).
        case annotationAdded
        /// An annotation was removed (the aspect names it).
        case annotationRemoved
        /// An annotation's value changed (the aspect names it).
        case annotationChanged
        /// A foreign attribute (`sap:label`) added, removed or changed; an absent side has a nil value.
        case attributeChanged
        /// A navigation property binding of an entity set or singleton was added (the aspect is its path).
        case bindingAdded
        /// A navigation property binding was removed.
        case bindingRemoved
        /// A navigation property binding now targets another entity set.
        case bindingChanged
        /// An `edmx:Reference` was added.
        case referenceAdded
        /// An `edmx:Reference` was removed.
        case referenceRemoved
        /// What an `edmx:Reference` includes, or an alias, changed.
        case referenceChanged
    }

    /// The element's path: `NS.Customer/CompanyName`, `Container/Customers`, `NS.Color/Red`,
    /// `NS.GetTop(Edm.Int32)/$ReturnType`; empty for the document itself.
    public var path: String
    /// The kind of element.
    public var element: ElementKind
    /// The kind of change.
    public var kind: Kind
    /// Which part changed, when the kind needs one: a facet (`MaxLength`), an annotation (`@Core.Description#q`),
    /// an attribute (`sap:label`), a binding path, a trait (`OpenType`).
    public var aspect: String?
    /// The value before, as written (types qualified); nil when the older document has none.
    public var oldValue: String?
    /// The value after, as written (types qualified); nil when the newer document has none.
    public var newValue: String?
    /// The level after pre-approvals.
    public var level: CompatibilityLevel
    /// The rule that gave the level.
    public var rule: CompatibilityRule
    /// The pre-approval that made an incompatible change `approved` (`hasOpenEnumerations`, `canChangeAnything`,
    /// `canRemoveAnything`, `canBeRemoved`).
    public var approvedBy: String?

    /// A change as the comparison records it.
    public init(path: String, element: ElementKind, kind: Kind, aspect: String? = nil, oldValue: String? = nil,
                newValue: String? = nil, level: CompatibilityLevel, rule: CompatibilityRule, approvedBy: String? = nil) {
        self.path = path; self.element = element; self.kind = kind; self.aspect = aspect
        self.oldValue = oldValue; self.newValue = newValue; self.level = level; self.rule = rule; self.approvedBy = approvedBy
    }

    /// What changed, in a few words: `type Edm.String → Edm.Int32`, `MaxLength 10 → max`, `added`.
    public var summary: String { summary() }

    /// The summary with old and new values cut to about `valueLimit` characters: when both are long, the part they
    /// share is cut from the front and the back, so that what differs shows (an ellipsis marks each cut).
    public func summary(valueLimit: Int = .max) -> String {
        var (shownOld, shownNew) = (oldValue.map(Self.flat), newValue.map(Self.flat))
        if valueLimit < .max, let o = shownOld, let n = shownNew, o.count > valueLimit || n.count > valueLimit {
            (shownOld, shownNew) = Self.focus(o, n, limit: valueLimit)
        }
        func v(_ s: String?) -> String {
            guard let s = s else { return "(none)" }
            return s.count - 2 > valueLimit ? String(s.prefix(max(1, valueLimit - 1))) + "…" : s
        }
        let arrow = "\(v(shownOld)) → \(v(shownNew))"
        switch kind {
        case .added, .removed: return kind.rawValue
        case .kindChanged: return "kind \(arrow)"
        case .typeChanged: return "type \(arrow)"
        case .nullabilityChanged: return "nullable \(arrow)"
        case .baseTypeChanged: return "\(aspect ?? "base type") \(arrow)"
        case .enumValueChanged: return "value \(arrow)"
        case .flagsChanged: return "IsFlags \(arrow)"
        case .keyChanged: return "key (\(v(shownOld))) → (\(v(shownNew)))"
        case .facetChanged, .traitChanged: return "\(aspect ?? "") \(arrow)"
        case .moved: return "moved: declared on \(arrow)"
        case .renamed: return "renamed \(arrow)"
        case .orderChanged: return "\(aspect ?? "order") (\(v(shownOld))) → (\(v(shownNew)))"
        case .versionChanged: return "OData version \(arrow)"
        case .annotationAdded: return "annotation \(aspect ?? "") added"
        case .annotationRemoved: return "annotation \(aspect ?? "") removed"
        case .annotationChanged: return "annotation \(aspect ?? "") \(arrow)"
        case .attributeChanged:
            if oldValue == nil { return "attribute \(aspect ?? "") added" }
            if newValue == nil { return "attribute \(aspect ?? "") removed" }
            return "\(aspect ?? "") \(arrow)"
        case .bindingAdded: return "binding \(aspect ?? "") → \(v(shownNew)) added"
        case .bindingRemoved: return "binding \(aspect ?? "") → \(v(shownOld)) removed"
        case .bindingChanged: return "binding \(aspect ?? "") \(arrow)"
        case .referenceAdded: return "reference added"
        case .referenceRemoved: return "reference removed"
        case .referenceChanged: return "reference \(aspect ?? "") \(arrow)"
        }
    }

    private static func flat(_ s: String) -> String {
        s.contains(where: \.isNewline) ? s.split(whereSeparator: \.isNewline).joined(separator: " ") : s
    }

    /// Both values cut around where they differ, with a little shared context before it.
    static func focus(_ a: String, _ b: String, limit: Int) -> (String, String) {
        let x = Array(a), y = Array(b)
        var start = 0
        while start < x.count, start < y.count, x[start] == y[start] { start += 1 }
        var endX = x.count, endY = y.count
        while endX > start, endY > start, x[endX - 1] == y[endY - 1] { endX -= 1; endY -= 1 }
        let context = min(24, limit / 3)
        let from = max(0, start - context)
        func cut(_ c: [Character], _ end: Int) -> String {
            let to = min(c.count, max(end + context / 2, from + 1), from + limit)
            return (from > 0 ? "…" : "") + String(c[from..<to]) + (to < c.count ? "…" : "")
        }
        return (cut(x, endX), cut(y, endY))
    }

    /// `NS.Customer/CompanyName: type Edm.String → Edm.Int32 [incompatible, property-type-changed]`.
    public var description: String {
        "\(path.isEmpty ? "(document)" : path): \(summary) [\(level.rawValue), \(rule.id)]"
    }
}
