// Types and terms: structured types with their properties and navigation properties, enums, type definitions.
extension MetadataComparison {
    static func kind(of e: SchemaElement) -> MetadataChange.ElementKind? {
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

    func compareSchemaElements() {
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

        compareMembers(o, n, path: path, skipping: Self.quickEqual, compareProperty(_:_:path:))
        compareMembers(o, n, path: path, compareNavigation(_:_:path:))
    }

    /// True when two lists declare the same names in the same order: the usual case, compared pairwise without look-ups.
    private static func sameNames<T: CsdlElement>(_ a: [T], _ b: [T]) -> Bool {
        guard a.count == b.count else { return false }
        for i in a.indices where a[i].name != b[i].name || a[i].isRemoved { return false }
        return true
    }

    /// Members of one kind matched by name (`compare` for the pairs, but those `unchanged` says need no look).
    private func compareMembers<M: ComparedTypeMember>(_ o: StructuredType, _ n: StructuredType, path: String,
                                                       skipping unchanged: (M, M) -> Bool = { _, _ in false },
                                                       _ compare: (M, M, String) -> Void) {
        let (older, newer) = (M.own(in: o), M.own(in: n))
        if Self.sameNames(older, newer) {
            for (p, np) in zip(older, newer) where !unchanged(p, np) { compare(p, np, "\(path)/\(p.name)") }
            return
        }
        // One declared on a base type counts as the type's own for its users: a member that moves up or down the
        // hierarchy is reported as moved (and compared), not as removed and added.
        let kind = M.elementKind
        for p in older where M.member(named: p.name, in: o) === p {
            let pp = "\(path)/\(p.name)"
            let np = M.member(named: p.name, in: n)
            if p.isRemoved {
                if let np = np, np.declaringType === n { added(pp, kind, .propertyAdded, np) }
                else if np == nil { removals.append(p.removal(into: n)) }
                continue
            }
            if let np = np {
                if np.declaringType !== n {
                    emit(pp, kind, .moved, .propertyMoved, old: path, new: np.declaringType?.qualifiedName)
                }
                compare(p, np, pp)
            } else if M.otherKind(named: p.name, in: n) {
                emit(pp, kind, .kindChanged, .elementKindChanged, old: M.kindNames.this, new: M.kindNames.other)
            } else {
                removed(pp, kind, .propertyRemoved, p, carry: p.removal(into: n))
            }
        }
        for np in newer where M.member(named: np.name, in: n) === np {
            let pp = "\(path)/\(np.name)"
            if let op = M.member(named: np.name, in: o) {
                if op.declaringType !== o, !op.isRemoved {
                    emit(pp, kind, .moved, .propertyMoved, old: op.declaringType?.qualifiedName, new: path)
                    compare(op, np, pp)
                }
            } else if !M.otherKind(named: np.name, in: o) {
                added(pp, kind, .propertyAdded, np)
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
        compareTyped(o, n, path: path, .property, typeRule: .propertyTypeChanged, nullabilityRule: .propertyNullabilityChanged)
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

    /// The type, the nullability and the facets of two properties, parameters or return types.
    func compareTyped<T: ComparedTypedElement>(_ o: T, _ n: T, path: String, _ element: MetadataChange.ElementKind,
                                               typeRule: CompatibilityRule, nullabilityRule: CompatibilityRule) {
        differ(path, element, typeRule, o.type, n.type)
        if o.isNullable != n.isNullable {
            emit(path, element, .nullabilityChanged, nullabilityRule, old: value(o.isNullable), new: value(n.isNullable))
        }
        compareFacets(o.facets, n.facets, path: path, element: element)
    }

    func compareFacets(_ o: Facets, _ n: Facets, path: String, element: MetadataChange.ElementKind, rule: CompatibilityRule = .facetChanged) {
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
}
