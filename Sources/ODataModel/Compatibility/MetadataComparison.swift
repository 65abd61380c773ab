/// Compares an older metadata document (the one a client was built against) with a newer one, element by element,
/// and judges every change by SAP's `refreshMetadata` rules and odsh's decisions where those are silent.
///
/// Elements are matched by qualified name (types, terms), by name within their parent (properties, enum members,
/// parameters, entity sets, imports), operations by overload (kind, binding parameter type, and for functions the
/// names of the other parameters). Within an added or removed element nothing further is reported. Every look-up
/// goes through a dictionary: the work grows with the size of the documents, not with its square.
public final class MetadataComparison {
    /// Pre-approvals; the older document's own flags count as well.
    public struct Options: Sendable, Hashable {
        /// Adding enumeration members is fine.
        public var hasOpenEnumerations = false
        /// Changes are fine (types, nullability, base types, enumeration values, keys).
        public var canChangeAnything = false
        /// Removals are fine.
        public var canRemoveAnything = false
        /// Paths of elements (as the report writes them) whose removal is fine, besides those marked `canBeRemoved`.
        public var canBeRemoved: Set<String> = []

        /// Pre-approvals; none by default.
        public init(hasOpenEnumerations: Bool = false, canChangeAnything: Bool = false, canRemoveAnything: Bool = false,
                    canBeRemoved: Set<String> = []) {
            self.hasOpenEnumerations = hasOpenEnumerations; self.canChangeAnything = canChangeAnything
            self.canRemoveAnything = canRemoveAnything; self.canBeRemoved = canBeRemoved
        }
    }

    /// Where a removed element goes when a refresh carries it into the newer model.
    enum Removal {
        case schemaElement(SchemaElement)
        case operation(Operation)
        case property(Property, into: StructuredType)
        case navigation(NavigationProperty, into: StructuredType)
        case member(EnumMember, into: EnumType)
        case containerElement(CsdlElement, into: EntityContainer)
    }

    /// The document clients were built against.
    public let old: CsdlDocument
    /// The newer document.
    public let new: CsdlDocument
    /// The pre-approvals in effect: the caller's options combined with the older document's flags.
    public let options: Options

    private var found: [MetadataChange] = []
    /// Elements of the newer document that the older one lacks (for `isExtension`).
    private(set) var additions: [CsdlElement] = []
    /// Elements of the older document that the newer one lacks (for `isRemoved`), with where they go.
    var removals: [Removal] = []
    private var cached: MetadataComparisonReport?

    /// A comparison of two resolved documents; `report` runs it.
    public init(old: CsdlDocument, new: CsdlDocument, options: Options = Options()) {
        self.old = old
        self.new = new
        var o = options
        o.hasOpenEnumerations = o.hasOpenEnumerations || old.hasOpenEnumerations
        o.canChangeAnything = o.canChangeAnything || old.canChangeAnything
        o.canRemoveAnything = o.canRemoveAnything || old.canRemoveAnything
        self.options = o
    }

    /// Compares two documents.
    public static func compare(_ old: CsdlDocument, _ new: CsdlDocument, options: Options = Options()) -> MetadataComparisonReport {
        MetadataComparison(old: old, new: new, options: options).report
    }

    /// The report (computed once).
    public var report: MetadataComparisonReport {
        if let r = cached { return r }
        compareDocuments()
        compareReferences()
        compareSchemas()
        compareSchemaElements()
        compareOperations()
        compareContainers()
        // Group by top-level element, then by path; keep the order found within a path.
        let sorted = found.enumerated().sorted { a, b in
            let ta = Self.topLevel(a.element.path), tb = Self.topLevel(b.element.path)
            if ta != tb { return ta < tb }
            if a.element.path != b.element.path { return a.element.path < b.element.path }
            return a.offset < b.offset
        }.map(\.element)
        let r = MetadataComparisonReport(oldVersion: old.version, newVersion: new.version, approvals: options, changes: sorted)
        cached = r
        return r
    }

    private static func topLevel(_ path: String) -> Substring {
        if let i = path.utf8.firstIndex(of: UInt8(ascii: "/")) { return path[..<i] }
        return Substring(path)
    }

    // MARK: Recording

    func emit(_ path: String, _ element: MetadataChange.ElementKind, _ kind: MetadataChange.Kind, _ rule: CompatibilityRule,
                      aspect: String? = nil, old oldValue: String? = nil, new newValue: String? = nil, subject: CsdlElement? = nil) {
        var level = rule.level
        var approvedBy: String?
        if level == .incompatible, let approval = rule.approval {
            switch approval {
            case .openEnumerations:
                if options.hasOpenEnumerations { approvedBy = approval.rawValue }
            case .changeAnything:
                if options.canChangeAnything { approvedBy = approval.rawValue }
            case .removeAnything:
                if subject?.canBeRemoved == true || options.canBeRemoved.contains(path) {
                    approvedBy = "canBeRemoved"
                } else if options.canRemoveAnything {
                    approvedBy = approval.rawValue
                }
            }
            if approvedBy != nil { level = .approved }
        }
        found.append(MetadataChange(path: path, element: element, kind: kind, aspect: aspect, oldValue: oldValue,
                                    newValue: newValue, level: level, rule: rule, approvedBy: approvedBy))
    }

