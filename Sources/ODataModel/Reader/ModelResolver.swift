import FoundationEssentials
import Synchronization

/// Resolves a raw document (names as written) into a usable model and validates it.
///
/// It replaces aliases, links base and derived types, resolves every type reference, turns V2/V3
/// associations into navigation targets, multiplicities, partners and bindings, attaches the annotations of
/// `Annotations Target=...` blocks to their targets, and records what real services get wrong as warnings
/// on the affected elements (which stay in the model, marked).
struct ModelResolver {
    let doc: CsdlDocument
    /// Type names as written → qualified name and what it resolves to: a few hundred distinct names stand for tens
    /// of thousands of references.
    /// The table is plain memory behind a `let` pointer: as a class property changed in place, every look-up and
    /// insertion was a dynamic exclusivity check.
    private final class TypeCache {
        let map = UnsafeMutablePointer<NameTable<(qualified: String, resolved: ResolvedType)>>.allocate(capacity: 1)
        init() { map.initialize(to: NameTable()) }
        deinit {
            map.deinitialize(count: 1)
            map.deallocate()
        }
    }
    private let typeCache = TypeCache()
    /// Names of dynamic properties declared by aggregation annotations, gathered when a path first needs them.
    let dynamicNames = DynamicPropertyNames()

    init(_ doc: CsdlDocument) {
        self.doc = doc
    }

    func warn(_ code: String, _ element: CsdlElement?, path: @autoclosure () -> String, _ message: String) {
        let issue = MetadataIssue(.warning, code: code, path: path(), location: element?.location ?? .unknown, message)
        doc.issues.append(issue)
        element?.problems.append(issue)
    }

    /// Warns that a type name does not resolve, unless it lives in a referenced document (a vocabulary, another
    /// service), which cannot be checked without loading that document and is not the service's mistake.
    func unresolved(_ element: CsdlElement?, path: @autoclosure () -> String, what: String, name: String) {
        if isExternal(name) { return }
        warn("unresolved-type", element, path: path(), "\(what) \(name) is not defined")
    }

    /// True when a qualified name lives in a namespace included by an `edmx:Reference` rather than declared here.
    private func isExternal(_ qualifiedName: String) -> Bool {
        guard let dot = qualifiedName.lastIndex(of: ".") else { return false }
        let ns = String(qualifiedName[..<dot])
        return doc.references.contains { $0.includes.contains { $0.namespace == ns } } && !doc.schemas.contains { $0.namespace == ns }
    }

    /// Resolves the document in steps, each over all elements once; warnings come in the order of the steps.
    func resolve() {
        indexSchemas()
        indexOperations()
        let types: [StructuredType] = doc.entityTypes + doc.complexTypes
        typeCache.map.pointee = NameTable(minimumCapacity: typeCacheCapacity)
        linkBaseTypes(types)
        resolveMembers(types)
        resolveEnumsAndDefinitions()
        resolveOperations()
        resolveContainers()
        attachAnnotations(prepareAnnotations())
        checkInlineAnnotationPaths()
    }

    /// Distinct type names as written, about one per type referenced, plus the primitive ones; fewer than the schema
    /// elements (NameTable keeps half its slots free).
    private var typeCacheCapacity: Int { doc.schemaElements.count / 2 + 64 }

    /// All `Annotations` blocks in document order, their targets looked up.
    struct AnnotationTargets {
        var blocks: [AnnotationsBlock] = []
        var lookups: [TargetLookup] = []
        /// The schema's namespace of each block without a target (for its warning), by position.
        var namespaceOfUntargeted: [Int: String] = [:]
    }

    // MARK: Names

    private func indexSchemas() {
        for r in doc.references {
            for inc in r.includes { if let a = inc.alias { doc.aliasToNamespace[a] = inc.namespace } }
        }
        for s in doc.schemas {
            if let a = s.alias { doc.aliasToNamespace[a] = s.namespace }
        }
        let elements = doc.schemas.reduce(0) { n, s in
            n + s.entityTypes.count + s.complexTypes.count + s.enumTypes.count + s.typeDefinitions.count + s.terms.count
                + s.entityContainers.count + s.associations.count
        }
        // The XML reader filed them already (in document order, which gives the same table when no name repeats).
        let prebuilt = doc.schemaElementsIndexedByReader && doc.schemaElements.count == elements
        doc.schemaElementsIndexedByReader = false
        if prebuilt { return }
        var seen = NameTable<SchemaElement>(minimumCapacity: elements)
        func add(_ e: SchemaElement, kind: String) {
            if let prev = seen.insertIfAbsent(e.qualifiedName, e) {
                warn("duplicate-name", e, path: e.qualifiedName,
                     "\(kind) \(e.qualifiedName) is declared twice (first at \(prev.location)); the first one is used")
            }
        }
        for s in doc.schemas {
            for t in s.entityTypes { add(t, kind: "entity type") }
            for t in s.complexTypes { add(t, kind: "complex type") }
            for t in s.enumTypes { add(t, kind: "enum type") }
            for t in s.typeDefinitions { add(t, kind: "type definition") }
            for t in s.terms { add(t, kind: "term") }
            for c in s.entityContainers { add(c, kind: "entity container") }
            for a in s.associations { add(a, kind: "association") }
        }
        doc.schemaElements = seen
    }

