/// The children of `Schema` and `EntityContainer` elements, and the facets and parameters they share.
extension CsdlXmlBuilder {
    func parameter(_ a: Attrs) -> Parameter {
        let p = Parameter(name: a.take(.Name) ?? "", type: a.typeReference(.type) ?? TypeReference(""), location: location)
        p.facets = facets(a)
        p.mode = a.take(.Mode)
        if a.hasForeign { p.foreignAttributes = a.foreignAttributes }
        return p
    }

    /// The facets of a property, parameter, return type, type definition or term (`owner`, for warnings: made only
    /// for one, not for every property). A value
    /// the CSDL does not allow is a `bad-facet` warning at the element, and is left out (the default holds).
    func facets(_ a: Attrs, of owner: @autoclosure () -> String = "") -> Facets {
        var f = Facets()
        // Compared as bytes where they lie: a string made for each (and an array of the names) cost more.
        if let v = a.nonBoolean(.Nullable) { badFacet(owner(), .Nullable, v, "true or false") }
        if let v = a.nonBoolean(.Unicode) { badFacet(owner(), .Unicode, v, "true or false") }
        if let v = a.nonBoolean(.FixedLength) { badFacet(owner(), .FixedLength, v, "true or false") }
        f.nullable = a.bool(.Nullable)
        if let m = a[.MaxLength] {
            f.maxLength = MaxLength(m)
            if case .length(let n)? = f.maxLength, n > 0 {} else if f.maxLength != .max {
                f.maxLength = nil
                badFacet(owner(), .MaxLength, m, "a positive integer or max")
            }
        }
        if let p = a[.Precision] {
            f.precision = Int(p)
            if f.precision.map({ $0 < 0 }) ?? true {
                f.precision = nil
                badFacet(owner(), .Precision, p, "a non-negative integer")
            }
        }
        if let s = a[.Scale] {
            f.scale = Scale(s)
            if case .fixed(let n)? = f.scale, n < 0 { f.scale = nil }
            if f.scale == nil {
                badFacet(owner(), .Scale, s, "a non-negative integer, variable or floating")
            } else if case .fixed(let n)? = f.scale, let precision = f.precision, n > precision {
                warn("bad-facet", path: owner(), "Scale=\"\(s)\" is greater than Precision=\"\(precision)\" (the CSDL allows at most the precision)")
            }
        }
        f.srid = a.take(.SRID)
        if let srid = f.srid, srid.lowercased() != "variable", (Int(srid).map { $0 < 0 } ?? true) {
            f.srid = nil
            badFacet(owner(), .SRID, srid, "a non-negative integer or variable")
        }
        f.unicode = a.bool(.Unicode)
        f.fixedLength = a.bool(.FixedLength)
        f.defaultValue = a.take(.DefaultValue)
        // SAP V2: a decfloat is a Decimal whose scale floats.
        if f.scale == nil, a.foreign(SAPAttributes.namespace, "variable-scale") == "true" { f.scale = .floating }
        return f
    }

    func badFacet(_ owner: String, _ facet: AttrName, _ value: String, _ allowed: String) {
        warn("bad-facet", path: owner, "\(facet.name)=\"\(value)\" is not a value the CSDL allows (\(allowed)); the facet is ignored")
    }

