// Types, members, terms and operations of CSDL JSON.
extension CsdlJsonReader.Reading {
    // MARK: Entity and complex types

    func readStructuredType(_ m: Member, _ members: [Member], isEntity: Bool, into schema: CsdlSchema) {
        let path = "\(schema.namespace).\(m.key)"
        let type: StructuredType = isEntity
            ? EntityType(name: m.key, namespace: schema.namespace, location: m.location)
            : ComplexType(name: m.key, namespace: schema.namespace, location: m.location)
        for x in members where !x.key.containsAtSign {
            switch x.key {
            case "$Kind": break
            case "$BaseType": if let s = string(x, path) { type.baseTypeName = TypeReference(name: s, isCollection: false) }
            case "$Abstract": type.isAbstract = bool(x, path) ?? false
            case "$OpenType": type.isOpen = bool(x, path) ?? false
            case "$HasStream":
                if let e = type as? EntityType { e.hasStream = bool(x, path) ?? false } else { unknownMember(x, path) }
            case "$Key":
                if let e = type as? EntityType { readKey(x, into: e, path: path) } else { unknownMember(x, path) }
            default:
                if x.key.hasPrefix("$") { unknownMember(x, path) } else { readStructuralMember(x, of: type, path: path) }
            }
        }
        applyAnnotations(members, to: type, path: path) { name in
            (type.ownProperties.first { $0.name == name } as CsdlElement?)
                ?? type.ownNavigationProperties.first { $0.name == name }
        }
        if let e = type as? EntityType { schema.add(e) } else if let c = type as? ComplexType { schema.add(c) }
    }

    /// `$Key`: names, or `{alias: path}` objects for keys on members of complex properties.
    func readKey(_ m: Member, into type: EntityType, path: String) {
        guard let items = array(m, path) else { return }
        for item in items {
            if let name = item.string {
                type.ownKeyNames.append(name)
            } else if let o = item.members, o.count == 1, let keyPath = o[0].value.string {
                type.ownKeyNames.append(keyPath)
                type.keyAliases[keyPath] = o[0].key
            } else {
                warn("invalid-value", path, item.location, "a $Key item is a property name or an {\"alias\": \"path\"} object")
            }
        }
    }

    /// A property or navigation property (by its `$Kind`).
    func readStructuralMember(_ m: Member, of type: StructuredType, path: String) {
        let memberPath = "\(path)/\(m.key)"
        guard let members = object(m, memberPath) else { return }
        let kind = members.first { $0.key == "$Kind" }
        switch kind?.value.string {
        case nil where kind == nil, "Property":
            let t = readTypeAndFacets(members, path: memberPath) { x in
                if x.key != "$Kind" { unknownMember(x, memberPath) }
            }
            let p = Property(name: m.key, type: t.reference, facets: t.facetsNotNullByDefault, location: m.location)
            applyAnnotations(members, to: p, path: memberPath)
            type.addProperty(p)
        case "NavigationProperty":
            if let n = readNavigationProperty(m, members, path: memberPath) { type.addNavigationProperty(n) }
        default:
            unknownKind(kind?.value.scalarText ?? "", memberPath, kind?.location ?? m.location)
        }
    }

    func readNavigationProperty(_ m: Member, _ members: [Member], path: String) -> NavigationProperty? {
        var typeName: String?
        var isCollection = false
        var nullable: Bool?
        var partner: String?, onDelete: String?
        var containsTarget = false
        var constraints: [ReferentialConstraint] = []
        for x in members where !x.key.containsAtSign {
            switch x.key {
            case "$Kind": break
            case "$Type": typeName = string(x, path)
            case "$Collection": isCollection = bool(x, path) ?? false
            case "$Nullable": nullable = bool(x, path)
            case "$Partner": partner = string(x, path)
            case "$ContainsTarget": containsTarget = bool(x, path) ?? false
            case "$OnDelete": onDelete = string(x, path)
            case "$ReferentialConstraint":
                // {dependent: principal}; "dependent@Term" members annotate a constraint and are not kept.
                for c in object(x, path) ?? [] where !c.key.containsAtSign {
                    if let principal = string(c, path) {
                        constraints.append(ReferentialConstraint(property: c.key, referencedProperty: principal))
                    }
                }
            default: unknownMember(x, path)
            }
        }
        guard let t = typeName else {
            warn("missing-member", path, m.location, "navigation property without $Type is ignored")
            return nil
        }
        let n = NavigationProperty(name: m.key, type: TypeReference(name: t, isCollection: isCollection), location: m.location)
        // CSDL JSON: an absent $Nullable means false; it is not written for collections.
        n.nullable = nullable ?? (isCollection ? nil : false)
        n.partner = partner
        n.containsTarget = containsTarget
        n.referentialConstraints = constraints
        n.onDelete = onDelete
        applyAnnotations(members, to: n, path: path)
        return n
    }

