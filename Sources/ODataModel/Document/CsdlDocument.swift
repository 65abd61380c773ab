#if canImport(Glibc)
import Glibc
#endif
import Synchronization
/// A service's metadata, read from CSDL XML (V2, V3, V4, 4.01) or CSDL JSON (SAP's `CsdlDocument`).
///
/// `Sendable` as its elements are (see `CsdlElement`): a document is loaded by `MetadataReader`, not built, and what
/// the reader fills can be set only by this package, so one document serves every task of a program. The
/// pre-approval flags of a refresh (`hasOpenEnumerations`, `canChangeAnything`, `canRemoveAnything`) are the
/// exception, kept atomically: they may be set from any task at any time.
// @unchecked: its stored state and the reader's look-up tables are set only by this package's reader, resolver and
// fix-ups before the document is handed out (and by a metadata refresh on the newer document before it is handed
// out); the pre-approval flags are atomic.
public final class CsdlDocument: @unchecked Sendable {
    var _version: ODataVersion = .v4
    /// The OData version the document describes.
    public internal(set) var version: ODataVersion {
        get { _version }
        set { _version = newValue }
    }
    var _edmxVersion: String?
    /// `edmx:Edmx Version` (or CSDL JSON `$Version`) as written.
    public internal(set) var edmxVersion: String? {
        get { _edmxVersion }
        set { _edmxVersion = newValue }
    }
    var _dataServiceVersion: String?
    /// V2/V3 `m:DataServiceVersion` and `m:MaxDataServiceVersion`, as written.
    public internal(set) var dataServiceVersion: String? {
        get { _dataServiceVersion }
        set { _dataServiceVersion = newValue }
    }
    var _maxDataServiceVersion: String?
    /// The highest protocol version the V2/V3 service may answer with (`m:MaxDataServiceVersion`), as written.
    public internal(set) var maxDataServiceVersion: String? {
        get { _maxDataServiceVersion }
        set { _maxDataServiceVersion = newValue }
    }
    var _entityContainerName: String?
    /// CSDL JSON `$EntityContainer`.
    public internal(set) var entityContainerName: String? {
        get { _entityContainerName }
        set { _entityContainerName = newValue }
    }
    var _schemas: [CsdlSchema] = []
    /// The schemas, in document order.
    public internal(set) var schemas: [CsdlSchema] {
        get { _schemas }
        set { _schemas = newValue }
        _modify { var v = _schemas; _schemas = []; defer { _schemas = v }; yield &v }
    }
    var _references: [CsdlReference] = []
    /// The `edmx:Reference`s: other documents (vocabularies, other services) whose namespaces this one uses.
    public internal(set) var references: [CsdlReference] {
        get { _references }
        set { _references = newValue }
        _modify { var v = _references; _references = []; defer { _references = v }; yield &v }
    }
    var _issues: [MetadataIssue] = []
    /// Warnings (and, for documents that failed, errors) found while reading and validating.
    public internal(set) var issues: [MetadataIssue] {
        get { _issues }
        set { _issues = newValue }
        _modify { var v = _issues; _issues = []; defer { _issues = v }; yield &v }
    }
    var _source: String = ""
    /// Where the document came from (a file path or URL), for messages (the reader's `source`).
    public package(set) var source: String {
        get { _source }
        set { _source = newValue }
    }
    // The pre-approvals are atomic: a caller may set them on a document that is shared between tasks already (SAP's
    // API sets them on the metadata in use before `refreshMetadata`). Relaxed: each flag stands alone, and nothing
    // else is published through it.
    private let _hasOpenEnumerations = Atomic<Bool>(false)
    /// Pre-approves new members of enumeration types, and lets payloads carry enumeration values the metadata does
    /// not list (SAP's `hasOpenEnumerations`). May be set and read from any task at any time.
    public var hasOpenEnumerations: Bool {
        get { _hasOpenEnumerations.load(ordering: .relaxed) }
        set { _hasOpenEnumerations.store(newValue, ordering: .relaxed) }
    }
    private let _canChangeAnything = Atomic<Bool>(false)
    /// Pre-approves changes of types, nullability, base types and enumeration values (SAP's `canChangeAnything`).
    /// May be set and read from any task at any time.
    public var canChangeAnything: Bool {
        get { _canChangeAnything.load(ordering: .relaxed) }
        set { _canChangeAnything.store(newValue, ordering: .relaxed) }
    }
    private let _canRemoveAnything = Atomic<Bool>(false)
    /// Pre-approves removing any element (SAP's `canRemoveAnything`); `canBeRemoved` does so for one element.
    /// May be set and read from any task at any time.
    public var canRemoveAnything: Bool {
        get { _canRemoveAnything.load(ordering: .relaxed) }
        set { _canRemoveAnything.store(newValue, ordering: .relaxed) }
    }
    var _isPlaceholder: Bool = false
    /// True for the empty stand-in of metadata not loaded yet (`placeholder(for:)`): its look-ups by name throw
    /// `MetadataNotLoadedError` instead of "no entity set named ...".
    public private(set) var isPlaceholder: Bool {
        get { _isPlaceholder }
        set { _isPlaceholder = newValue }
    }