    /// Actions and functions by qualified name (overloads together).
    private func indexOperations() {
        doc.operationsByName.reserveCapacity(doc.schemas.reduce(0) { $0 + $1.actions.count + $1.functions.count })
        for s in doc.schemas {
            for o in s.actions + s.functions { doc.operationsByName[o.qualifiedName, default: []].append(o) }
        }
    }

    private func resolveRef(_ r: inout TypeReference) -> ResolvedType {
        let hit = lookUp(r.nameAsWritten)
        r.qualifiedName = hit.qualified
        return hit.resolved
    }

    /// What a type name as written stands for: its qualified name and what it resolves to.
    private func lookUp(_ written: String) -> (qualified: String, resolved: ResolvedType) {
        // A few hundred distinct names stand for tens of thousands of references: each is resolved once.
        if let hit = typeCache.map.pointee[written] { return hit }
        let qualified = doc.resolveAlias(written)
        let resolved = doc.resolveQualifiedType(qualified)
        typeCache.map.pointee[written] = (qualified, resolved)
        return (qualified, resolved)
    }

    /// What `r` resolves to, and `r` with its qualified name when that differs from the one it has (nil: nothing to
    /// store). For the type references of members: going through `&member.type` read the reference out of the
    /// member and wrote it back, its strings retained and released, for every member, where an alias is rare.
    private func resolving(_ r: TypeReference) -> (changed: TypeReference?, resolved: ResolvedType) {
        let hit = lookUp(r.nameAsWritten)
        if hit.qualified == r.qualifiedName { return (nil, hit.resolved) }
        var changed = r
        changed.qualifiedName = hit.qualified
        return (changed, hit.resolved)
    }

    // MARK: Types

    /// Base types, linked by name; then each type on a cycle of base types is warned about, once.
    private func linkBaseTypes(_ all: [StructuredType]) {
        for t in all {
            guard var b = t.baseTypeName else { continue }
            // Through the type cache: thousands of types name the same few bases (Graph: `graph.entity`).
            let base: StructuredType?
            switch resolveRef(&b) {
            case .entity(let e): base = e
            case .complex(let c): base = c
            default: base = nil
            }
            t.baseTypeName = b
            if let base = base, (base is EntityType) == (t is EntityType) {
                t.baseType = base
                base.directDerivedTypes.append(t)
            } else {
                warn("unresolved-base-type", t, path: t.qualifiedName,
                     base == nil ? "base type \(b.qualifiedName) is not defined" : "base type \(b.qualifiedName) is not of the same kind")
            }
        }
        // Each type is walked up its chain once: a walk stops at a type walked before, and a type met again on the
        // walk under way closes a cycle, whose types are those from that type on.
        var state: [ObjectIdentifier: Int] = [:]   // walk number while under way, -1 once done
        state.reserveCapacity(all.count)
        var inCycle = Set<ObjectIdentifier>()
        for (walk, start) in all.enumerated() {
            var path: [StructuredType] = []
            var next: StructuredType? = start
            while let t = next {
                let id = ObjectIdentifier(t)
                if let seen = state[id] {
                    if seen == walk, let from = path.firstIndex(where: { $0 === t }) {
                        for c in path[from...] { inCycle.insert(ObjectIdentifier(c)) }
                    }
                    break
                }
                state[id] = walk
                path.append(t)
                next = t.baseType
            }
            for t in path { state[ObjectIdentifier(t)] = -1 }
        }
        for t in all where inCycle.contains(ObjectIdentifier(t)) {
            warn("base-type-cycle", t, path: t.qualifiedName, "base types form a cycle")
        }
    }