    func added(_ path: String, _ element: MetadataChange.ElementKind, _ rule: CompatibilityRule, _ e: CsdlElement) {
        emit(path, element, .added, rule)
        additions.append(e)
    }

    func removed(_ path: String, _ element: MetadataChange.ElementKind, _ rule: CompatibilityRule, _ e: CsdlElement,
                         carry: Removal?) {
        emit(path, element, .removed, rule, subject: e)
        if let c = carry { removals.append(c) }
    }

    func value(_ b: Bool) -> String { b ? "true" : "false" }

    /// Emits a type change when two type references name different types (alias spellings aside).
    func differ(_ path: String, _ element: MetadataChange.ElementKind, _ rule: CompatibilityRule, _ o: TypeReference, _ n: TypeReference) {
        // Compared field by field first: this runs for every property of both documents.
        if o.isCollection != n.isCollection || o.qualifiedName != n.qualifiedName {
            emit(path, element, .typeChanged, rule, old: o.description, new: n.description)
        }
    }

    func differ(_ path: String, _ element: MetadataChange.ElementKind, _ kind: MetadataChange.Kind, _ rule: CompatibilityRule,
                        aspect: String? = nil, _ o: String?, _ n: String?) {
        if o != n { emit(path, element, kind, rule, aspect: aspect, old: o, new: n) }
    }

    // MARK: Document and references

    private func compareDocuments() {
        if old.version != new.version {
            let rule: CompatibilityRule = old.version.isV4 && new.version.isV4 ? .minorVersionChanged : .versionChanged
            emit("", .document, .versionChanged, rule, aspect: "Version", old: old.version.rawValue, new: new.version.rawValue)
        } else {
            differ("", .document, .versionChanged, .minorVersionChanged, aspect: "DataServiceVersion", old.dataServiceVersion, new.dataServiceVersion)
            differ("", .document, .versionChanged, .minorVersionChanged, aspect: "MaxDataServiceVersion",
                   old.maxDataServiceVersion, new.maxDataServiceVersion)
        }
    }

    private func compareReferences() {
        func includes(_ d: CsdlDocument) -> [(namespace: String, alias: String?, uri: String)] {
            d.references.flatMap { r in r.includes.map { ($0.namespace, $0.alias, r.uri) } }
        }
        let o = includes(old), n = includes(new)
        var byNamespace: [String: (alias: String?, uri: String)] = [:]
        for i in n where byNamespace[i.namespace] == nil { byNamespace[i.namespace] = (i.alias, i.uri) }
        var seen = Set<String>()
        for i in o where seen.insert(i.namespace).inserted {
            guard let m = byNamespace[i.namespace] else {
                emit(i.namespace, .reference, .referenceRemoved, .referenceChanged, old: i.uri)
                continue
            }
            differ(i.namespace, .reference, .referenceChanged, .referenceChanged, aspect: "Alias", i.alias, m.alias)
            differ(i.namespace, .reference, .referenceChanged, .referenceChanged, aspect: "Uri", i.uri, m.uri)
        }
        var added = Set<String>()
        for i in n where !seen.contains(i.namespace) && added.insert(i.namespace).inserted {
            emit(i.namespace, .reference, .referenceAdded, .referenceChanged, new: i.uri)
        }
    }

    // MARK: Schemas

    /// Annotations on schemas, and those of `Annotations` blocks whose target is not in the model (SAP services
    /// annotate entity sets they do not expose): compared by target, since they belong to no element.
    private func compareSchemas() {
        var newSchemas: [String: CsdlSchema] = [:]
        for s in new.schemas where newSchemas[s.namespace] == nil { newSchemas[s.namespace] = s }
        var seen = Set<String>()
        for s in old.schemas where seen.insert(s.namespace).inserted {
            guard let n = newSchemas[s.namespace] else { continue }   // its elements are reported one by one
            compareAnnotations(s, n, path: s.namespace, element: .schema)
        }
        let o = Self.unattachedAnnotations(old), n = Self.unattachedAnnotations(new)
        guard !o.isEmpty || !n.isEmpty else { return }
        var newByTarget: [String: [CsdlAnnotation]] = [:]
        for (t, list) in n { newByTarget[t] = list }
        var oldTargets = Set<String>()
        for (t, list) in o {
            oldTargets.insert(t)
            compareAnnotationLists(list, newByTarget[t] ?? [], path: t, element: .annotationTarget)
        }
        for (t, list) in n where !oldTargets.contains(t) {
            compareAnnotationLists([], list, path: t, element: .annotationTarget)
        }
    }

    /// Annotations of blocks whose target did not resolve, by target (the block's qualifier applied), in document order.
    private static func unattachedAnnotations(_ d: CsdlDocument) -> [(String, [CsdlAnnotation])] {
        var out: [(String, [CsdlAnnotation])] = []
        var index: [String: Int] = [:]
        for s in d.schemas {
            for b in s.annotationsBlocks where b.problems.contains(where: { $0.code == "unresolved-target" }) {
                let list = b.annotations.map { a -> CsdlAnnotation in
                    var a = a
                    if a.qualifier == nil { a.qualifier = b.qualifier }
                    return a
                }
                if let i = index[b.resolvedTarget] { out[i].1 += list } else {
                    index[b.resolvedTarget] = out.count
                    out.append((b.resolvedTarget, list))
                }
            }
        }
        return out
    }
}
