/// What every named element of the model carries: where it was read, its annotations, foreign attributes
/// (such as SAP's `sap:*`), the marks a metadata refresh leaves, and problems found by validation.
///
/// Elements are `Sendable` because a loaded model is only read: the reader builds it on one thread before handing
/// it out, and `refreshMetadata` prepares the newer document before it replaces the one in use. What a program may
/// still set on an element (pre-approvals such as `canBeRemoved`, fix-ups) is to be set before the model is shared
/// between tasks.
// @unchecked: immutable once loaded, as said above; every element class inherits this conformance.
open class CsdlElement: @unchecked Sendable {
    /// The simple name of the element (the term for an annotation, the path for an Annotations block).
    public let name: String
    public var location: SourceLocation
    /// Annotations that apply to this element: inline ones and those of `Annotations Target=...` blocks.
    public var annotations: [CsdlAnnotation] = []
    /// Attributes from namespaces other than CSDL's, keyed `prefix:local` as written (e.g. `sap:label`).
    public var foreignAttributes: [ForeignAttribute] = []
    /// Added by a metadata refresh (SAP's `isExtension`).
    public var isExtension = false
    /// Removed by a metadata refresh but kept so that existing users find it (SAP's `isRemoved`).
    public var isRemoved = false
    /// Pre-approves removing this element in a metadata refresh (SAP's `canBeRemoved`).
    public var canBeRemoved = false
    /// Problems the validation pass found with this element; using it then raises a clear error.
    public var problems: [MetadataIssue] = []
    /// Facets and attributes that a local fix-up (`MetadataFixup`) set or changed, by the name the fix used
    /// (`Scale`, `Nullable`, `sap:label`): the service's metadata said otherwise.
    public var fixedFacets: Set<String> = []

    public init(name: String, location: SourceLocation = .unknown) {
        self.name = name
        self.location = location
    }

    /// The SAP V2 annotation attributes (`sap:*`) with typed accessors.
    public var sap: SAPAttributes { SAPAttributes(foreignAttributes) }

    /// The value of a foreign attribute by its namespace URI and local name.
    public func foreignAttribute(namespace: String, name: String) -> String? {
        foreignAttributes.first(where: { $0.namespace == namespace && $0.localName == name })?.value
    }

    /// The annotation with this term (qualified by namespace or alias, resolved) and qualifier.
    public func annotation(term: String, qualifier: String? = nil) -> CsdlAnnotation? {
        annotations.first(where: { ($0.term == term || $0.termAsWritten == term) && $0.qualifier == qualifier })
    }

    /// Throws when validation found a problem with this element.
    public func checkUsable(_ what: String) throws {
        if let p = problems.first(where: \.blocksUse) {
            throw ModelLookupError(name: name, message: "\(what) \(name) cannot be used: \(p.message)", category: .invalidData)
        }
    }
}

/// An attribute of a metadata element in a namespace other than CSDL's.
public struct ForeignAttribute: Hashable, Sendable {
    public var prefix: String
    public var localName: String
    public var namespace: String
    public var value: String
    public init(prefix: String, localName: String, namespace: String, value: String) {
        self.prefix = prefix; self.localName = localName; self.namespace = namespace; self.value = value
    }
    /// `prefix:localName`, as written.
    public var qualifiedName: String { prefix.isEmpty ? localName : "\(prefix):\(localName)" }
}

/// Typed access to SAP Gateway's V2 `sap:*` attributes, with SAP's documented defaults.
public struct SAPAttributes: Sendable {
    public static let namespace = "http://www.sap.com/Protocols/SAPData"
    /// Every `sap:*` attribute by local name.
    public let all: [String: String]

    public init(_ attrs: [ForeignAttribute]) {
        var d: [String: String] = [:]
        for a in attrs where a.namespace == SAPAttributes.namespace { d[a.localName] = a.value }
        all = d
    }

    public subscript(_ name: String) -> String? { all[name] }
    private func flag(_ name: String, default dflt: Bool) -> Bool {
        guard let v = all[name] else { return dflt }
        return v == "true"
    }
    public var label: String? { all["label"] }
    public var quickInfo: String? { all["quickinfo"] }
    public var heading: String? { all["heading"] }
    public var creatable: Bool { flag("creatable", default: true) }
    public var updatable: Bool { flag("updatable", default: true) }
    public var deletable: Bool { flag("deletable", default: true) }
    public var filterable: Bool { flag("filterable", default: true) }
    public var sortable: Bool { flag("sortable", default: true) }
    public var pageable: Bool { flag("pageable", default: true) }
    public var addressable: Bool { flag("addressable", default: true) }
    public var searchable: Bool { flag("searchable", default: false) }
    public var requiredInFilter: Bool { flag("required-in-filter", default: false) }
    public var filterRestriction: String? { all["filter-restriction"] }
    public var displayFormat: String? { all["display-format"] }
    public var semantics: String? { all["semantics"] }
    public var unit: String? { all["unit"] }
    public var text: String? { all["text"] }
    public var isEmpty: Bool { all.isEmpty }
}