    /// For each type: whether it or a base type declares a key, and whether it or a base type is abstract (a type on
    /// a cycle of base types counts every type of the cycle). Each type's chain is walked only up to a type already
    /// known, so the whole takes linear time (`allKeyNames` per type walks every chain to its end).
    static func inheritedFacts(_ types: [StructuredType]) -> [ObjectIdentifier: (hasKey: Bool, isAbstract: Bool)] {
        var facts: [ObjectIdentifier: (hasKey: Bool, isAbstract: Bool)] = [:]
        facts.reserveCapacity(types.count)
        func own(_ t: StructuredType) -> (hasKey: Bool, isAbstract: Bool) {
            (!((t as? EntityType)?.ownKeyNames.isEmpty ?? true), t.isAbstract)
        }
        for start in types where facts[ObjectIdentifier(start)] == nil {
            var path: [StructuredType] = []
            var onPath: [ObjectIdentifier: Int] = [:]
            var above: (hasKey: Bool, isAbstract: Bool) = (false, false)
            var next: StructuredType? = start
            var cycleFrom: Int?
            while let t = next {
                let id = ObjectIdentifier(t)
                if let known = facts[id] { above = known; break }
                if let i = onPath[id] { cycleFrom = i; break }
                onPath[id] = path.count
                path.append(t)
                next = t.baseType
            }
            if let cycleFrom {
                // Every type of the cycle has all the others for base types.
                for t in path[cycleFrom...] { let o = own(t); above = (above.hasKey || o.hasKey, above.isAbstract || o.isAbstract) }
                for t in path[cycleFrom...] { facts[ObjectIdentifier(t)] = above }
            }
            for t in path[..<(cycleFrom ?? path.count)].reversed() {
                let o = own(t)
                above = (above.hasKey || o.hasKey, above.isAbstract || o.isAbstract)
                facts[ObjectIdentifier(t)] = above
            }
        }
        return facts
    }

    /// Property and navigation types, keys and duplicate members, of `types`.
    private func resolveMembers(_ types: [StructuredType]) {
        let facts = doc.version.isV4 ? [:] : Self.inheritedFacts(types)
        for t in types {
            // Filed here, once per type, before any look-up of a member by name.
            let repeatedNames = t.indexMembers()
            for p in t.ownProperties {
                // Read from the local copy, not the property: each read of `resolvedType` copies it.
                let (changed, r) = resolving(p.type)
                if let changed { p.type = changed }
                p.resolvedType = r
                switch r {
                case .unresolved(let n): unresolved(p, path: p.path, what: "type", name: n)
                case .entity: warn("bad-property-type", p, path: p.path, "a structural property cannot have entity type \(p.type.qualifiedName)")
                default: break
                }
                if r.underlyingPrimitive == .decimal { checkDecimal(p.facets, .decimal, element: p, path: p.path) }
            }
            for n in t.ownNavigationProperties { resolveNavigation(n, in: t) }
            if let e = t as? EntityType {
                for k in e.ownKeyNames {
                    let first = String(k.split(separator: "/").first ?? "")
                    if e.structuralProperty(named: first) == nil {
                        warn("missing-key-property", e, path: e.qualifiedName, "key names \(k), which is not a property of the type")
                    }
                }
                // V4 needs a key only on types of entity sets (checked with the containers); V2/V3 always.
                if !doc.version.isV4, let f = facts[ObjectIdentifier(e)], !f.hasKey, !f.isAbstract {
                    warn("missing-key", e, path: e.qualifiedName, "entity type has no key")
                }
            }
            for m in repeatedNames {
                warn("duplicate-name", t, path: "\(t.qualifiedName)/\(m)", "member \(m) is declared twice")
            }
        }
    }

    private func checkDecimal(_ f: Facets, _ type: PrimitiveType?, element: CsdlElement, path: @autoclosure () -> String) {
        guard type == .decimal else { return }
        if f.scale == nil, let d = f.defaultValue, d.contains(".") {
            warn("decimal-scale", element, path: path(),
                 "Edm.Decimal without Scale (so scale 0) has the default value \(d), which carries fractions")
        }
        if case .fixed(let s)? = f.scale, let p = f.precision, s > p {
            warn("decimal-scale", element, path: path(), "Scale \(s) is larger than Precision \(p)")
        }
    }

