import Synchronization

/// What every named element of the model carries: where it was read, its annotations, foreign attributes
/// (such as SAP's `sap:*`), the marks a metadata refresh leaves, and problems found by validation.
///
/// A model is loaded, not built (as in SAP's dynamic API): `MetadataReader` reads, resolves and validates it (and
/// applies a `MetadataFixup` given in its options) before it hands the document out, and `refreshMetadata` prepares
/// the newer document before it replaces the one in use. So what they fill can be read by everyone and set only by
/// this package (`package(set)`): a program cannot change a loaded model, and one model serves every task of a
/// program. An element can still be made with its public initializer (a stand-in for a test, say), but it cannot
/// be changed or added to a model afterwards. The one thing a program sets on a loaded model, the pre-approvals of
/// a refresh (`canBeRemoved` here, the document's `canChangeAnything` and its siblings), is kept atomically, so it
/// may be set from any task, also while the model is in use.
// @unchecked: the stored state is set only by this package's reader, resolver and fix-ups before the document is
// handed out, and by a metadata refresh on the newer document before it is handed out (it also marks the older
// document's removed elements `isRemoved` as it moves them over: see `refreshMetadata`); `canBeRemoved` is atomic.
// Every element class inherits this conformance; the classes are public, not open, so only this module subclasses
// them and no class outside it inherits the promise.
//
// Storage: each public property of the model's classes is kept in an internal stored property (`_name`) behind a
// computed one. A public stored property of a class gets a dynamic exclusivity check on every read and write (code
// outside the module could reach it); an internal one that is only ever read or assigned whole, never changed in
// place across other code, is checked at compile time instead. So in-place changes (`append`, `inout`) go through
// the public property, whose `_modify` of a collection takes the value out, yields it and puts it back.
public class CsdlElement: @unchecked Sendable {
    /// The simple name of the element (the term for an annotation, the path for an Annotations block).
    public let name: String
    var _location: SourceLocation
    /// Where the element was read: line and column in the metadata document.
    public package(set) var location: SourceLocation {
        get { _location }
        set { _location = newValue }
    }
    var _annotations: [CsdlAnnotation] = []
    /// Annotations that apply to this element: inline ones and those of `Annotations Target=...` blocks.
    public package(set) var annotations: [CsdlAnnotation] {
        get { _annotations }
        set { _annotations = newValue }
        _modify { var v = _annotations; _annotations = []; defer { _annotations = v }; yield &v }
    }
    var _foreignAttributes: [ForeignAttribute] = []
    /// Attributes from namespaces other than CSDL's, keyed `prefix:local` as written (e.g. `sap:label`).
    public package(set) var foreignAttributes: [ForeignAttribute] {
        get { _foreignAttributes }
        set { _foreignAttributes = newValue }
        _modify { var v = _foreignAttributes; _foreignAttributes = []; defer { _foreignAttributes = v }; yield &v }
    }
    var _isExtension: Bool = false
    /// Added by a metadata refresh (SAP's `isExtension`).
    public package(set) var isExtension: Bool {
        get { _isExtension }
        set { _isExtension = newValue }
    }
    var _isRemoved: Bool = false
    /// Removed by a metadata refresh but kept so that existing users find it (SAP's `isRemoved`).
    public package(set) var isRemoved: Bool {
        get { _isRemoved }
        set { _isRemoved = newValue }
    }
    // Atomic: a caller may set it on a model that is shared between tasks already (one byte, as the Bool was).
    private let _canBeRemoved = Atomic<Bool>(false)
    /// Pre-approves removing this element in a metadata refresh (SAP's `canBeRemoved`). It may be set and read from
    /// any task at any time, also while the model is in use: it is kept atomically.
    public var canBeRemoved: Bool {
        get { _canBeRemoved.load(ordering: .relaxed) }
        set { _canBeRemoved.store(newValue, ordering: .relaxed) }
    }
    var _problems: [MetadataIssue] = []
    /// Problems the validation pass found with this element; using it then raises a clear error.
    public package(set) var problems: [MetadataIssue] {
        get { _problems }
        set { _problems = newValue }
        _modify { var v = _problems; _problems = []; defer { _problems = v }; yield &v }
    }
    var _fixedFacets: Set<String> = []
    /// Facets and attributes that a local fix-up (`MetadataFixup`) set or changed, by the name the fix used
    /// (`Scale`, `Nullable`, `sap:label`): the service's metadata said otherwise.
    public package(set) var fixedFacets: Set<String> {
        get { _fixedFacets }
        set { _fixedFacets = newValue }
        _modify { var v = _fixedFacets; _fixedFacets = []; defer { _fixedFacets = v }; yield &v }
    }