    // Look-up tables built by the resolver.
    var aliasToNamespace: [String: String] = [:] {
        didSet {
            guard aliasToNamespace != oldValue else { return }
            aliasRevision += 1
            aliases = aliasToNamespace.map { (Array($0.key.utf8), $0.value) }
            if aliasRevisionAtFirstAnnotation != nil, oldValue.contains(where: { aliasToNamespace[$0.key] != $0.value }) {
                aliasesRewritten = true
            }
        }
    }
    /// The aliases as bytes, compared with the head of a qualified name without hashing or allocating.
    private var aliases: [(alias: [UInt8], namespace: String)] = []
    /// Counts changes of the alias table. The XML reader resolves aliases in terms and values as it reads; when no
    /// alias changed after it first did so, the resolver need not do it again.
    private(set) var aliasRevision = 0
    /// `aliasRevision` when the XML reader first resolved an alias in an annotation (nil if it never did, or if
    /// the document was not read by it).
    var aliasRevisionAtFirstAnnotation: Int?
    /// Hashes of the heads (the part before the last dot) of the annotation names the XML reader found no alias for:
    /// an alias with such a name declared later would change them.
    private var annotationAliasMisses: Set<UInt64> = []
    private var lastAnnotationAliasMiss: UInt64 = 0
    /// An alias that existed when the XML reader first resolved annotation names was changed or dropped since.
    private var aliasesRewritten = false
    var schemaElements = NameTable<SchemaElement>()
    /// Set by the XML reader when it filed every type, term, container and association in `schemaElements` as it
    /// read them, none twice: the resolver then only checks that the count agrees. Cleared once used.
    var schemaElementsIndexedByReader = false
    var operationsByName: [String: [Operation]] = [:]
    var entitySetsByName: [String: EntitySet] = [:]
    var singletonsByName: [String: Singleton] = [:]
    var functionImportsByName: [String: FunctionImport] = [:]
    var actionImportsByName: [String: ActionImport] = [:]

    /// An empty document; the readers fill it.
    public init() {}

    /// The empty stand-in for the metadata of `source` (a service root) before it is loaded: a `DataService` made
    /// with `DataService(provider:)` holds one until `loadMetadata()`.
    public static func placeholder(for source: String) -> CsdlDocument {
        let d = CsdlDocument()
        d.source = source
        d.isPlaceholder = true
        return d
    }

    /// Throws `MetadataNotLoadedError` for a placeholder: a look-up there is a call made too early, not a name that
    /// is missing.
    private func checkLoaded(_ lookup: @autoclosure () -> String) throws {
        if isPlaceholder { throw MetadataNotLoadedError(source: source, lookup: lookup()) }
    }

    /// The warnings, each once: an element checked twice (an annotation reached by two paths) gives the same
    /// warning at the same place only once.
    public var warnings: [MetadataIssue] {
        var seen = Set<MetadataIssue>()
        return issues.filter { $0.severity == .warning && seen.insert($0).inserted }
    }

    // MARK: All elements of a kind, over every schema

