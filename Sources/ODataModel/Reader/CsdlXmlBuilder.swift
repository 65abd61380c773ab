import CLibXML2
#if canImport(Glibc)
import Glibc
#endif

/// Turns SAX events of a CSDL XML document into a raw `CsdlDocument` (names as written, nothing resolved yet).
///
/// A struct, held by `SAXCallbacks` and called once per event through a mutating method: its state (the open
/// elements, the annotation being read, the flags) is then accessed where the compiler can see it is not shared,
/// without a dynamic exclusivity check per field access.
struct CsdlXmlBuilder {
    static let edmxV4 = "http://docs.oasis-open.org/odata/ns/edmx"
    static let edmxV2 = "http://schemas.microsoft.com/ado/2007/06/edmx"
    /// Entity Framework designer files use later edmx namespaces; accepted so that they can be recognised as such.
    static let edmxNamespaces: Set<String> = [edmxV4, edmxV2, "http://schemas.microsoft.com/ado/2008/10/edmx", "http://schemas.microsoft.com/ado/2009/11/edmx"]
    static let edmV4 = "http://docs.oasis-open.org/odata/ns/edm"
    static let metadataNS = "http://schemas.microsoft.com/ado/2007/08/dataservices/metadata"
    /// CSDL namespaces of EDM 1.0 through 3.0 (V2/V3) and OASIS (V4).
    static let csdlNamespaces: Set<String> = [
        "http://schemas.microsoft.com/ado/2006/04/edm", "http://schemas.microsoft.com/ado/2007/05/edm",
        "http://schemas.microsoft.com/ado/2008/01/edm", "http://schemas.microsoft.com/ado/2008/09/edm",
        "http://schemas.microsoft.com/ado/2009/11/edm", edmV4,
    ]

    let source: String
    /// Where the element being built starts (line and column after its start tag).
    var location = SourceLocation.unknown
    /// Set (once) when the document turns out not to be CSDL; the parser then stops.
    var fatal: MetadataIssue? { didSet { failed = fatal != nil } }
    /// `fatal != nil`, for checks on every event (cheaper than comparing an optional struct).
    private(set) var failed = false
    /// A not-well-formed document, found by libxml2.
    var parserFatal: MetadataIssue?
    /// Set once either verdict is in: later events build nothing.
    var stopped = false
    let doc = CsdlDocument()

    /// What an open element is, so that its children know where they go.
    private enum Frame {
        case edmx, dataServices, ignored
        case reference(Int)
        case schema(CsdlSchema)
        case structured(StructuredType)
        case key(EntityType)
        case property(Property)
        case navigation(NavigationProperty)
        case enumType(EnumType)
        case member(EnumMember)
        case typeDefinition(TypeDefinition)
        case association(Association)
        case associationEnd(Association, Int)
        case assocConstraint(Association)
        case assocRole(Association, principal: Bool)
        case container(EntityContainer)
        case containerElement(ContainerElement)
        case functionImport(FunctionImport)
        case actionImport(ActionImport)
        case associationSet(AssociationSet)
        case operation(Operation)
        case parameter(Parameter)
        case returnType(Operation?, FunctionImport?)
        case term(Term)
        case annotationsBlock(AnnotationsBlock)
        /// Inside an annotation: the open element is the top of `exprStack`.
        case expression
    }

    private var stack: [Frame] = []
    private var exprStack: [ExprFrame] = []
    private var sawRoot = false
    private var sawDataServices = false
    private var efDesigner = false
    var wantsText = false
    var text = ""

    /// Names, namespace URIs and long attribute values, converted once (see `NameInterner`).
    let names = NameInterner()
    let attributeTable = AttributeTable()
    /// The parser, for line numbers and to stop it; set once it is made.
    var ctxt: xmlParserCtxtPtr?
    /// Open Annotation elements: text matters only inside them (whitespace between elements is skipped).
    var annotationDepth = 0
    /// The current element's attributes, reused from element to element (freed by `SAXCallbacks`).
    var scratch = UnsafeMutablePointer<CapturedAttribute>.allocate(capacity: 32)
    var scratchCapacity = 32

    init(source: String) { self.source = source }

    private mutating func fail(_ code: String, _ message: String) {
        guard !failed else { return }
        fatal = MetadataIssue(.error, code: code, location: location, message)
    }

    private func warn(_ code: String, path: String, _ message: String) {
        doc.issues.append(MetadataIssue(.warning, code: code, path: path, location: location, message))
    }

    // MARK: Elements