    private func resolveNavigation(_ n: NavigationProperty, in t: StructuredType) {
        if let rel = n.relationship {
            // V2/V3: the association's ends give target type and multiplicity.
            let q = doc.resolveAlias(rel)
            guard let asc = doc.schemaElements[q] as? Association else {
                warn("unresolved-association", n, path: n.path, "association \(rel) is not defined")
                return
            }
            guard let to = n.toRole.flatMap(asc.end(role:)), let from = n.fromRole.flatMap(asc.end(role:)) else {
                warn("unresolved-role", n, path: n.path, "roles \(n.fromRole ?? "?") → \(n.toRole ?? "?") are not ends of \(q)")
                return
            }
            // As written: resolving it below replaces the alias.
            n.type = TypeReference(name: to.type.nameAsWritten, isCollection: to.multiplicity == "*")
            n.multiplicity = to.multiplicity
            n.nullable = to.multiplicity == "*" ? nil : to.multiplicity == "0..1"
            n.onDelete = from.onDelete
            if asc.dependentRole == n.fromRole, asc.principalRole == n.toRole {
                n.referentialConstraints = asc.constraints
            }
        }
        // Through the type cache: a few hundred targets for thousands of navigation properties (it replaces the
        // alias as written too).
        if case .entity(let target) = resolveRef(&n.type) {
            n.target = target
        } else if n.type.primitive == .entityType {
            // Vocabularies may point at any entity type.
        } else if n.type.primitive != nil || doc.schemaElements[n.type.qualifiedName] != nil {
            warn("bad-navigation-type", n, path: n.path, "navigation target \(n.type.qualifiedName) is not an entity type")
        } else {
            unresolved(n, path: n.path, what: "navigation target type", name: n.type.qualifiedName)
        }
    }

    private func resolveEnumsAndDefinitions() {
        for e in doc.enumTypes {
            if !e.underlyingType.isIntegral {
                warn("bad-underlying-type", e, path: e.qualifiedName, "enum underlying type \(e.underlyingType.rawValue) is not an integer type")
            }
            if !e.indexMembers().isEmpty {
                // The warning goes on each later declaration.
                var names = Set<String>()
                for m in e.members where !names.insert(m.name).inserted {
                    warn("duplicate-name", m, path: "\(e.qualifiedName)/\(m.name)", "enum member \(m.name) is declared twice")
                }
            }
        }
        for t in doc.typeDefinitions {
            let r = resolveRef(&t.underlyingType)
            if case .primitive = r {} else {
                warn("bad-underlying-type", t, path: t.qualifiedName, "underlying type \(t.underlyingType.qualifiedName) is not a primitive type")
            }
        }
        for t in doc.terms {
            if case .unresolved(let n) = resolveRef(&t.type) {
                unresolved(t, path: t.qualifiedName, what: "term type", name: n)
            }
        }
    }

    private func resolveOperations() {
        for o in doc.actions + doc.functions {
            for p in o.parameters {
                let (changed, r) = resolving(p.type)
                if let changed { p.type = changed }
                p.resolvedType = r
                if case .unresolved(let n) = r {
                    unresolved(p, path: "\(o.qualifiedName)/\(p.name)", what: "parameter type", name: n)
                }
            }
            if var r = o.returnType {
                if case .unresolved(let n) = resolveRef(&r.type) {
                    unresolved(o, path: "\(o.qualifiedName)/$ReturnType", what: "return type", name: n)
                }
                o.returnType = r
            } else if o.kind == .function {
                warn("missing-return-type", o, path: o.qualifiedName, "function has no return type")
            }
            if o.isBound && o.parameters.isEmpty {
                warn("missing-binding-parameter", o, path: o.qualifiedName, "bound operation has no binding parameter")
            }
        }
    }

    // MARK: Containers