    /// An element of this name, read at `location`.
    public init(name: String, location: SourceLocation = .unknown) {
        self.name = name
        _location = location
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
    /// The prefix as written (`sap`).
    public var prefix: String
    /// The name after the prefix (`label`).
    public var localName: String
    /// The namespace URI the prefix stands for.
    public var namespace: String
    /// The attribute's value, as written.
    public var value: String
    /// An attribute as read.
    public init(prefix: String, localName: String, namespace: String, value: String) {
        self.prefix = prefix; self.localName = localName; self.namespace = namespace; self.value = value
    }
    /// `prefix:localName`, as written.
    public var qualifiedName: String { prefix.isEmpty ? localName : "\(prefix):\(localName)" }
}

/// Typed access to SAP Gateway's V2 `sap:*` attributes, with SAP's documented defaults.
public struct SAPAttributes: Sendable {
    /// The namespace URI of SAP's annotation attributes.
    public static let namespace = "http://www.sap.com/Protocols/SAPData"
    /// Every `sap:*` attribute by local name.
    public let all: [String: String]

    /// The `sap:*` attributes among `attrs`.
    public init(_ attrs: [ForeignAttribute]) {
        var d: [String: String] = [:]
        for a in attrs where a.namespace == SAPAttributes.namespace { d[a.localName] = a.value }
        all = d
    }

    /// A `sap:*` attribute's value by local name (`creatable`), nil when absent.
    public subscript(_ name: String) -> String? { all[name] }
    private func flag(_ name: String, default dflt: Bool) -> Bool {
        guard let v = all[name] else { return dflt }
        return v == "true"
    }
    /// `sap:label`: a short, translated label.
    public var label: String? { all["label"] }
    /// `sap:quickinfo`: a longer, translated description (a tooltip).
    public var quickInfo: String? { all["quickinfo"] }
    /// `sap:heading`: a translated column heading.
    public var heading: String? { all["heading"] }
    /// `sap:creatable`: entities may be created (default true).
    public var creatable: Bool { flag("creatable", default: true) }
    /// `sap:updatable`: entities or the property may be changed (default true).
    public var updatable: Bool { flag("updatable", default: true) }
    /// `sap:deletable`: entities may be deleted (default true).
    public var deletable: Bool { flag("deletable", default: true) }
    /// `sap:filterable`: the property may appear in `$filter` (default true).
    public var filterable: Bool { flag("filterable", default: true) }
    /// `sap:sortable`: the property may appear in `$orderby` (default true).
    public var sortable: Bool { flag("sortable", default: true) }
    /// `sap:pageable`: the set supports `$top` and `$skip` (default true).
    public var pageable: Bool { flag("pageable", default: true) }
    /// `sap:addressable`: the set may be read directly, not only through navigation (default true).
    public var addressable: Bool { flag("addressable", default: true) }
    /// `sap:searchable`: the set supports `search` (default false).
    public var searchable: Bool { flag("searchable", default: false) }
    /// `sap:required-in-filter`: a query must filter on the property (default false).
    public var requiredInFilter: Bool { flag("required-in-filter", default: false) }
    /// `sap:filter-restriction`: how the property may be filtered (`single-value`, `multi-value`, `interval`).
    public var filterRestriction: String? { all["filter-restriction"] }
    /// `sap:display-format`: how to show the value (`Date`, `NonNegative`, `UpperCase`).
    public var displayFormat: String? { all["display-format"] }
    /// `sap:semantics`: what the value means (`currency-code`, `unit-of-measure`, `email`, ...).
    public var semantics: String? { all["semantics"] }
    /// `sap:unit`: the property holding this amount's currency or quantity's unit.
    public var unit: String? { all["unit"] }
    /// `sap:text`: the property holding a readable text for this code.
    public var text: String? { all["text"] }
    /// True when the element has no `sap:*` attribute.
    public var isEmpty: Bool { all.isEmpty }
}