    /// `local` and `namespace`: the element's local name and namespace URI as libxml2 interned them (made strings only
    /// where needed: long names cost a retain and a release per copy).
    mutating func startElement(local: UnsafePointer<xmlChar>, name: ElementName, namespace uri: UnsafePointer<xmlChar>?, attributes a: Attrs) {
        if !sawRoot {
            sawRoot = true
            let ns = uri.map { names.interned($0) }
            guard name == .Edmx, let ns = ns, Self.edmxNamespaces.contains(ns) else {
                fail("not-csdl", "not an OData metadata document: the root element is <\(names.interned(local))>\(ns.map { " in namespace \($0)" } ?? ""), expected <edmx:Edmx>")
                return
            }
            doc.edmxVersion = a[.Version]
            stack.append(.edmx)
            return
        }
        guard let top = stack.last else { stack.append(.ignored); return }
        if case .expression = top {
            openExpression(name: names.interned(local), kind: name, attributes: a)
            stack.append(.expression)
            wantsText = true
            text = ""
            return
        }
        if case .ignored = top { stack.append(.ignored); return }

        let nsKind = names.kind(ofURI: uri)
        let isEdmx = nsKind == .edmx
        let isCsdl = nsKind == .csdl

        if isEdmx {
            switch (top, name) {
            case (.edmx, .DataServices):
                sawDataServices = true
                doc.dataServiceVersion = a.foreign(Self.metadataNS, "DataServiceVersion")
                doc.maxDataServiceVersion = a.foreign(Self.metadataNS, "MaxDataServiceVersion")
                stack.append(.dataServices)
            case (.edmx, .Reference):
                doc.references.append(CsdlReference(uri: a[.Uri] ?? ""))
                stack.append(.reference(doc.references.count - 1))
            case (.reference(let i), .Include):
                doc.references[i].includes.append(.init(namespace: a[.Namespace] ?? "", alias: a[.Alias]))
                // Known aliases let annotations be read with their qualified names resolved right away.
                if let alias = a[.Alias], let ns = a[.Namespace] { doc.aliasToNamespace[alias] = ns }
                stack.append(.ignored)
            case (.reference(let i), .IncludeAnnotations):
                doc.references[i].includeAnnotations.append(.init(termNamespace: a[.TermNamespace] ?? "", qualifier: a[.Qualifier],
                                                                  targetNamespace: a[.TargetNamespace]))
                stack.append(.ignored)
            case (.edmx, .Runtime), (.edmx, .Designer), (.edmx, .ConceptualModels), (.edmx, .StorageModels), (.edmx, .Mappings):
                efDesigner = true
                stack.append(.ignored)
            default:
                stack.append(.ignored)
            }
            return
        }

        guard isCsdl else {
            // Elements of foreign namespaces (designer data, vendor extensions) are skipped whole.
            stack.append(.ignored)
            return
        }

        if name == .Annotation || name == .ValueAnnotation {
            openExpression(name: "Annotation", kind: .Annotation, attributes: a)
            stack.append(.expression)
            wantsText = true
            text = ""
            return
        }
        if name == .Documentation || name == .Using || name == .TypeAnnotation {
            stack.append(.ignored)
            return
        }

        switch top {
        case .dataServices:
            if name == .Schema {
                let s = CsdlSchema(namespace: a[.Namespace] ?? "", alias: a[.Alias], location: location)
                if let alias = s.alias {
                    doc.aliasToNamespace[alias] = s.namespace
                }
                if a.hasForeign { s.foreignAttributes = a.foreignAttributes }
                doc.schemas.append(s)
                stack.append(.schema(s))
            } else { unknown() }

        case .schema(let s):
            startSchemaChild(name, a, s)

        case .structured(let t):
            switch name {
            case .Key where t is EntityType:
                let e = t as! EntityType
                if !e.ownKeyNames.isEmpty {
                    warn("duplicate-key", path: e.qualifiedName, "entity type declares its key twice; the first Key is used")
                    stack.append(.ignored)
                } else {
                    stack.append(.key(e))
                }
            case .Property:
                let propertyName = a.take(.Name) ?? ""
                let p = Property(name: propertyName, type: TypeReference(a.take(.type) ?? "Edm.String"),
                                 facets: facets(a, of: t.qualifiedName + "/" + propertyName), location: location)
                if let mode = a.take(.ConcurrencyMode) { p.concurrencyMode = mode }
                if a.hasForeign { p.foreignAttributes = a.foreignAttributes }
                t.addProperty(p)
                stack.append(.property(p))
            case .NavigationProperty:
                let n = NavigationProperty(name: a.take(.Name) ?? "", type: TypeReference(a.take(.type) ?? ""), location: location)
                n.nullable = a.bool(.Nullable)
                n.partner = a.take(.Partner)
                n.containsTarget = a.bool(.ContainsTarget) ?? false
                n.relationship = a.take(.Relationship)
                n.fromRole = a.take(.FromRole)
                n.toRole = a.take(.ToRole)
                if a.hasForeign { n.foreignAttributes = a.foreignAttributes }
                t.addNavigationProperty(n)
                stack.append(.navigation(n))
            default: unknown()
            }

        case .key(let t):
            if name == .PropertyRef, let name = a.take(.Name) {
                t.ownKeyNames.append(name)
                if let alias = a.take(.Alias) { t.keyAliases[name] = alias }
            }
            stack.append(.ignored)

        case .navigation(let n):
            switch name {
            case .ReferentialConstraint:
                n.referentialConstraints.append(ReferentialConstraint(property: a[.Property] ?? "", referencedProperty: a[.ReferencedProperty] ?? ""))
                stack.append(.ignored)
            case .OnDelete:
                n.onDelete = a[.Action]
                stack.append(.ignored)
            default: unknown()
            }

        case .enumType(let e):
            if name == .Member {
                let memberName = a.take(.Name) ?? ""
                let explicit = a[.Value]
                let value: Int64
                if let v = explicit {
                    if let n = Int64(v) { value = n } else {
                        warn("bad-enum-value", path: "\(e.namespace).\(e.name)/\(memberName)", "enum member value \(v) is not an integer")
                        value = Int64(e.members.count)
                    }
                } else {
                    value = e.isFlags ? (e.members.isEmpty ? 0 : 1 << Int64(e.members.count - 1)) : (e.members.last.map { $0.value + 1 } ?? 0)
                }
                let m = EnumMember(name: memberName, value: value, explicit: explicit != nil, location: location)
                if a.hasForeign { m.foreignAttributes = a.foreignAttributes }
                e.addMember(m)
                stack.append(.member(m))
            } else { unknown() }

        case .association(let asc):
            switch name {
            case .End:
                asc.ends.append(.init(role: a[.Role] ?? "", type: TypeReference(a[.type] ?? ""), multiplicity: a[.Multiplicity] ?? "", onDelete: nil))
                stack.append(.associationEnd(asc, asc.ends.count - 1))
            case .ReferentialConstraint: stack.append(.assocConstraint(asc))
            default: unknown()
            }
        case .associationEnd(let asc, let i):
            if name == .OnDelete { asc.ends[i].onDelete = a[.Action] }
            stack.append(.ignored)
        case .assocConstraint(let asc):
            if name == .Principal || name == .Dependent {
                let principal = name == .Principal
                if principal { asc.principalRole = a[.Role] } else { asc.dependentRole = a[.Role] }
                stack.append(.assocRole(asc, principal: principal))
            } else { unknown() }
        case .assocRole(let asc, let principal):
            if name == .PropertyRef, let name = a[.Name] {
                // Principal and dependent property refs pair up by position.
                if principal {
                    asc.constraints.append(ReferentialConstraint(property: "", referencedProperty: name))
                } else if let i = asc.constraints.firstIndex(where: { $0.property.isEmpty }) {
                    asc.constraints[i].property = name
                } else {
                    asc.constraints.append(ReferentialConstraint(property: name, referencedProperty: ""))
                }
            }
            stack.append(.ignored)

        case .container(let c):
            startContainerChild(name, a, c)
        case .containerElement(let e):
            if name == .NavigationPropertyBinding {
                e.navigationPropertyBindings.append((a.take(.Path) ?? "", a.take(.Target) ?? ""))
            }
            stack.append(.ignored)
        case .associationSet(let s):
            if name == .End { s.ends.append((a[.Role] ?? "", a[.EntitySet] ?? "")) }
            stack.append(.ignored)
        case .functionImport(let f):
            switch name {
            case .Parameter:
                let p = parameter(a)
                f.parameters.append(p)
                stack.append(.parameter(p))
            case .ReturnType:
                var r = ReturnType(type: TypeReference(a.take(.type) ?? ""))
                r.facets = facets(a)
                if f.returnType == nil { f.returnType = r }
                if f.entitySet == nil { f.entitySet = a[.EntitySet] }
                stack.append(.returnType(nil, f))
            default: unknown()
            }
        case .operation(let o):
            switch name {
            case .Parameter:
                let p = parameter(a)
                o.parameters.append(p)
                stack.append(.parameter(p))
            case .ReturnType:
                var r = ReturnType(type: TypeReference(a.take(.type) ?? ""))
                r.facets = facets(a)
                o.returnType = r
                stack.append(.returnType(o, nil))
            default: unknown()
            }
        default:
            unknown()
        }
    }

