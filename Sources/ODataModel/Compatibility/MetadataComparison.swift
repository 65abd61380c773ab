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
    private(set) var removals: [Removal] = []
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

    private func emit(_ path: String, _ element: MetadataChange.ElementKind, _ kind: MetadataChange.Kind, _ rule: CompatibilityRule,
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

    private func added(_ path: String, _ element: MetadataChange.ElementKind, _ rule: CompatibilityRule, _ e: CsdlElement) {
        emit(path, element, .added, rule)
        additions.append(e)
    }

    private func removed(_ path: String, _ element: MetadataChange.ElementKind, _ rule: CompatibilityRule, _ e: CsdlElement,
                         carry: Removal?) {
        emit(path, element, .removed, rule, subject: e)
        if let c = carry { removals.append(c) }
    }

    private func value(_ b: Bool) -> String { b ? "true" : "false" }

    /// Emits a type change when two type references name different types (alias spellings aside).
    private func differ(_ path: String, _ element: MetadataChange.ElementKind, _ rule: CompatibilityRule, _ o: TypeReference, _ n: TypeReference) {
        // Compared field by field first: this runs for every property of both documents.
        if o.isCollection != n.isCollection || o.qualifiedName != n.qualifiedName {
            emit(path, element, .typeChanged, rule, old: o.description, new: n.description)
        }
    }

    private func differ(_ path: String, _ element: MetadataChange.ElementKind, _ kind: MetadataChange.Kind, _ rule: CompatibilityRule,
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

    // MARK: Types and terms

    private static func kind(of e: SchemaElement) -> MetadataChange.ElementKind? {
        switch e {
        case is EntityType: return .entityType
        case is ComplexType: return .complexType
        case is EnumType: return .enumType
        case is TypeDefinition: return .typeDefinition
        case is Term: return .term
        case is EntityContainer: return .entityContainer
        default: return nil     // V2/V3 associations: compared through the navigation properties they define
        }
    }

    private static func typesAndTerms(_ s: CsdlSchema) -> [SchemaElement] {
        s.entityTypes as [SchemaElement] + s.complexTypes + s.enumTypes + s.typeDefinitions + s.terms
    }

    private func compareSchemaElements() {
        var matched = Set<ObjectIdentifier>()
        for s in old.schemas {
            for o in Self.typesAndTerms(s) {
                let q = o.qualifiedName
                guard old.schemaElements[q] === o, let kind = Self.kind(of: o) else { continue }   // a duplicate
                let n = new.schemaElements[q]
                let newKind = n.flatMap(Self.kind(of:))
                if o.isRemoved {
                    // Removed by an earlier refresh: carried along again, or back.
                    if let n = n, newKind != nil { added(q, newKind!, n is Term ? .termAdded : .typeAdded, n) }
                    else { removals.append(.schemaElement(o)) }
                    continue
                }
                guard let n = n, let nk = newKind, nk != .entityContainer else {
                    removed(q, kind, .elementRemoved, o, carry: .schemaElement(o))
                    continue
                }
                matched.insert(ObjectIdentifier(n))
                if nk != kind {
                    emit(q, kind, .kindChanged, .elementKindChanged, old: kind.words, new: nk.words)
                    continue
                }
                switch (o, n) {
                case let (o as StructuredType, n as StructuredType): compareStructured(o, n, kind)
                case let (o as EnumType, n as EnumType): compareEnum(o, n)
                case let (o as TypeDefinition, n as TypeDefinition): compareTypeDefinition(o, n)
                case let (o as Term, n as Term): compareTerm(o, n)
                default: break
                }
            }
        }
        for s in new.schemas {
            for n in Self.typesAndTerms(s) where !matched.contains(ObjectIdentifier(n)) {
                let q = n.qualifiedName
                guard new.schemaElements[q] === n, let kind = Self.kind(of: n) else { continue }
                if let o = old.schemaElements[q], let ok = Self.kind(of: o), ok != .entityContainer { continue }
                added(q, kind, n is Term ? .termAdded : .typeAdded, n)
            }
        }
    }

    private func compareStructured(_ o: StructuredType, _ n: StructuredType, _ kind: MetadataChange.ElementKind) {
        let path = o.qualifiedName
        differ(path, kind, .baseTypeChanged, .baseTypeChanged, aspect: "base type", o.baseTypeName?.qualifiedName, n.baseTypeName?.qualifiedName)
        if let oe = o as? EntityType, let ne = n as? EntityType {
            // Reported where a key is declared; an inherited key's change shows on the base type.
            if !oe.ownKeyNames.isEmpty || !ne.ownKeyNames.isEmpty {
                let ok = oe.allKeyNames, nk = ne.allKeyNames
                if Set(ok) != Set(nk) {
                    emit(path, kind, .keyChanged, .keyChanged, old: ok.joined(separator: ","), new: nk.joined(separator: ","))
                }
            }
            if oe.hasStream != ne.hasStream {
                emit(path, kind, .traitChanged, .typeTraitChanged, aspect: "HasStream", old: value(oe.hasStream), new: value(ne.hasStream))
            }
        }
        if o.isAbstract != n.isAbstract {
            emit(path, kind, .traitChanged, .typeTraitChanged, aspect: "Abstract", old: value(o.isAbstract), new: value(n.isAbstract))
        }
        if o.isOpen != n.isOpen {
            emit(path, kind, .traitChanged, .typeTraitChanged, aspect: "OpenType", old: value(o.isOpen), new: value(n.isOpen))
        }
        compareAnnotations(o, n, path: path, element: kind)

        compareProperties(o, n, path: path)
        compareNavigationProperties(o, n, path: path)
    }

    /// True when two lists declare the same names in the same order: the usual case, compared pairwise without look-ups.
    private static func sameNames<T: CsdlElement>(_ a: [T], _ b: [T]) -> Bool {
        guard a.count == b.count else { return false }
        for i in a.indices where a[i].name != b[i].name || a[i].isRemoved { return false }
        return true
    }

    private func compareProperties(_ o: StructuredType, _ n: StructuredType, path: String) {
        if Self.sameNames(o.ownProperties, n.ownProperties) {
            for (p, np) in zip(o.ownProperties, n.ownProperties) where !Self.quickEqual(p, np) {
                compareProperty(p, np, path: "\(path)/\(p.name)")
            }
            return
        }
        // Structural properties. One declared on a base type counts as the type's own for its users: a property that
        // moves up or down the hierarchy is reported as moved (and compared), not as removed and added.
        for p in o.ownProperties where o.structuralProperty(named: p.name) === p {
            let pp = "\(path)/\(p.name)"
            let np = n.structuralProperty(named: p.name)
            if p.isRemoved {
                if let np = np, np.declaringType === n { added(pp, .property, .propertyAdded, np) }
                else if np == nil { removals.append(.property(p, into: n)) }
                continue
            }
            if let np = np {
                if np.declaringType !== n {
                    emit(pp, .property, .moved, .propertyMoved, old: path, new: np.declaringType?.qualifiedName)
                }
                compareProperty(p, np, path: pp)
            } else if n.navigationProperty(named: p.name) != nil {
                emit(pp, .property, .kindChanged, .elementKindChanged, old: "property", new: "navigation property")
            } else {
                removed(pp, .property, .propertyRemoved, p, carry: .property(p, into: n))
            }
        }
        for np in n.ownProperties where n.structuralProperty(named: np.name) === np {
            let pp = "\(path)/\(np.name)"
            if let op = o.structuralProperty(named: np.name) {
                if op.declaringType !== o, !op.isRemoved {
                    emit(pp, .property, .moved, .propertyMoved, old: op.declaringType?.qualifiedName, new: path)
                    compareProperty(op, np, path: pp)
                }
            } else if o.navigationProperty(named: np.name) == nil {
                added(pp, .property, .propertyAdded, np)
            }
        }

    }

    private func compareNavigationProperties(_ o: StructuredType, _ n: StructuredType, path: String) {
        if Self.sameNames(o.ownNavigationProperties, n.ownNavigationProperties) {
            for (p, np) in zip(o.ownNavigationProperties, n.ownNavigationProperties) {
                compareNavigation(p, np, path: "\(path)/\(p.name)")
            }
            return
        }
        // Navigation properties, the same way as structural ones.
        for p in o.ownNavigationProperties where o.navigationProperty(named: p.name) === p {
            let pp = "\(path)/\(p.name)"
            let np = n.navigationProperty(named: p.name)
            if p.isRemoved {
                if let np = np, np.declaringType === n { added(pp, .navigationProperty, .propertyAdded, np) }
                else if np == nil { removals.append(.navigation(p, into: n)) }
                continue
            }
            if let np = np {
                if np.declaringType !== n {
                    emit(pp, .navigationProperty, .moved, .propertyMoved, old: path, new: np.declaringType?.qualifiedName)
                }
                compareNavigation(p, np, path: pp)
            } else if n.structuralProperty(named: p.name) != nil {
                emit(pp, .navigationProperty, .kindChanged, .elementKindChanged, old: "navigation property", new: "property")
            } else {
                removed(pp, .navigationProperty, .propertyRemoved, p, carry: .navigation(p, into: n))
            }
        }
        for np in n.ownNavigationProperties where n.navigationProperty(named: np.name) === np {
            let pp = "\(path)/\(np.name)"
            if let op = o.navigationProperty(named: np.name) {
                if op.declaringType !== o, !op.isRemoved {
                    emit(pp, .navigationProperty, .moved, .propertyMoved, old: op.declaringType?.qualifiedName, new: path)
                    compareNavigation(op, np, path: pp)
                }
            } else if o.structuralProperty(named: np.name) == nil {
                added(pp, .navigationProperty, .propertyAdded, np)
            }
        }
    }

    /// Nothing to report between two properties: checked without building a path (this runs for every property).
    private static func quickEqual(_ o: Property, _ n: Property) -> Bool {
        o.type.qualifiedName == n.type.qualifiedName && o.type.isCollection == n.type.isCollection && o.facets == n.facets
            && o.concurrencyMode == n.concurrencyMode && o.annotations.isEmpty && n.annotations.isEmpty
            && o.foreignAttributes == n.foreignAttributes
    }

    private func compareProperty(_ o: Property, _ n: Property, path: String) {
        differ(path, .property, .propertyTypeChanged, o.type, n.type)
        if o.isNullable != n.isNullable {
            emit(path, .property, .nullabilityChanged, .propertyNullabilityChanged, old: value(o.isNullable), new: value(n.isNullable))
        }
        compareFacets(o.facets, n.facets, path: path, element: .property)
        differ(path, .property, .traitChanged, .concurrencyChanged, aspect: "ConcurrencyMode", o.concurrencyMode, n.concurrencyMode)
        compareAnnotations(o, n, path: path, element: .property)
    }

    private func compareNavigation(_ o: NavigationProperty, _ n: NavigationProperty, path: String) {
        differ(path, .navigationProperty, .propertyTypeChanged, o.type, n.type)
        // Nullable means something only for single-valued navigation; a change of cardinality is a type change.
        if !o.isCollection, !n.isCollection, o.isNullable != n.isNullable {
            emit(path, .navigationProperty, .nullabilityChanged, .propertyNullabilityChanged, old: value(o.isNullable), new: value(n.isNullable))
        }
        if o.containsTarget != n.containsTarget {
            emit(path, .navigationProperty, .traitChanged, .navigationTraitChanged, aspect: "ContainsTarget",
                 old: value(o.containsTarget), new: value(n.containsTarget))
        }
        differ(path, .navigationProperty, .traitChanged, .navigationTraitChanged, aspect: "Partner", o.partner, n.partner)
        func constraints(_ n: NavigationProperty) -> String? {
            n.referentialConstraints.isEmpty ? nil
                : n.referentialConstraints.map { "\($0.property)=\($0.referencedProperty)" }.sorted().joined(separator: ",")
        }
        differ(path, .navigationProperty, .traitChanged, .navigationTraitChanged, aspect: "ReferentialConstraint", constraints(o), constraints(n))
        differ(path, .navigationProperty, .traitChanged, .navigationTraitChanged, aspect: "OnDelete", o.onDelete, n.onDelete)
        compareAnnotations(o, n, path: path, element: .navigationProperty)
    }

    private func compareFacets(_ o: Facets, _ n: Facets, path: String, element: MetadataChange.ElementKind, rule: CompatibilityRule = .facetChanged) {
        if o == n { return }
        differ(path, element, .facetChanged, rule, aspect: "MaxLength", o.maxLength?.description, n.maxLength?.description)
        differ(path, element, .facetChanged, rule, aspect: "Precision", o.precision.map(String.init), n.precision.map(String.init))
        differ(path, element, .facetChanged, rule, aspect: "Scale", o.scale?.description, n.scale?.description)
        if o.srid?.lowercased() != n.srid?.lowercased() {
            emit(path, element, .facetChanged, rule, aspect: "SRID", old: o.srid, new: n.srid)
        }
        // Unicode is true and FixedLength false unless said otherwise; spelling out a default is no change.
        if (o.unicode ?? true) != (n.unicode ?? true) {
            emit(path, element, .facetChanged, rule, aspect: "Unicode", old: value(o.unicode ?? true), new: value(n.unicode ?? true))
        }
        if (o.fixedLength ?? false) != (n.fixedLength ?? false) {
            emit(path, element, .facetChanged, rule, aspect: "FixedLength", old: value(o.fixedLength ?? false), new: value(n.fixedLength ?? false))
        }
        differ(path, element, .facetChanged, rule, aspect: "DefaultValue", o.defaultValue, n.defaultValue)
    }

    private func compareEnum(_ o: EnumType, _ n: EnumType) {
        let path = o.qualifiedName
        differ(path, .enumType, .baseTypeChanged, .baseTypeChanged, aspect: "underlying type", o.underlyingType.rawValue, n.underlyingType.rawValue)
        if o.isFlags != n.isFlags {
            emit(path, .enumType, .flagsChanged, .enumFlagsChanged, old: value(o.isFlags), new: value(n.isFlags))
        }
        compareAnnotations(o, n, path: path, element: .enumType)
        if Self.sameNames(o.members, n.members) {
            for (m, nm) in zip(o.members, n.members) where m.value != nm.value || !m.annotations.isEmpty || !nm.annotations.isEmpty
                || !m.foreignAttributes.isEmpty || !nm.foreignAttributes.isEmpty {
                let mp = "\(path)/\(m.name)"
                if m.value != nm.value {
                    emit(mp, .enumMember, .enumValueChanged, .enumValueChanged, old: String(m.value), new: String(nm.value))
                }
                compareAnnotations(m, nm, path: mp, element: .enumMember)
            }
            return
        }
        var newMembers: [String: EnumMember] = [:]
        for m in n.members where newMembers[m.name] == nil { newMembers[m.name] = m }
        var oldNames = Set<String>()
        for m in o.members where oldNames.insert(m.name).inserted {
            let mp = "\(path)/\(m.name)"
            let nm = newMembers[m.name]
            if m.isRemoved {
                if let nm = nm { added(mp, .enumMember, .enumMemberAdded, nm) } else { removals.append(.member(m, into: n)) }
                continue
            }
            guard let nm = nm else {
                removed(mp, .enumMember, .enumMemberRemoved, m, carry: .member(m, into: n))
                continue
            }
            if m.value != nm.value {
                emit(mp, .enumMember, .enumValueChanged, .enumValueChanged, old: String(m.value), new: String(nm.value))
            }
            compareAnnotations(m, nm, path: mp, element: .enumMember)
        }
        var addedNames = Set<String>()
        for m in n.members where !oldNames.contains(m.name) && addedNames.insert(m.name).inserted {
            added("\(path)/\(m.name)", .enumMember, .enumMemberAdded, m)
        }
    }

    private func compareTypeDefinition(_ o: TypeDefinition, _ n: TypeDefinition) {
        let path = o.qualifiedName
        differ(path, .typeDefinition, .baseTypeChanged, .baseTypeChanged, aspect: "underlying type",
               o.underlyingType.description, n.underlyingType.description)
        compareFacets(o.facets, n.facets, path: path, element: .typeDefinition)
        compareAnnotations(o, n, path: path, element: .typeDefinition)
    }

    private func compareTerm(_ o: Term, _ n: Term) {
        let path = o.qualifiedName
        differ(path, .term, .termChanged, o.type, n.type)
        if (o.facets.nullable ?? true) != (n.facets.nullable ?? true) {
            emit(path, .term, .nullabilityChanged, .termChanged, old: value(o.facets.nullable ?? true), new: value(n.facets.nullable ?? true))
        }
        differ(path, .term, .traitChanged, .termChanged, aspect: "BaseTerm", o.baseTerm.map(old.resolveAlias), n.baseTerm.map(new.resolveAlias))
        differ(path, .term, .traitChanged, .termChanged, aspect: "AppliesTo",
               o.appliesTo.isEmpty ? nil : o.appliesTo.sorted().joined(separator: " "),
               n.appliesTo.isEmpty ? nil : n.appliesTo.sorted().joined(separator: " "))
        compareFacets(o.facets, n.facets, path: path, element: .term, rule: .termChanged)
        compareAnnotations(o, n, path: path, element: .term)
    }

    // MARK: Actions and functions

    /// What tells overloads apart (OData CSDL 4.01, 12.1 and 12.2): the binding parameter's type, and for functions
    /// the names of the other parameters.
    private static func overloadKey(_ o: Operation) -> String {
        var key = o.kind.rawValue
        key += o.isBound ? "|" + (o.parameters.first?.type.description ?? "") : "|-"
        if o.kind == .function {
            key += "|" + o.parameters.dropFirst(o.isBound ? 1 : 0).map(\.name).sorted().joined(separator: ",")
        }
        return key
    }

    private func compareOperations() {
        var done = Set<String>()
        for o in old.actions + old.functions where done.insert(o.qualifiedName).inserted {
            let olds = old.operationsByName[o.qualifiedName] ?? []
            var news = new.operationsByName[o.qualifiedName] ?? []
            var unmatched: [Operation] = []
            var newByKey: [String: Int] = [:]
            for (i, n) in news.enumerated() where newByKey[Self.overloadKey(n)] == nil { newByKey[Self.overloadKey(n)] = i }
            var taken = Set<Int>()
            var pairs: [(Operation, Operation)] = []
            for op in olds {
                if let i = newByKey[Self.overloadKey(op)], !taken.contains(i) { taken.insert(i); pairs.append((op, news[i])) }
                else { unmatched.append(op) }
            }
            news = news.enumerated().filter { !taken.contains($0.offset) }.map(\.element)
            // One overload left on each side, of the same kind and binding: the same operation with other parameters.
            if unmatched.count == 1, news.count == 1, let a = unmatched.first, let b = news.first, a.kind == b.kind, a.isBound == b.isBound,
               !a.isBound || a.parameters.first?.type.description == b.parameters.first?.type.description {
                pairs.append((a, b)); unmatched = []; news = []
            }
            for (a, b) in pairs {
                if a.isRemoved { added(b.signature, Self.kind(of: b), .operationAdded, b) } else { compareOperation(a, b) }
            }
            for a in unmatched {
                if a.isRemoved { removals.append(.operation(a)) }
                else { removed(a.signature, Self.kind(of: a), .elementRemoved, a, carry: .operation(a)) }
            }
            for b in news { added(b.signature, Self.kind(of: b), .operationAdded, b) }
        }
        for n in new.actions + new.functions where old.operationsByName[n.qualifiedName] == nil {
            added(n.signature, Self.kind(of: n), .operationAdded, n)
        }
    }

    private static func kind(of o: Operation) -> MetadataChange.ElementKind { o.kind == .action ? .action : .function }

    private func compareOperation(_ o: Operation, _ n: Operation) {
        let path = o.signature
        let kind = Self.kind(of: o)
        compareParameters(o.parameters, n.parameters, base: path, bound: o.isBound && n.isBound, omittable: o.kind == .action)
        compareReturnTypes(o.returnType, n.returnType, path: "\(path)/$ReturnType")
        if o.isComposable != n.isComposable {
            emit(path, kind, .traitChanged, .operationTraitChanged, aspect: "IsComposable", old: value(o.isComposable), new: value(n.isComposable))
        }
        differ(path, kind, .traitChanged, .operationTraitChanged, aspect: "EntitySetPath", o.entitySetPath, n.entitySetPath)
        // Annotations of the return type are kept on the operation with the target `$ReturnType`.
        let isReturn: (CsdlAnnotation) -> Bool = { $0.target == "$ReturnType" }
        compareAnnotationLists(o.annotations.filter { !isReturn($0) }, n.annotations.filter { !isReturn($0) }, path: path, element: kind)
        compareAnnotationLists(o.annotations.filter(isReturn), n.annotations.filter(isReturn), path: "\(path)/$ReturnType", element: .returnType)
        compareAttributes(o, n, path: path, element: kind)
    }

    /// Parameters by name (the binding parameter by position: callers never name it). `omittable`: a nullable
    /// parameter may be left out of a call (actions, V2/V3 function imports).
    private func compareParameters(_ o: [Parameter], _ n: [Parameter], base: String, bound: Bool, omittable: Bool) {
        var os = o[...], ns = n[...]
        if bound, let ob = os.first, let nb = ns.first {
            let pp = "\(base)/\(ob.name)"
            if ob.name != nb.name { emit(pp, .parameter, .renamed, .bindingParameterRenamed, old: ob.name, new: nb.name) }
            compareParameter(ob, nb, path: pp)
            os = os.dropFirst(); ns = ns.dropFirst()
        }
        var byName: [String: Parameter] = [:]
        for p in ns where byName[p.name] == nil { byName[p.name] = p }
        var oldNames = Set<String>()
        for p in os where oldNames.insert(p.name).inserted {
            let pp = "\(base)/\(p.name)"
            if let np = byName[p.name] { compareParameter(p, np, path: pp) }
            else { removed(pp, .parameter, .elementRemoved, p, carry: nil) }   // a parameter list is a signature: not carried
        }
        for p in ns where !oldNames.contains(p.name) {
            let optional = omittable && p.isNullable || p.annotation(term: "Org.OData.Core.V1.OptionalParameter") != nil
            added("\(base)/\(p.name)", .parameter, optional ? .optionalParameterAdded : .parameterAdded, p)
        }
        let oldOrder = os.map(\.name).filter { byName[$0] != nil }
        let newOrder = ns.map(\.name).filter { oldNames.contains($0) }
        if oldOrder != newOrder {
            emit(base, .parameter, .orderChanged, .parameterOrderChanged, aspect: "parameter order",
                 old: oldOrder.joined(separator: ","), new: newOrder.joined(separator: ","))
        }
    }

    private func compareParameter(_ o: Parameter, _ n: Parameter, path: String) {
        differ(path, .parameter, .parameterTypeChanged, o.type, n.type)
        if o.isNullable != n.isNullable {
            emit(path, .parameter, .nullabilityChanged, .parameterNullabilityChanged, old: value(o.isNullable), new: value(n.isNullable))
        }
        compareFacets(o.facets, n.facets, path: path, element: .parameter)
        differ(path, .parameter, .traitChanged, .containerElementChanged, aspect: "Mode", o.mode, n.mode)
        compareAnnotations(o, n, path: path, element: .parameter)
    }

    private func compareReturnTypes(_ o: ReturnType?, _ n: ReturnType?, path: String) {
        guard let o = o, let n = n else {
            if o != nil || n != nil {
                emit(path, .returnType, .typeChanged, .returnTypeChanged, old: o?.type.description, new: n?.type.description)
            }
            return
        }
        differ(path, .returnType, .returnTypeChanged, o.type, n.type)
        if o.isNullable != n.isNullable {
            emit(path, .returnType, .nullabilityChanged, .returnNullabilityChanged, old: value(o.isNullable), new: value(n.isNullable))
        }
        compareFacets(o.facets, n.facets, path: path, element: .returnType)
    }

    // MARK: Containers

    private func compareContainers() {
        let olds = old.entityContainers, news = new.entityContainers
        var byName: [String: EntityContainer] = [:]
        for c in news where byName[c.qualifiedName] == nil { byName[c.qualifiedName] = c }
        var pairs: [(EntityContainer, EntityContainer)] = []
        var unmatchedOld: [EntityContainer] = []
        var matchedNew = Set<ObjectIdentifier>()
        for c in olds {
            if let n = byName[c.qualifiedName], matchedNew.insert(ObjectIdentifier(n)).inserted { pairs.append((c, n)) }
            else { unmatchedOld.append(c) }
        }
        var unmatchedNew = news.filter { !matchedNew.contains(ObjectIdentifier($0)) }
        // A service has one container; when its name alone changed, compare what it holds.
        if unmatchedOld.count == 1, unmatchedNew.count == 1 {
            pairs.append((unmatchedOld[0], unmatchedNew[0])); unmatchedOld = []; unmatchedNew = []
        }
        for (o, n) in pairs {
            if o.isRemoved { added(n.name, .entityContainer, .containerAdded, n) } else { compareContainer(o, n) }
        }
        for o in unmatchedOld {
            if o.isRemoved { removals.append(.schemaElement(o)) }
            else { removed(o.name, .entityContainer, .elementRemoved, o, carry: .schemaElement(o)) }
        }
        for n in unmatchedNew { added(n.name, .entityContainer, .containerAdded, n) }
    }

    private static func kind(of e: CsdlElement) -> MetadataChange.ElementKind {
        switch e {
        case is EntitySet: return .entitySet
        case is Singleton: return .singleton
        case is FunctionImport: return .functionImport
        default: return .actionImport
        }
    }

    private func compareContainer(_ o: EntityContainer, _ n: EntityContainer) {
        let base = o.name
        if o.qualifiedName != n.qualifiedName {
            emit(base, .entityContainer, .renamed, .containerRenamed, old: o.qualifiedName, new: n.qualifiedName)
        }
        differ(base, .entityContainer, .traitChanged, .containerElementChanged, aspect: "Extends",
               o.extends.map(old.resolveAlias), n.extends.map(new.resolveAlias))
        compareAnnotations(o, n, path: base, element: .entityContainer)

        // Every child by name: entity sets, singletons and imports share one namespace in a container.
        func children(_ c: EntityContainer) -> [CsdlElement] {
            c.entitySets as [CsdlElement] + c.singletons + c.functionImports + c.actionImports
        }
        var newChildren: [String: CsdlElement] = [:]
        for e in children(n) where newChildren[e.name] == nil { newChildren[e.name] = e }
        var oldNames = Set<String>()
        for e in children(o) where oldNames.insert(e.name).inserted {
            let path = "\(base)/\(e.name)"
            let kind = Self.kind(of: e)
            let m = newChildren[e.name]
            if e.isRemoved {
                if let m = m { added(path, Self.kind(of: m), Self.addedRule(m), m) }
                else { removals.append(.containerElement(e, into: n)) }
                continue
            }
            guard let m = m else {
                removed(path, kind, .elementRemoved, e, carry: .containerElement(e, into: n))
                continue
            }
            let newKind = Self.kind(of: m)
            if newKind != kind {
                emit(path, kind, .kindChanged, .elementKindChanged, old: kind.words, new: newKind.words)
                continue
            }
            switch (e, m) {
            case let (a as ContainerElement, b as ContainerElement): compareContainerElement(a, b, path: path, kind: kind)
            case let (a as FunctionImport, b as FunctionImport): compareFunctionImport(a, b, path: path)
            case let (a as ActionImport, b as ActionImport): compareActionImport(a, b, path: path)
            default: break
            }
        }
        var addedNames = Set<String>()
        for e in children(n) where !oldNames.contains(e.name) && addedNames.insert(e.name).inserted {
            added("\(base)/\(e.name)", Self.kind(of: e), Self.addedRule(e), e)
        }
    }

    private static func addedRule(_ e: CsdlElement) -> CompatibilityRule {
        e is ContainerElement ? .entitySetAdded : .importAdded
    }

    private func compareContainerElement(_ o: ContainerElement, _ n: ContainerElement, path: String, kind: MetadataChange.ElementKind) {
        differ(path, kind, .typeChanged, .entitySetTypeChanged, o.type.qualifiedName, n.type.qualifiedName)
        if let a = o as? EntitySet, let b = n as? EntitySet, a.includeInServiceDocument != b.includeInServiceDocument {
            emit(path, kind, .traitChanged, .containerElementChanged, aspect: "IncludeInServiceDocument",
                 old: value(a.includeInServiceDocument), new: value(b.includeInServiceDocument))
        }
        // `Container/Set` and `Set` name the same target.
        func normalized(_ t: String) -> String {
            let segments = t.split(separator: "/", omittingEmptySubsequences: false)
            if segments.count > 1, segments[0].contains(".") { return segments.dropFirst().joined(separator: "/") }
            return t
        }
        var newBindings: [String: String] = [:]
        for b in n.navigationPropertyBindings where newBindings[b.path] == nil { newBindings[b.path] = normalized(b.target) }
        var oldPaths = Set<String>()
        for b in o.navigationPropertyBindings where oldPaths.insert(b.path).inserted {
            let t = normalized(b.target)
            guard let nt = newBindings[b.path] else {
                emit(path, kind, .bindingRemoved, .bindingChanged, aspect: b.path, old: t)
                continue
            }
            if nt != t { emit(path, kind, .bindingChanged, .bindingChanged, aspect: b.path, old: t, new: nt) }
        }
        var addedPaths = Set<String>()
        for b in n.navigationPropertyBindings where !oldPaths.contains(b.path) && addedPaths.insert(b.path).inserted {
            emit(path, kind, .bindingAdded, .bindingChanged, aspect: b.path, new: normalized(b.target))
        }
        compareAnnotations(o, n, path: path, element: kind)
    }

    private func compareFunctionImport(_ o: FunctionImport, _ n: FunctionImport, path: String) {
        let rule = CompatibilityRule.containerElementChanged
        differ(path, .functionImport, .traitChanged, rule, aspect: "Function", o.function.map(old.resolveAlias), n.function.map(new.resolveAlias))
        differ(path, .functionImport, .traitChanged, rule, aspect: "EntitySet", o.entitySet, n.entitySet)
        differ(path, .functionImport, .traitChanged, rule, aspect: "HttpMethod", o.httpMethod, n.httpMethod)
        if o.function != nil || n.function != nil, o.includeInServiceDocument != n.includeInServiceDocument {
            emit(path, .functionImport, .traitChanged, rule, aspect: "IncludeInServiceDocument",
                 old: value(o.includeInServiceDocument), new: value(n.includeInServiceDocument))
        }
        differ(path, .functionImport, .traitChanged, rule, aspect: "IsSideEffecting", o.isSideEffecting.map(value), n.isSideEffecting.map(value))
        differ(path, .functionImport, .traitChanged, rule, aspect: "IsBindable", o.isBindable.map(value), n.isBindable.map(value))
        differ(path, .functionImport, .traitChanged, rule, aspect: "IsComposable", o.isComposable.map(value), n.isComposable.map(value))
        // V2/V3 function imports are the operations themselves: their parameters and results follow the operation rules.
        compareParameters(o.parameters, n.parameters, base: path, bound: false, omittable: true)
        compareReturnTypes(o.returnType, n.returnType, path: "\(path)/$ReturnType")
        compareAnnotations(o, n, path: path, element: .functionImport)
    }

    private func compareActionImport(_ o: ActionImport, _ n: ActionImport, path: String) {
        let rule = CompatibilityRule.containerElementChanged
        differ(path, .actionImport, .traitChanged, rule, aspect: "Action", old.resolveAlias(o.action), new.resolveAlias(n.action))
        differ(path, .actionImport, .traitChanged, rule, aspect: "EntitySet", o.entitySet, n.entitySet)
        compareAnnotations(o, n, path: path, element: .actionImport)
    }

    // MARK: Annotations and foreign attributes

    private func compareAnnotations(_ o: CsdlElement, _ n: CsdlElement, path: String, element: MetadataChange.ElementKind) {
        if !o.annotations.isEmpty || !n.annotations.isEmpty {
            compareAnnotationLists(o.annotations, n.annotations, path: path, element: element)
        }
        compareAttributes(o, n, path: path, element: element)
    }

    private func compareAnnotationLists(_ o: [CsdlAnnotation], _ n: [CsdlAnnotation], path: String, element: MetadataChange.ElementKind) {
        if o.isEmpty && n.isEmpty { return }
        if o.count == n.count, zip(o, n).allSatisfy({ $0.term == $1.term && $0.qualifier == $1.qualifier && AnnotationText.same($0, $1) }) {
            return
        }
        var byKey: [String: CsdlAnnotation] = [:]
        for a in n where byKey[a.key] == nil { byKey[a.key] = a }
        var oldKeys = Set<String>()
        for a in o where oldKeys.insert(a.key).inserted {
            guard let b = byKey[a.key] else {
                emit(path, element, .annotationRemoved, .annotationRemoved, aspect: "@" + a.key, old: AnnotationText.text(a))
                continue
            }
            if !AnnotationText.same(a, b) {
                emit(path, element, .annotationChanged, .annotationChanged, aspect: "@" + a.key, old: AnnotationText.text(a), new: AnnotationText.text(b))
            }
        }
        var addedKeys = Set<String>()
        for a in n where !oldKeys.contains(a.key) && addedKeys.insert(a.key).inserted {
            emit(path, element, .annotationAdded, .annotationAdded, aspect: "@" + a.key, new: AnnotationText.text(a))
        }
    }

    /// Foreign attributes the model already reads into its own fields (compared there).
    private static let interpreted: Set<String> = [
        "http://schemas.microsoft.com/ado/2007/08/dataservices/metadata|HasStream",
        "http://schemas.microsoft.com/ado/2007/08/dataservices/metadata|HttpMethod",
        "http://schemas.microsoft.com/ado/2007/08/dataservices/metadata|IsDefaultEntityContainer",
    ]

    private func compareAttributes(_ o: CsdlElement, _ n: CsdlElement, path: String, element: MetadataChange.ElementKind) {
        let oa = o.foreignAttributes, na = n.foreignAttributes
        if oa.isEmpty && na.isEmpty || oa == na { return }
        func key(_ a: ForeignAttribute) -> String { a.namespace + "|" + a.localName }
        var byKey: [String: ForeignAttribute] = [:]
        for a in na where byKey[key(a)] == nil { byKey[key(a)] = a }
        var oldKeys = Set<String>()
        for a in oa where oldKeys.insert(key(a)).inserted && !Self.interpreted.contains(key(a)) {
            let b = byKey[key(a)]
            if b?.value != a.value {
                emit(path, element, .attributeChanged, .attributeChanged, aspect: (b ?? a).qualifiedName, old: a.value, new: b?.value)
            }
        }
        for b in na where !oldKeys.contains(key(b)) && !Self.interpreted.contains(key(b)) {
            oldKeys.insert(key(b))
            emit(path, element, .attributeChanged, .attributeChanged, aspect: b.qualifiedName, new: b.value)
        }
    }
}