    mutating func startSchemaChild(_ element: ElementName, _ a: Attrs, _ s: CsdlSchema) {
        let name = a.take(.Name) ?? ""
        switch element {
        case .EntityType, .ComplexType:
            let t: StructuredType = element == .EntityType
                ? EntityType(name: name, namespace: s.namespace, location: location)
                : ComplexType(name: name, namespace: s.namespace, location: location)
            t.baseTypeName = a.take(.BaseType).map { TypeReference($0) }
            t.isAbstract = a.bool(.Abstract) ?? false
            t.isOpen = a.bool(.OpenType) ?? false
            if let e = t as? EntityType {
                e.hasStream = a.bool(.HasStream) ?? (a.foreign(Self.metadataNS, "HasStream") == "true")
                s.add(e)
            } else {
                s.add(t as! ComplexType)
            }
            index(t)
            if a.hasForeign { t.foreignAttributes = a.foreignAttributes }
            stack.append(.structured(t))
        case .EnumType:
            let e = EnumType(name: name, namespace: s.namespace, location: location)
            if let u = a[.UnderlyingType] {
                if let p = PrimitiveType.named(u) { e.underlyingType = p } else {
                    warn("bad-underlying-type", path: "\(s.namespace).\(name)", "enum underlying type \(u) is not an integer type")
                }
            }
            e.isFlags = a.bool(.IsFlags) ?? false
            if a.hasForeign { e.foreignAttributes = a.foreignAttributes }
            s.add(e)
            index(e)
            stack.append(.enumType(e))
        case .TypeDefinition:
            let t = TypeDefinition(name: name, namespace: s.namespace, location: location)
            t.underlyingType = TypeReference(a[.UnderlyingType] ?? "Edm.String")
            t.facets = facets(a)
            if a.hasForeign { t.foreignAttributes = a.foreignAttributes }
            s.add(t)
            index(t)
            stack.append(.typeDefinition(t))
        case .Association:
            let asc = Association(name: name, namespace: s.namespace, location: location)
            if a.hasForeign { asc.foreignAttributes = a.foreignAttributes }
            s.add(asc)
            index(asc)
            stack.append(.association(asc))
        case .EntityContainer:
            let c = EntityContainer(name: name, namespace: s.namespace, location: location)
            c.extends = a[.Extends]
            c.isDefault = a.foreign(Self.metadataNS, "IsDefaultEntityContainer") == "true"
            if a.hasForeign { c.foreignAttributes = a.foreignAttributes }
            s.add(c)
            index(c)
            stack.append(.container(c))
        case .Action, .Function:
            let o = Operation(kind: element == .Action ? .action : .function, name: name, namespace: s.namespace, location: location)
            o.isBound = a.bool(.IsBound) ?? false
            o.isComposable = a.bool(.IsComposable) ?? false
            o.entitySetPath = a[.EntitySetPath]
            if a.hasForeign { o.foreignAttributes = a.foreignAttributes }
            s.add(o)
            stack.append(.operation(o))
        case .Term:
            let t = Term(name: name, namespace: s.namespace, type: TypeReference(a[.type] ?? "Edm.String"), location: location)
            t.facets = facets(a)
            t.baseTerm = a[.BaseTerm]
            t.appliesTo = (a[.AppliesTo] ?? "").split(separator: " ").map(String.init)
            s.add(t)
            index(t)
            stack.append(.term(t))
        case .Annotations:
            let b = AnnotationsBlock(target: a.take(.Target) ?? "", qualifier: a.take(.Qualifier), location: location)
            s.add(b)
            stack.append(.annotationsBlock(b))
        default:
            unknown()
        }
    }

    /// Files a type, term, container or association under its qualified name as it is read, so that the resolver
    /// need not. A name seen twice leaves the indexing to the resolver, which decides which one counts and warns.
    mutating func index(_ e: SchemaElement) {
        if schemaIndex.insertIfAbsent(e.qualifiedName, e) != nil { indexHasDuplicates = true }
    }

    mutating func startContainerChild(_ element: ElementName, _ a: Attrs, _ c: EntityContainer) {
        let name = a.take(.Name) ?? ""
        switch element {
        case .EntitySet:
            let s = EntitySet(name: name, type: TypeReference(a.take(.EntityType) ?? ""), location: location)
            s.includeInServiceDocument = a.bool(.IncludeInServiceDocument) ?? true
            if a.hasForeign { s.foreignAttributes = a.foreignAttributes }
            c.add(s)
            stack.append(.containerElement(s))
        case .Singleton:
            let s = Singleton(name: name, type: TypeReference(a[.type] ?? ""), location: location)
            if a.hasForeign { s.foreignAttributes = a.foreignAttributes }
            c.add(s)
            stack.append(.containerElement(s))
        case .FunctionImport:
            let f = FunctionImport(name: name, location: location)
            f.function = a[.Function]
            f.entitySet = a[.EntitySet]
            f.includeInServiceDocument = a.bool(.IncludeInServiceDocument) ?? false
            f.httpMethod = a.foreign(Self.metadataNS, "HttpMethod") ?? a[.HttpMethod]
            if let r = a[.ReturnType] { f.returnType = ReturnType(type: TypeReference(r)) }
            f.isSideEffecting = a.bool(.IsSideEffecting)
            f.isBindable = a.bool(.IsBindable)
            f.isComposable = a.bool(.IsComposable)
            if a.hasForeign { f.foreignAttributes = a.foreignAttributes }
            c.add(f)
            stack.append(.functionImport(f))
        case .ActionImport:
            let i = ActionImport(name: name, action: a[.Action] ?? "", location: location)
            i.entitySet = a[.EntitySet]
            if a.hasForeign { i.foreignAttributes = a.foreignAttributes }
            c.add(i)
            stack.append(.actionImport(i))
        case .AssociationSet:
            let s = AssociationSet(name: name, association: a[.Association] ?? "", location: location)
            if a.hasForeign { s.foreignAttributes = a.foreignAttributes }
            c.add(s)
            stack.append(.associationSet(s))
        default:
            unknown()
        }
    }
}