    /// Pushes the frame of an annotation element, filled in place: a frame made first and then appended was copied
    /// on the way (every field retained, the original released), ~32,000 times for FAR_MANAGE.
    private mutating func openExpression(name: String, kind: ElementName, attributes a: Attrs) {
        exprStack.append(ExprFrame(name: name, kind: kind, location: location))
        exprStack[exprStack.count - 1].take(a, doc: doc)
    }

    private mutating func unknown() {
        stack.append(.ignored)
    }

    private func parameter(_ a: Attrs) -> Parameter {
        let p = Parameter(name: a.take(.Name) ?? "", type: TypeReference(a.take(.type) ?? ""), location: location)
        p.facets = facets(a)
        p.mode = a.take(.Mode)
        if a.hasForeign { p.foreignAttributes = a.foreignAttributes }
        return p
    }

    /// The facets of a property, parameter, return type, type definition or term (`owner`, for warnings). A value
    /// the CSDL does not allow is a `bad-facet` warning at the element, and is left out (the default holds).
    private func facets(_ a: Attrs, of owner: String = "") -> Facets {
        var f = Facets()
        for name in [AttrName.Nullable, .Unicode, .FixedLength] {
            if let v = a[name], v != "true", v != "false", v != "1", v != "0" {
                badFacet(owner, name, v, "true or false")
            }
        }
        f.nullable = a.bool(.Nullable)
        if let m = a[.MaxLength] {
            f.maxLength = MaxLength(m)
            if case .length(let n)? = f.maxLength, n > 0 {} else if f.maxLength != .max {
                f.maxLength = nil
                badFacet(owner, .MaxLength, m, "a positive integer or max")
            }
        }
        if let p = a[.Precision] {
            f.precision = Int(p)
            if f.precision.map({ $0 < 0 }) ?? true {
                f.precision = nil
                badFacet(owner, .Precision, p, "a non-negative integer")
            }
        }
        if let s = a[.Scale] {
            f.scale = Scale(s)
            if case .fixed(let n)? = f.scale, n < 0 { f.scale = nil }
            if f.scale == nil {
                badFacet(owner, .Scale, s, "a non-negative integer, variable or floating")
            } else if case .fixed(let n)? = f.scale, let precision = f.precision, n > precision {
                warn("bad-facet", path: owner, "Scale=\"\(s)\" is greater than Precision=\"\(precision)\" (the CSDL allows at most the precision)")
            }
        }
        f.srid = a.take(.SRID)
        if let srid = f.srid, srid.lowercased() != "variable", (Int(srid).map { $0 < 0 } ?? true) {
            f.srid = nil
            badFacet(owner, .SRID, srid, "a non-negative integer or variable")
        }
        f.unicode = a.bool(.Unicode)
        f.fixedLength = a.bool(.FixedLength)
        f.defaultValue = a.take(.DefaultValue)
        // SAP V2: a decfloat is a Decimal whose scale floats.
        if f.scale == nil, a.foreign(SAPAttributes.namespace, "variable-scale") == "true" { f.scale = .floating }
        return f
    }