    /// The entity types of every schema.
    public var entityTypes: [EntityType] { schemas.flatMap(\.entityTypes) }
    /// The complex types of every schema.
    public var complexTypes: [ComplexType] { schemas.flatMap(\.complexTypes) }
    /// The enumeration types of every schema.
    public var enumTypes: [EnumType] { schemas.flatMap(\.enumTypes) }
    /// The type definitions of every schema.
    public var typeDefinitions: [TypeDefinition] { schemas.flatMap(\.typeDefinitions) }
    /// The V2/V3 associations of every schema.
    public var associations: [Association] { schemas.flatMap(\.associations) }
    /// The entity containers of every schema.
    public var entityContainers: [EntityContainer] { schemas.flatMap(\.entityContainers) }
    /// The actions of every schema (V4; each overload apart).
    public var actions: [Operation] { schemas.flatMap(\.actions) }
    /// The functions of every schema (V4; each overload apart).
    public var functions: [Operation] { schemas.flatMap(\.functions) }
    /// The vocabulary terms of every schema.
    public var terms: [Term] { schemas.flatMap(\.terms) }
    /// The `Annotations` blocks of every schema.
    public var annotationsBlocks: [AnnotationsBlock] { schemas.flatMap(\.annotationsBlocks) }

    /// The container the service exposes: the one named by `$EntityContainer`, else the V2 default one, else the first.
    public var entityContainer: EntityContainer? {
        let all = entityContainers
        if let n = entityContainerName, let c = all.first(where: { $0.qualifiedName == n || $0.name == n }) { return c }
        return all.first(where: { $0.isDefault }) ?? all.first
    }
    /// The entity sets of every container.
    public var entitySets: [EntitySet] { entityContainers.flatMap(\.entitySets) }
    /// The singletons of every container (V4).
    public var singletons: [Singleton] { entityContainers.flatMap(\.singletons) }
    /// The function imports of every container.
    public var functionImports: [FunctionImport] { entityContainers.flatMap(\.functionImports) }
    /// The action imports of every container (V4).
    public var actionImports: [ActionImport] { entityContainers.flatMap(\.actionImports) }

    // MARK: Look-ups named after SAP's dynamic API

    /// Replaces a leading alias by its namespace: `self.Customer` → `NS.Customer`.
    public func resolveAlias(_ qualified: String) -> String {
        guard !aliases.isEmpty, let (namespace, dot) = aliasPrefix(of: qualified, before: qualified.endIndex) else { return qualified }
        // `String + Substring` is the generic `+` (through `append(contentsOf:)` of any sequence), whose first use in
        // a process scans all of the program's protocol conformances; `String + String` is not generic.
        return namespace + String(qualified[dot...])
    }

    /// When the qualified name that ends before `end` in `s` starts with an alias: the namespace the alias stands
    /// for, and where the alias ends (at the name's last dot). Nothing is allocated when there is no alias.
    func aliasPrefix(of s: String, before end: String.Index) -> (namespace: String, aliasEnd: String.Index)? {
        guard !aliases.isEmpty else { return nil }
        // Documents declare a handful of aliases, and this runs for every type name, term and target of
        // multi-megabyte documents: the bytes before the last dot are compared with each alias's.
        let endOffset = s.utf8.distance(from: s.startIndex, to: end)
        // (alias index, dot offset), or nil when there is no alias.
        let found = s.withUTF8Bytes { buf -> (Int, Int)? in
            guard let dot = Self.headLength(buf, before: endOffset) else { return nil }
            for (i, a) in aliases.enumerated() where a.alias.count == dot {
                if a.alias.withUnsafeBufferPointer({ memcmp($0.baseAddress!, buf.baseAddress!, dot) == 0 }) { return (i, dot) }
            }
            return nil
        }
        guard let (i, dot) = found else { return nil }
        return (aliases[i].namespace, s.utf8.index(s.startIndex, offsetBy: dot))
    }

    /// The length of a qualified name's head (the bytes before its last dot, the part an alias can stand for) among
    /// the first `end` bytes; nil when there is no dot after the first byte.
    private static func headLength(_ buf: UnsafeBufferPointer<UInt8>, before end: Int) -> Int? {
        var dot = end - 1
        while dot >= 0, buf[dot] != UInt8(ascii: ".") { dot -= 1 }
        return dot > 0 ? dot : nil
    }