    private func resolveContainers() {
        // The default (or only) container's names win when several containers declare the same one.
        let containers = doc.entityContainers.sorted { a, b in
            (a === doc.entityContainer ? 0 : 1) < (b === doc.entityContainer ? 0 : 1)
        }
        for c in containers {
            for s in c.entitySets { resolveSetType(s, in: c); register(s, in: &doc.entitySetsByName, kind: "entity set") }
            for s in c.singletons { resolveSetType(s, in: c); register(s, in: &doc.singletonsByName, kind: "singleton") }
            for f in c.functionImports {
                if let fn = f.function {
                    f.resolvedFunctions = doc.operationsByName[doc.resolveAlias(fn)]?.filter { $0.kind == .function } ?? []
                    if f.resolvedFunctions.isEmpty { warn("unresolved-function", f, path: "\(c.name)/\(f.name)", "function \(fn) is not defined") }
                }
                for p in f.parameters {
                    p.resolvedType = resolveRef(&p.type)
                    if case .unresolved(let n) = p.resolvedType {
                        unresolved(p, path: "\(c.name)/\(f.name)/\(p.name)", what: "parameter type", name: n)
                    }
                }
                if var r = f.returnType {
                    if case .unresolved(let n) = resolveRef(&r.type) {
                        unresolved(f, path: "\(c.name)/\(f.name)", what: "return type", name: n)
                    }
                    f.returnType = r
                }
                if doc.functionImportsByName[f.name] == nil { doc.functionImportsByName[f.name] = f }
            }
            for a in c.actionImports {
                a.resolvedActions = doc.operationsByName[doc.resolveAlias(a.action)]?.filter { $0.kind == .action } ?? []
                if a.resolvedActions.isEmpty { warn("unresolved-action", a, path: "\(c.name)/\(a.name)", "action \(a.action) is not defined") }
                if doc.actionImportsByName[a.name] == nil { doc.actionImportsByName[a.name] = a }
            }
        }
        for c in containers {
            deriveV2Bindings(c)
            for s in c.entitySets as [ContainerElement] + c.singletons {
                for b in s.navigationPropertyBindings {
                    // `[Container/]SetOrSingleton[/path]`: the set or singleton is what must exist.
                    var segments = b.target.split(separator: "/").map(String.init)
                    if segments.count > 1, segments[0].contains(".") { segments.removeFirst() }
                    let setName = segments.first ?? b.target
                    if doc.entitySetsByName[setName] == nil && doc.singletonsByName[setName] == nil {
                        warn("unresolved-binding", s, path: "\(c.name)/\(s.name)", "navigation binding \(b.path) targets \(b.target), which is not defined")
                    }
                }
            }
        }
    }

    private func resolveSetType(_ s: ContainerElement, in c: EntityContainer) {
        let r = resolveRef(&s.type)
        if case .entity(let t) = r {
            s.entityTypeIfResolved = t
            if s is EntitySet, doc.version.isV4, t.allKeyNames.isEmpty {
                warn("missing-key", s, path: "\(c.name)/\(s.name)", "entity type \(t.qualifiedName) of an entity set has no key")
            }
        } else {
            unresolved(s, path: "\(c.name)/\(s.name)", what: "entity type", name: s.type.qualifiedName)
        }
    }

    private func register<T: CsdlElement>(_ e: T, in index: inout [String: T], kind: String) {
        if index[e.name] == nil { index[e.name] = e } else {
            warn("duplicate-name", e, path: e.name, "\(kind) \(e.name) is declared twice")
        }
    }

    /// V2/V3: association sets say which set each navigation leads to; express that as V4-style bindings.
    private func deriveV2Bindings(_ c: EntityContainer) {
        guard !c.associationSets.isEmpty else { return }
        var byAssociation: [String: [AssociationSet]] = [:]
        for a in c.associationSets {
            let q = doc.resolveAlias(a.association)
            byAssociation[q, default: []].append(a)
            if doc.schemaElements[q] as? Association == nil {
                warn("unresolved-association", a, path: "\(c.name)/\(a.name)", "association \(a.association) is not defined")
            }
        }
        for s in c.entitySets {
            guard let t = s.entityTypeIfResolved else { continue }
            // Navigation of derived types binds too, by a path with a type cast (`NS.Derived/Nav`).
            let navs = t.navigationProperties.map { ("", $0) }
                + t.derivedTypes.flatMap { d in d.ownNavigationProperties.map { (d.qualifiedName + "/", $0) } }
            for (prefix, n) in navs {
                guard let rel = n.relationship, let from = n.fromRole, let to = n.toRole else { continue }
                for aset in byAssociation[doc.resolveAlias(rel)] ?? [] {
                    guard aset.ends.contains(where: { $0.role == from && $0.entitySet == s.name }),
                          let target = aset.ends.first(where: { $0.role == to })?.entitySet else { continue }
                    if s.bindingTarget(for: prefix + n.name) == nil { s.navigationPropertyBindings.append((prefix + n.name, target)) }
                }
            }
        }
        // Partners: the navigation on the other side of the same association.
        for t in doc.entityTypes {
            for n in t.ownNavigationProperties where n.partner == nil {
                guard let rel = n.relationship, let target = n.target else { continue }
                n.partner = target.navigationProperties.first {
                    $0.relationship.map(doc.resolveAlias) == doc.resolveAlias(rel) && $0.fromRole == n.toRole && $0.toRole == n.fromRole && $0 !== n
                }?.name
            }
        }
    }
}