    private func badFacet(_ owner: String, _ facet: AttrName, _ value: String, _ allowed: String) {
        warn("bad-facet", path: owner, "\(facet.name)=\"\(value)\" is not a value the CSDL allows (\(allowed)); the facet is ignored")
    }

    private mutating func startSchemaChild(_ element: ElementName, _ a: Attrs, _ s: CsdlSchema) {
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
    private mutating func index(_ e: SchemaElement) {
        if doc.schemaElements.insertIfAbsent(e.qualifiedName, e) != nil { indexHasDuplicates = true }
    }
    private var indexHasDuplicates = false

    private mutating func startContainerChild(_ element: ElementName, _ a: Attrs, _ c: EntityContainer) {
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

    mutating func endElement() {
        guard let top = stack.popLast() else { return }
        guard case .expression = top, var f = exprStack.popLast() else { return }
        f.text = text
        text = ""
        if f.kind == .PropertyValue {
            if !exprStack.isEmpty { exprStack[exprStack.count - 1].properties.append(f.propertyValue()) }
            return
        }
        if f.kind != .Annotation {
            if !exprStack.isEmpty { exprStack[exprStack.count - 1].operands.append(f.expression(doc)) }
            return
        }
        let ann = f.annotation(resolvingTermWith: doc)
        if !exprStack.isEmpty {
            // An annotation of an annotation is kept; one inside a record or other expression has no place in the model.
            if exprStack[exprStack.count - 1].kind == .Annotation { exprStack[exprStack.count - 1].annotations.append(ann) }
            return
        }
        wantsText = false
        // The element it goes to is worked out first, so that the annotation is appended by its one and last use
        // (moved, not copied: a copy retains its strings and nested values, and releases them again).
        let owner: CsdlElement?
        switch stack.last {
        case .schema(let s): owner = s
        case .structured(let t): owner = t
        case .property(let p): owner = p
        case .navigation(let n): owner = n
        case .enumType(let e): owner = e
        case .member(let m): owner = m
        case .typeDefinition(let t): owner = t
        case .container(let c): owner = c
        case .containerElement(let e): owner = e
        case .functionImport(let f): owner = f
        case .actionImport(let i): owner = i
        case .operation(let o): owner = o
        case .parameter(let p): owner = p
        case .term(let t): owner = t
        case .annotationsBlock(let b): owner = b
        case .association(let asc): owner = asc
        case .returnType(let o, _):
            // Annotations of a return type are kept on the operation, marked by target.
            var r = ann
            r.target = "$ReturnType"
            o?.annotations.append(r)
            return
        default: owner = nil
        }
        owner?.annotations.append(ann)
    }

    func finishDocument() throws -> CsdlDocument {
        if !sawRoot {
            throw MetadataError(source: source, MetadataIssue(.error, code: "empty", location: location, "the document is empty"))
        }
        if efDesigner && !sawDataServices {
            throw MetadataError(source: source, MetadataIssue(.error, code: "not-service-metadata",
                "an Entity Framework designer file (edmx:Runtime with storage and mapping models), not a service's $metadata"))
        }
        if !sawDataServices {
            throw MetadataError(source: source, MetadataIssue(.error, code: "not-csdl", "edmx:Edmx has no edmx:DataServices element"))
        }
        // The version: edmx 4.x is V4; edmx 1.0 is V2 or V3 by DataServiceVersion (the highest of the two declared).
        if let v = doc.edmxVersion, v.hasPrefix("4") {
            doc.version = v == "4.01" ? .v401 : .v4
        } else {
            let declared = [doc.dataServiceVersion, doc.maxDataServiceVersion].compactMap { $0.flatMap(ODataVersion.init(versionString:)) }
            doc.version = declared.contains(.v3) ? .v3 : .v2
        }
        doc.source = source
        doc.schemaElementsIndexedByReader = !indexHasDuplicates
        return doc
    }
}

/// The CSDL and EDMX element names the reader acts on, told apart once per distinct name pointer.
enum ElementName: String {
    case Edmx, DataServices, Reference, Include, IncludeAnnotations, Runtime, Designer, ConceptualModels, StorageModels, Mappings, Schema, EntityType, ComplexType, EnumType, TypeDefinition, Association, EntityContainer, Action, Function, Term, Annotations, Annotation, ValueAnnotation, Documentation, Using, TypeAnnotation, Key, PropertyRef, Property, NavigationProperty, ReferentialConstraint, OnDelete, Member, End, Principal, Dependent, EntitySet, Singleton, FunctionImport, ActionImport, AssociationSet, NavigationPropertyBinding, Parameter, ReturnType
    // Inside annotations: constant and path expressions (also as attributes), and the structural ones.
    case String, Bool, Int, Decimal, Float, Date, DateTimeOffset, TimeOfDay, Duration, Guid, Binary, EnumMember, DateTime, Time
    case Path, PropertyPath, NavigationPropertyPath, AnnotationPath, ModelElementPath, AnyPropertyPath
    case Null, Record, Collection, PropertyValue, LabeledElementReference, UrlRef
    // Attributes of annotation elements with fields of their own (with `Term` and `Property` above), told apart
    // through the same cache (`ExprFrame.take`).
    case Qualifier, `Type`
    case other = ""

    var isConstant: Swift.Bool {
        switch self {
        case .String, .Bool, .Int, .Decimal, .Float, .Date, .DateTimeOffset, .TimeOfDay, .Duration, .Guid, .Binary, .EnumMember, .DateTime, .Time: return true
        default: return false
        }
    }
    var isPath: Swift.Bool {
        switch self {
        case .Path, .PropertyPath, .NavigationPropertyPath, .AnnotationPath, .ModelElementPath, .AnyPropertyPath: return true
        default: return false
        }
    }
}

/// An element inside an annotation, open until its end tag. Values are built bottom-up: each element that closes
/// hands its expression (or property value, or annotation) to the one around it, so no tree of XML nodes is kept.
struct ExprFrame {
    let name: String
    /// `name` told apart once per distinct name (no string comparisons or hashing per element).
    let kind: ElementName
    let location: SourceLocation
    /// The attributes the reader asks for by name: `Term`, `Qualifier` (Annotation), `Property` (PropertyValue),
    /// `Type` (Record, Cast, IsOf). Nearly every frame has one or two; kept in an array, they cost an allocation
    /// and a free per element (FAR_MANAGE's annotations are ~32,000 elements).
    var term: String?
    var qualifier: String?
    var property: String?
    var type: String?
    /// Any other attributes (those of dynamic expressions: `Function`, `Name`, ...), in document order: a few
    /// pairs, searched linearly.
    var attributes: [(String, String)] = []
    /// The value given as an attribute (`String="..."`, `Path="..."`).
    var inline: AnnotationExpression?
    var operands: [AnnotationExpression] = []
    var properties: [AnnotationExpression.PropertyValue] = []
    var annotations: [CsdlAnnotation] = []
    var text = ""

    /// An empty frame; `CsdlXmlBuilder.openExpression` fills it in place from the element's attributes.
    init(name: String, kind: ElementName, location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.location = location
    }

    /// Files the element's attributes: the first constant or path attribute is its inline value, the ones read by
    /// name have fields of their own, and any others are kept in order.
    mutating func take(_ a: Attrs, doc: CsdlDocument) {
        a.forEachUnprefixed { key, keyKind, value in
            if inline == nil {
                if keyKind.isConstant { inline = .constant(kind: key, value: value); return }
                if keyKind.isPath { inline = .path(kind: key, value: value); return }
                if keyKind == .UrlRef { inline = .dynamic(name: "UrlRef", attributes: [:], operands: [.constant(kind: "String", value: value)]); return }
            }
            switch keyKind {
            case .Term: term = value
            case .Qualifier: qualifier = value
            case .Property: property = value
            case .Type: type = value
            default:
                if let i = attributes.firstIndex(where: { $0.0 == key }) { attributes[i].1 = value } else { attributes.append((key, value)) }
            }
        }
        // Qualified names in values are stored with aliases replaced, like terms.
        if kind == .Record, let t = type { type = doc.resolveAnnotationAlias(t) }
    }

    func annotation(resolvingTermWith doc: CsdlDocument) -> CsdlAnnotation {
        let written = term ?? ""
        return CsdlAnnotation(term: doc.resolveAnnotationAlias(written), termAsWritten: written, qualifier: qualifier,
                              value: inline ?? operands.first, annotations: annotations, location: location)
    }

    func propertyValue() -> AnnotationExpression.PropertyValue {
        .init(property: property ?? "", value: inline ?? operands.first ?? .null)
    }

    func expression(_ doc: CsdlDocument) -> AnnotationExpression {
        if kind.isConstant {
            return .constant(kind: name, value: kind == .String ? text : text.trimmingWhitespace())
        }
        if kind.isPath { return .path(kind: name, value: text.trimmingWhitespace()) }
        switch kind {
        case .Null: return .null
        case .Record: return .record(type: type, properties: properties)
        case .Collection: return .collection(operands)
        case .LabeledElementReference:
            return .dynamic(name: name, attributes: [:],
                            operands: [.constant(kind: "String", value: doc.resolveAnnotationAlias(text.trimmingWhitespace()))])
        default:
            var dict: [String: String] = [:]
            for (k, v) in attributes { dict[k] = v }
            for (k, v) in [("Term", term), ("Qualifier", qualifier), ("Property", property), ("Type", type)] { if let v { dict[k] = v } }
            return .dynamic(name: name, attributes: dict, operands: (inline.map { [$0] } ?? []) + operands)
        }
    }
}

/// The attributes of one element (values already Swift strings, owned by the SAX callbacks' scratch array); valid
/// during the start-element callback only.
struct Attrs {
    let list: UnsafeBufferPointer<CapturedAttribute>
    // Neither retained nor released: an Attrs lives only during its element's callback, while the builder's
    // interner and table certainly do.
    unowned(unsafe) let names: NameInterner
    unowned(unsafe) let table: AttributeTable
    /// Tells this element's attributes apart from those of elements before it in the builder's table.
    let generation: UInt32
    /// The table's memory, read directly (the table outlives every Attrs).
    private let filed: UnsafeMutablePointer<UInt32>
    private let seen: UnsafeMutablePointer<UInt32>
    private let index: UnsafeMutablePointer<Int>

    init(_ list: UnsafeBufferPointer<CapturedAttribute>, table: AttributeTable, names: NameInterner) {
        self.list = list
        self.names = names
        self.table = table
        table.elements.pointee &+= 1
        generation = table.elements.pointee
        filed = table.filed
        seen = table.seen
        index = table.index
    }

    /// Where an attribute without namespace (CSDL's own) is in `list`. The first look-up of an element files its
    /// attributes in the builder's table by name (one pass; names told apart by their interned pointers), so each
    /// look-up is an array read.
    @inline(__always)
    private func position(_ name: AttrName) -> Int? {
        if filed.pointee != generation { table.file(self) }
        guard seen[name.rawValue] == generation else { return nil }
        return index[name.rawValue]
    }

    subscript(_ name: AttrName) -> String? {
        guard let i = position(name) else { return nil }
        return list[i].value
    }
    /// The value of an attribute read once per element and kept (a name, a type), moved out rather than copied.
    /// Once taken, the attribute reads as empty: only for attributes read once.
    func take(_ name: AttrName) -> String? {
        guard let i = position(name) else { return nil }
        return taken(i)
    }
    /// The value at `i`, moved out.
    @inline(__always)
    private func taken(_ i: Int) -> String {
        // Moved through a pointer to the field itself: a swap through `pointee` copied the attribute out and back.
        let field = (UnsafeMutableRawPointer(mutating: list.baseAddress! + i) + Self.valueOffset).assumingMemoryBound(to: String.self)
        let value = field.move()
        field.initialize(to: "")
        return value
    }
    private static let valueOffset = MemoryLayout<CapturedAttribute>.offset(of: \CapturedAttribute.value)!
    func bool(_ name: AttrName) -> Bool? {
        guard let i = position(name) else { return nil }
        // Compared where it lies, without a copy of the string.
        let p = list.baseAddress! + i
        return p.pointee.value == "true" || p.pointee.value == "1"
    }
    func foreign(_ ns: String, _ name: StaticString) -> String? {
        let want = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
        for a in list {
            guard let uri = a.uri else { continue }
            if strcmp(UnsafeRawPointer(a.localName).assumingMemoryBound(to: CChar.self), want) == 0 && names.interned(uri) == ns { return a.value }
        }
        return nil
    }
    /// Whether any attribute is in a namespace (SAP's `sap:`, ...): most elements have none, and then their
    /// element's `foreignAttributes` is left as it is (an assignment costs an access check and a release).
    var hasForeign: Bool {
        for a in list where a.uri != nil { return true }
        return false
    }
    /// The attributes in a namespace, as the model keeps them; their values are taken (see `take`): read them last.
    var foreignAttributes: [ForeignAttribute] {
        var out: [ForeignAttribute] = []
        for i in list.indices {
            guard let uri = list[i].uri else { continue }
            let prefix = list[i].prefix.map { names.interned($0) } ?? ""
            out.append(ForeignAttribute(prefix: prefix, localName: names.interned(list[i].localName), namespace: names.interned(uri),
                                        value: taken(i)))
        }
        return out
    }
    /// Calls `body` with each attribute that has no namespace (CSDL's own): its name, what the name is
    /// (told apart through the same pointer cache as element names), and its value.
    /// The values are taken (see `take`): the element's attributes are read once, here.
    func forEachUnprefixed(_ body: (String, ElementName, String) -> Void) {
        for i in list.indices where list[i].uri == nil {
            let name = list[i].localName
            body(names.interned(name), names.elementName(name), taken(i))
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}

/// The CSDL attributes the reader looks up by name.
enum AttrName: Int, CaseIterable {
    case Abstract, Action, Alias, AppliesTo, Association, BaseTerm, BaseType, ConcurrencyMode, ContainsTarget, DefaultValue, EntitySet, EntitySetPath, EntityType, Extends, FixedLength, FromRole, Function, HasStream, HttpMethod, IncludeInServiceDocument, IsBindable, IsBound, IsComposable, IsFlags, IsSideEffecting, MaxLength, Mode, Multiplicity, Name, Namespace, Nullable, OpenType, Partner, Path, Precision, Property, Qualifier, ReferencedProperty, Relationship, ReturnType, Role, SRID, Scale, Target, TargetNamespace, TermNamespace, ToRole, type, UnderlyingType, Unicode, Uri, Value, Version

    /// The names as written, by raw value (`type` stands for `Type`, a name Swift keeps for itself). Spelled out
    /// rather than derived from the case names: `"\(case)"` goes through reflection, slow at the first look-up of
    /// every run (`AttrNameTests` checks the two agree).
    static let names = [
        "Abstract", "Action", "Alias", "AppliesTo", "Association", "BaseTerm", "BaseType", "ConcurrencyMode", "ContainsTarget",
        "DefaultValue", "EntitySet", "EntitySetPath", "EntityType", "Extends", "FixedLength", "FromRole", "Function", "HasStream",
        "HttpMethod", "IncludeInServiceDocument", "IsBindable", "IsBound", "IsComposable", "IsFlags", "IsSideEffecting",
        "MaxLength", "Mode", "Multiplicity", "Name", "Namespace", "Nullable", "OpenType", "Partner", "Path", "Precision",
        "Property", "Qualifier", "ReferencedProperty", "Relationship", "ReturnType", "Role", "SRID", "Scale", "Target",
        "TargetNamespace", "TermNamespace", "ToRole", "Type", "UnderlyingType", "Unicode", "Uri", "Value", "Version",
    ]
    var name: String { Self.names[rawValue] }
    static let byName: [String: AttrName] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
}

/// Where the attributes of the current element are, by `AttrName`: filled on the element's first look-up,
/// reused for every element (a slot counts only when its generation is the element's).
final class AttributeTable {
    // Plain memory behind `let` pointers: read a few hundred thousand times per large document, where bounds and
    // uniqueness checks of arrays, and exclusivity checks of class properties, showed. `filed` holds the generation
    // of the element whose attributes are filed; `elements` counts elements.
    let elements = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    let filed = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    let seen = UnsafeMutablePointer<UInt32>.allocate(capacity: AttrName.allCases.count)
    let index = UnsafeMutablePointer<Int>.allocate(capacity: AttrName.allCases.count)
    /// Attribute names (interned by libxml2, so equal names share a pointer) → `AttrName` raw value (-1 for
    /// others), direct-mapped.
    private let attrCacheKeys = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 256)
    private let attrCacheValues = UnsafeMutablePointer<Int>.allocate(capacity: 256)

    init() {
        elements.initialize(to: 0)
        filed.initialize(to: 0)
        seen.initialize(repeating: 0, count: AttrName.allCases.count)
        index.initialize(repeating: 0, count: AttrName.allCases.count)
        attrCacheKeys.initialize(repeating: nil, count: 256)
        attrCacheValues.initialize(repeating: -1, count: 256)
    }

    deinit {
        elements.deallocate()
        filed.deallocate()
        seen.deallocate()
        index.deallocate()
        attrCacheKeys.deallocate()
        attrCacheValues.deallocate()
    }

    func file(_ a: Attrs) {
        let generation = a.generation
        filed.pointee = generation
        // By position, reading only the names: iterating the attributes would copy each, its value string included.
        guard let base = a.list.baseAddress else { return }
        for i in 0..<a.list.count where base[i].uri == nil {
            let k = attrName(base[i].localName)
            // The first of a repeated attribute wins (libxml2 rejects repeats anyway).
            guard k >= 0, seen[k] != generation else { continue }
            seen[k] = generation
            index[k] = i
        }
    }

    private func attrName(_ name: UnsafePointer<xmlChar>) -> Int {
        let key = UnsafeRawPointer(name)
        let slot = pointerSlot(key, bits: 8)
        if attrCacheKeys[slot] == key { return attrCacheValues[slot] }
        let k = AttrName.byName[String(cString: name)]?.rawValue ?? -1
        attrCacheKeys[slot] = key
        attrCacheValues[slot] = k
        return k
    }
}

/// The slot of a pointer in a direct-mapped cache of 2^bits entries. libxml2 packs interned names side by side in
/// its dictionary pools, so low address bits collide in patterns: a multiplicative (Fibonacci) hash spreads them.
@inline(__always)
func pointerSlot(_ p: UnsafeRawPointer, bits: Int) -> Int {
    Int(truncatingIfNeeded: (UInt(bitPattern: p) &* 0x9E37_79B9_7F4A_7C15) >> UInt(64 - bits))
}