    /// `resolveAlias` for a term or value of an annotation the XML reader builds: notes the alias revision the first
    /// time, so that the resolver can tell whether it must resolve annotations again.
    func resolveAnnotationAlias(_ qualified: String) -> String {
        if aliasRevisionAtFirstAnnotation == nil { aliasRevisionAtFirstAnnotation = aliasRevision }
        // The same few terms and record types come again and again (FAR_MANAGE: 11,000 names, a few dozen distinct),
        // most of them the very string made for the last one (the SAX callbacks reuse strings of long values):
        // the answers for the last names of each length are kept while no alias changes. A name found here was
        // resolved before, so its miss (if it was one) is noted already.
        let slot = qualified.utf8.count & (Self.recentAliasSlots - 1)
        if recentAliasRevision == aliasRevision, recentAliasNames[slot] == qualified { return recentAliasResults[slot] }
        let resolved = resolveAnnotationAliasUncached(qualified)
        // The tables are taken out, changed and put back (see `CsdlElement` on storage): changed in place, every
        // read of them here was a dynamic exclusivity check.
        var names = recentAliasNames, results = recentAliasResults
        recentAliasNames = []
        recentAliasResults = []
        if recentAliasRevision != aliasRevision {
            recentAliasRevision = aliasRevision
            for i in 0..<Self.recentAliasSlots { names[i] = ""; results[i] = "" }
        }
        names[slot] = qualified
        results[slot] = resolved
        recentAliasNames = names
        recentAliasResults = results
        return resolved
    }
    private static let recentAliasSlots = 16
    private var recentAliasNames = [String](repeating: "", count: recentAliasSlots)
    private var recentAliasResults = [String](repeating: "", count: recentAliasSlots)
    private var recentAliasRevision = -1

    private func resolveAnnotationAliasUncached(_ qualified: String) -> String {
        if let (namespace, dot) = aliasPrefix(of: qualified, before: qualified.endIndex) { return namespace + String(qualified[dot...]) }
        let head: UInt64? = qualified.withUTF8Bytes { buf in
            Self.headLength(buf, before: buf.count).map { NameTable<Int>.hash(bytes: UnsafeRawBufferPointer(start: buf.baseAddress, count: $0)) }
        }
        // Names of one namespace come in runs: a repeat of the last head is not inserted again.
        if let head, head != lastAnnotationAliasMiss {
            lastAnnotationAliasMiss = head
            var misses = annotationAliasMisses
            annotationAliasMisses = []
            misses.insert(head)
            annotationAliasMisses = misses
        }
        return qualified
    }

    /// True when the annotation names the XML reader resolved as it read are what resolving them now would give: no
    /// alias changed since, and none was declared since with the head of a name it found no alias for. (A hash
    /// match counts as a change: the resolver then resolves them all again, which is only slower.)
    var annotationAliasesSettled: Bool {
        guard let first = aliasRevisionAtFirstAnnotation else { return false }
        if first == aliasRevision { return true }
        if aliasesRewritten { return false }
        return !aliases.contains { a in a.alias.withUnsafeBytes { annotationAliasMisses.contains(NameTable<Int>.hash(bytes: $0)) } }
    }

    /// A schema element (type, container, term) by qualified name, by namespace or alias.
    public func schemaElement(named qualified: String) -> SchemaElement? {
        schemaElements[resolveAlias(qualified)]
    }

    /// What a qualified type name resolves to.
    public func resolveType(_ name: String) -> ResolvedType {
        resolveQualifiedType(resolveAlias(name))
    }

    /// `resolveType` for a name whose alias is already replaced.
    func resolveQualifiedType(_ q: String) -> ResolvedType {
        if q.utf8.starts(with: "Edm.".utf8), let p = PrimitiveType.named(q) { return .primitive(p) }
        switch schemaElements[q] {
        case let t as EntityType: return .entity(t)
        case let t as ComplexType: return .complex(t)
        case let t as EnumType: return .enumeration(t)
        case let t as TypeDefinition: return .typeDefinition(t)
        default: return .unresolved(q)
        }
    }

    /// An entity set by name (in any container; `Container/Set` also accepted). Throws a lookup error with
    /// suggestions where SAP's ends the program: a name not in the metadata is an error to report, not a crash.
    public func entitySet(withName name: String) throws -> EntitySet {
        try checkLoaded("entity set \(name)")
        if let s = entitySetsByName[name] ?? entitySetsByName[String(name.split(separator: "/").last ?? "")] {
            try s.checkUsable("entity set")
            return s
        }
        throw ModelLookupError(name: name, message: "no entity set named \(name)",
                               suggestions: NameSuggester.closest(to: name, in: entitySets.map(\.name) + singletons.map(\.name)))
    }

