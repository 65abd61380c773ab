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
    enum Frame {
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

    var stack: [Frame] = []
    private var exprStack: [ExprFrame] = []
    /// The operands and property values of the open annotation elements, each element's after its parent's
    /// (`ExprFrame.operandsStart`).
    private var pendingOperands: [AnnotationExpression] = []
    private var pendingProperties: [AnnotationExpression.PropertyValue] = []
    private var sawRoot = false
    private var sawDataServices = false
    private var efDesigner = false
    var wantsText = false
    var text = ""

    /// Names, namespace URIs and long attribute values, converted once (see `NameInterner`).
    let names: NameInterner
    let attributeTable = AttributeTable()
    /// The parser, for line numbers and to stop it; set once it is made.
    var ctxt: xmlParserCtxtPtr?
    /// Open Annotation elements: text matters only inside them (whitespace between elements is skipped).
    var annotationDepth = 0

    init(source: String, expectedSize: Int? = nil) {
        self.source = source
        names = NameInterner(expectedSize: expectedSize)
    }

    mutating func fail(_ code: String, _ message: String) {
        guard !failed else { return }
        fatal = MetadataIssue(.error, code: code, location: location, message)
    }

    func warn(_ code: String, path: String, _ message: String) {
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
                let p = Property(name: propertyName, type: a.typeReference(.type) ?? TypeReference("Edm.String"),
                                 facets: facets(a, of: t.qualifiedName + "/" + propertyName), location: location)
                if let mode = a.take(.ConcurrencyMode) { p.concurrencyMode = mode }
                if a.hasForeign { p.foreignAttributes = a.foreignAttributes }
                t.addProperty(p)
                stack.append(.property(p))
            case .NavigationProperty:
                let n = NavigationProperty(name: a.take(.Name) ?? "", type: a.typeReference(.type) ?? TypeReference(""), location: location)
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
                var r = ReturnType(type: a.typeReference(.type) ?? TypeReference(""))
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
                var r = ReturnType(type: a.typeReference(.type) ?? TypeReference(""))
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
        exprStack.append(ExprFrame(name: name, kind: kind, location: location, operandsStart: pendingOperands.count,
                                   propertiesStart: pendingProperties.count))
        exprStack[exprStack.count - 1].take(a, doc: doc)
    }

    /// The values from `start` on, moved off `pending` (which keeps its capacity for the next ones) into an array
    /// made to size: taken off the end one by one, then put back in document order. `removeLast()` hands each value
    /// over: copied into the array first and then removed, each was retained and released once more.
    /// (`Array(pending[start...])`, `removeSubrange`, `removeLast(_:)` and `Array(unsafeUninitializedCapacity:)` go
    /// through generic code that cost several times as much.)
    private static func taken<T>(from pending: inout [T], _ start: Int) -> [T] {
        let end = pending.count
        guard start < end else { return [] }
        var values: [T] = []
        values.reserveCapacity(end - start)
        for _ in start..<end { values.append(pending.removeLast()) }
        values.reverse()
        return values
    }

    mutating func unknown() {
        stack.append(.ignored)
    }

    /// Whether `index` met a name twice (then the resolver files the names itself).
    var indexHasDuplicates = false
    /// The schema elements filed by `index`, handed to the document whole at the end: filed into the document's
    /// table in place, each insertion was a dynamic exclusivity check, and every look-up of the table too.
    var schemaIndex = NameTable<SchemaElement>()

    mutating func endElement() {
        guard let top = stack.popLast() else { return }
        guard case .expression = top, var f = exprStack.popLast() else { return }
        // The element's own text (what came since the last start or end tag), taken over without a copy.
        var elementText = ""
        swap(&elementText, &text)
        // This element's values, taken off the pending lists in one array each, of their exact size.
        let operands = Self.taken(from: &pendingOperands, f.operandsStart)
        let properties = Self.taken(from: &pendingProperties, f.propertiesStart)
        if f.kind == .PropertyValue {
            if !exprStack.isEmpty { pendingProperties.append(f.takePropertyValue(operands: operands)) }
            return
        }
        if f.kind != .Annotation {
            if !exprStack.isEmpty { pendingOperands.append(f.takeExpression(doc, text: elementText, operands: operands, properties: properties)) }
            return
        }
        let ann = f.annotation(resolvingTermWith: doc, operands: operands)
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
        doc.schemaElements = schemaIndex
        doc.schemaElementsIndexedByReader = !indexHasDuplicates
        return doc
    }
}