    // MARK: Enumerations, type definitions, terms

    func readEnumType(_ m: Member, _ members: [Member], into schema: CsdlSchema) {
        let path = "\(schema.namespace).\(m.key)"
        let e = EnumType(name: m.key, namespace: schema.namespace, location: m.location)
        for x in members where !x.key.containsAtSign {
            switch x.key {
            case "$Kind": break
            case "$UnderlyingType":
                if let s = string(x, path) {
                    if let p = PrimitiveType.named(s) { e.underlyingType = p } else {
                        warn("invalid-value", path, x.value.location, "unknown $UnderlyingType \(s); using Edm.Int32")
                    }
                }
            case "$IsFlags": e.isFlags = bool(x, path) ?? false
            default:
                if x.key.hasPrefix("$") { unknownMember(x, path); continue }
                // Member values are always written in JSON; large Int64 values may come as strings.
                let text: String?
                switch x.value.value {
                case .number(let n, true): text = n
                case .string(let s): text = s
                default: text = nil
                }
                guard let v = text.flatMap({ Int64($0) }) else {
                    wrongType(x, "\(path)/\(x.key)", expected: "an integer"); continue
                }
                e.addMember(EnumMember(name: x.key, value: v, explicit: true, location: x.location))
            }
        }
        applyAnnotations(members, to: e, path: path) { e.member(named: $0) }
        schema.add(e)
    }

    func readTypeDefinition(_ m: Member, _ members: [Member], into schema: CsdlSchema) {
        let path = "\(schema.namespace).\(m.key)"
        let td = TypeDefinition(name: m.key, namespace: schema.namespace, location: m.location)
        var underlying: String?
        for x in members where !x.key.containsAtSign {
            switch x.key {
            case "$Kind": break
            case "$UnderlyingType": underlying = string(x, path)
            default: if !readFacet(x, into: &td.facets, path: path) { unknownMember(x, path) }
            }
        }
        if let u = underlying {
            td.underlyingType = TypeReference(name: u, isCollection: false)
        } else {
            warn("missing-member", path, m.location, "type definition without $UnderlyingType; using Edm.String")
        }
        applyAnnotations(members, to: td, path: path)
        schema.add(td)
    }

    func readTerm(_ m: Member, _ members: [Member], into schema: CsdlSchema) {
        let path = "\(schema.namespace).\(m.key)"
        var baseTerm: String?
        var appliesTo: [String] = []
        let t = readTypeAndFacets(members, path: path) { x in
            switch x.key {
            case "$Kind": break
            case "$BaseTerm": baseTerm = string(x, path)
            case "$AppliesTo": appliesTo = strings(x, path)
            default: unknownMember(x, path)
            }
        }
        let term = Term(name: m.key, namespace: schema.namespace, type: t.reference, location: m.location)
        term.facets = t.facetsNotNullByDefault
        term.baseTerm = baseTerm
        term.appliesTo = appliesTo
        applyAnnotations(members, to: term, path: path)
        schema.add(term)
    }

    // MARK: Actions and functions