    /// A singleton by name; a lookup error with the closest names when there is none (SAP's `singleton(withName:)`).
    public func singleton(withName name: String) throws -> Singleton {
        try checkLoaded("singleton \(name)")
        if let s = singletonsByName[name] { try s.checkUsable("singleton"); return s }
        throw ModelLookupError(name: name, message: "no singleton named \(name)",
                               suggestions: NameSuggester.closest(to: name, in: singletons.map(\.name) + entitySets.map(\.name)))
    }

    /// An entity type by qualified name (namespace or alias) or by simple name when that is unique.
    public func entityType(withName name: String) throws -> EntityType {
        try checkLoaded("entity type \(name)")
        if let t = schemaElement(named: name) as? EntityType { try t.checkUsable("entity type"); return t }
        let bySimple = entityTypes.filter { $0.name == name }
        if bySimple.count == 1 { try bySimple[0].checkUsable("entity type"); return bySimple[0] }
        if bySimple.count > 1 {
            throw ModelLookupError(name: name, message: "entity type name \(name) is ambiguous",
                                   suggestions: bySimple.map(\.qualifiedName))
        }
        throw ModelLookupError(name: name, message: "no entity type named \(name)",
                               suggestions: NameSuggester.closest(to: name, in: entityTypes.map(\.name)))
    }

    /// A complex type by qualified name (namespace or alias) or by simple name when that is unique.
    public func complexType(withName name: String) throws -> ComplexType {
        try schemaType("complex type", named: name, among: complexTypes)
    }

    /// An enumeration type by qualified name (namespace or alias) or by simple name when that is unique.
    public func enumType(withName name: String) throws -> EnumType {
        try schemaType("enum type", named: name, among: enumTypes)
    }

    /// The `T` of this qualified name, or the one of `all` with this simple name when only one has it; `kind` names
    /// what was looked for in the error.
    private func schemaType<T: SchemaElement>(_ kind: String, named name: String, among all: [T]) throws -> T {
        try checkLoaded("\(kind) \(name)")
        if let t = schemaElement(named: name) as? T { return t }
        let bySimple = all.filter { $0.name == name }
        if bySimple.count == 1 { return bySimple[0] }
        throw ModelLookupError(name: name, message: "no \(kind) named \(name)",
                               suggestions: NameSuggester.closest(to: name, in: all.map(\.name)))
    }

    /// A structured (entity or complex) type by qualified or unique simple name.
    public func structuredType(withName name: String) -> StructuredType? {
        if let t = schemaElement(named: name) as? StructuredType { return t }
        let all: [StructuredType] = entityTypes + complexTypes
        let bySimple = all.filter { $0.name == name }
        return bySimple.count == 1 ? bySimple[0] : nil
    }

    /// All overloads of an action or function by qualified name (or simple name when unique).
    public func operations(named name: String) -> [Operation] {
        if let ops = operationsByName[resolveAlias(name)] { return ops }
        let all = actions + functions
        let bySimple = all.filter { $0.name == name }
        let namespaces = Set(bySimple.map(\.namespace))
        return namespaces.count == 1 ? bySimple : []
    }

    /// A function import by name, nil when there is none.
    public func functionImport(withName name: String) -> FunctionImport? { functionImportsByName[name] }
    /// An action import by name, nil when there is none.
    public func actionImport(withName name: String) -> ActionImport? { actionImportsByName[name] }

    /// Derived entity or complex types of a type, directly or not.
    public func derivedTypes(of type: StructuredType) -> [StructuredType] { type.derivedTypes }

    /// Bound operations whose binding parameter accepts this type (or a collection of it).
    public func boundOperations(for type: StructuredType, collection: Bool) -> [Operation] {
        (actions + functions).filter { op in
            guard op.isBound, let b = op.parameters.first, b.type.isCollection == collection else { return false }
            guard let bt = structuredType(withName: b.type.qualifiedName) else { return false }
            return type.isSubtype(of: bt)
        }
    }
}