    func readOperations(_ m: Member, _ overloads: [JSONNode], into schema: CsdlSchema) {
        let path = "\(schema.namespace).\(m.key)"
        for item in overloads {
            guard let members = item.members else {
                warn("invalid-value", path, item.location, "an overload must be an object, found \(item.kindDescription)")
                continue
            }
            let kind: Operation.Kind
            switch members.first(where: { $0.key == "$Kind" })?.value.string {
            case "Action": kind = .action
            case "Function": kind = .function
            case let other:
                unknownKind(other ?? "(none)", path, item.location)
                continue
            }
            let op = Operation(kind: kind, name: m.key, namespace: schema.namespace, location: item.location)
            for x in members where !x.key.containsAtSign {
                switch x.key {
                case "$Kind": break
                case "$IsBound": op.isBound = bool(x, path) ?? false
                case "$IsComposable": op.isComposable = bool(x, path) ?? false
                case "$EntitySetPath": op.entitySetPath = string(x, path)
                case "$Parameter":
                    for p in objects(x, path) {
                        if let parameter = readParameter(p.members, at: p.location, path: path) { op.parameters.append(parameter) }
                    }
                case "$ReturnType":
                    guard let r = object(x, path) else { break }
                    let t = readTypeAndFacets(r, path: "\(path)/$ReturnType") { unknownMember($0, "\(path)/$ReturnType") }
                    var returnType = ReturnType(type: t.reference)
                    returnType.facets = t.facetsNotNullByDefault
                    op.returnType = returnType
                    // As in CSDL XML reading: annotations of the return type are kept on the operation, targeted `$ReturnType`.
                    for a in annotations(in: r, path: "\(path)/$ReturnType")[""] ?? [] {
                        var a = a
                        a.target = "$ReturnType"
                        op.annotations.append(a)
                    }
                default: unknownMember(x, path)
                }
            }
            applyAnnotations(members, to: op, path: path)
            schema.add(op)
        }
    }

    func readParameter(_ members: [Member], at location: SourceLocation, path: String) -> Parameter? {
        var name: String?
        let t = readTypeAndFacets(members, path: path) { x in
            if x.key == "$Name" { name = string(x, path) } else { unknownMember(x, path) }
        }
        guard let n = name else {
            warn("missing-member", path, location, "parameter without $Name is ignored")
            return nil
        }
        let p = Parameter(name: n, type: t.reference, location: location)
        p.facets = t.facetsNotNullByDefault
        applyAnnotations(members, to: p, path: "\(path)/\(n)")
        return p
    }

    // MARK: Types and facets

    /// `$Type` (default `Edm.String`), `$Collection` and the facets of a property, parameter, return type or term.
    struct TypeAndFacets {
        var type = "Edm.String"
        var isCollection = false
        var facets = Facets()
        var reference: TypeReference { TypeReference(name: type, isCollection: isCollection) }
        /// CSDL JSON: an absent `$Nullable` means false (CSDL XML's absent `Nullable` means true).
        var facetsNotNullByDefault: Facets {
            var f = facets
            if f.nullable == nil { f.nullable = false }
            return f
        }
    }

    /// Reads `$Type`, `$Collection` and facets; hands every other member (annotations excepted) to `other`.
    func readTypeAndFacets(_ members: [Member], path: String, other: (Member) -> Void) -> TypeAndFacets {
        var t = TypeAndFacets()
        for x in members where !x.key.containsAtSign {
            switch x.key {
            case "$Type": if let s = string(x, path) { t.type = s }
            case "$Collection": t.isCollection = bool(x, path) ?? false
            default: if !readFacet(x, into: &t.facets, path: path) { other(x) }
            }
        }
        // CSDL JSON leaves out `$Scale` when it is `variable` (CSDL XML's absent Scale means 0).
        if t.type == "Edm.Decimal" && t.facets.scale == nil { t.facets.scale = .variable }
        return t
    }

    /// Reads one facet member into `facets`; false when the member is not a facet.
    func readFacet(_ x: Member, into facets: inout Facets, path: String) -> Bool {
        switch x.key {
        case "$Nullable": facets.nullable = bool(x, path)
        case "$Unicode": facets.unicode = bool(x, path)
        case "$FixedLength": facets.fixedLength = bool(x, path)
        case "$Precision": facets.precision = integer(x, path)
        case "$MaxLength":
            if let text = x.value.scalarText, x.value.bool == nil, let v = MaxLength(text) { facets.maxLength = v } else {
                wrongType(x, path, expected: "an integer")
            }
        case "$Scale":
            if let text = x.value.scalarText, x.value.bool == nil, let v = Scale(text) { facets.scale = v } else {
                wrongType(x, path, expected: "an integer, \"variable\" or \"floating\"")
            }
        case "$SRID":
            if case .number = x.value.value { facets.srid = x.value.scalarText } else if let s = x.value.string { facets.srid = s } else {
                wrongType(x, path, expected: "an integer or \"variable\"")
            }
        case "$DefaultValue":
            // Kept as text, the way CSDL XML writes it (`true`, `-128`, `null`, `2012-12-03`).
            if let text = x.value.scalarText { facets.defaultValue = text } else { wrongType(x, path, expected: "a primitive value") }
        default:
            return false
        }
        return true
    }
}
