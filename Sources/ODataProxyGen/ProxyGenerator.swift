import ODataModel

/// Turns a loaded `CsdlDocument` into Swift source for typed access to the service (SAP's proxy classes, built on
/// this repository's `OData` library): a service class with typed functions per entity set, singleton, function
/// and action; a class per entity and complex type; an enum per enumeration type; and the metadata itself, so that
/// the service starts without a `$metadata` request. `odsh generate swift` is its command; a program may call it too.
public struct ProxyGenerator {
    let document: CsdlDocument
    let metadataText: String
    let options: ProxyGeneratorOptions
    /// Where the metadata came from, for the files' header comment.
    let source: String

    /// The access level written before declarations.
    var access: String { options.isInternal ? "internal" : "public" }

    // The names chosen, by qualified name (types) and by the OData name within a type (members, enum members).
    var serviceName = ""
    /// Why the service class's name is not the entity container's, for its comment.
    var serviceNote: String?
    var metadataName = ""
    var moduleName = ""
    var typeNames: [String: ProxyName] = [:]
    var memberNames: [String: [String: ProxyName]] = [:]
    var caseNames: [String: [String: ProxyName]] = [:]
    /// The case of an open enum for members added later, by the enumeration type's qualified name.
    var openCaseNames: [String: String] = [:]
    /// The type whose class a type's class inherits, by qualified name (`baseFirst`).
    var proxyBases: [String: StructuredType] = [:]
    /// The types whose classes others inherit, by qualified name.
    var inheritedTypes: Set<String> = []

    /// A generator for `document`, whose metadata text (as the service sent it) goes into the generated source.
    public init(document: CsdlDocument, metadataText: String, source: String, options: ProxyGeneratorOptions = ProxyGeneratorOptions()) {
        self.document = document
        self.metadataText = metadataText
        self.source = source
        self.options = options
    }

    /// The files to write, with paths relative to the destination folder. Throws `ProxyGenerationError` for a
    /// document it cannot turn into Swift as asked (names that differ only in case, no entity container).
    public func generate() throws -> [GeneratedFile] {
        var g = self
        try g.chooseNames()
        var files: [GeneratedFile] = []
        files.append(GeneratedFile(path: "\(g.serviceName).swift", contents: g.serviceClass()))
        files.append(GeneratedFile(path: "\(g.metadataName).swift", contents: g.metadataFile()))
        let classes = (document.entityTypes as [StructuredType] + document.complexTypes).map { (name: g.className($0), text: g.structuredClass($0)) }
        let enums = document.enumTypes.filter { !$0.isFlags }.map { (name: g.className($0), text: g.enumType($0)) }
        let prelude = g.header + "import Foundation\nimport OData\n\n"
        if classes.count + enums.count <= options.filePerTypeLimit {
            for c in classes + enums { files.append(GeneratedFile(path: "\(c.name).swift", contents: prelude + c.text)) }
        } else {
            files += Self.grouped(classes, as: "Types", prelude: prelude, prefix: options.classPrefix)
            files += Self.grouped(enums, as: "Enums", prelude: prelude, prefix: options.classPrefix)
        }
        if options.makePackage {
            files = files.map { GeneratedFile(path: "Sources/\(g.moduleName)/\($0.path)", contents: $0.contents) }
            files.append(GeneratedFile(path: "Package.swift", contents: try g.packageManifest()))
        }
        return files
    }

    /// Declarations in a file per initial letter of their names (after the class prefix): `Types_A.swift`,
    /// `Enums_A.swift`, `Types__.swift` for names that begin otherwise. A type keeps its file when others are added
    /// or removed, so that generating again rebuilds few files.
    static func grouped(_ declarations: [(name: String, text: String)], as kind: String, prelude: String, prefix: String) -> [GeneratedFile] {
        var groups: [String: [String]] = [:]
        for d in declarations {
            let first = d.name.dropFirst(d.name.hasPrefix(prefix) ? prefix.count : 0).unicodeScalars.first
            let letter = first.map { ("A"..."Z").contains($0) || ("a"..."z").contains($0) ? String($0).uppercased() : "_" } ?? "_"
            groups[letter, default: []].append(d.text)
        }
        return groups.keys.sorted().map { letter in
            GeneratedFile(path: "\(kind)_\(letter).swift", contents: prelude + (groups[letter] ?? []).joined(separator: "\n"))
        }
    }

    // MARK: names

    /// Names the generated code declares itself or uses from Swift and the library: a type of the service with
    /// one of these names gets a suffix.
    static let reservedTypeNames = [
        "String", "Bool", "Int", "Int8", "UInt8", "Int16", "Int32", "Int64", "Double", "Float", "Data", "URL",
        "DecimalValue", "GuidValue", "LocalDate", "LocalTime", "LocalDateTime", "GlobalDateTime", "DayTimeDuration",
        "GeographyValue", "StreamLink", "DataValue", "EnumValue", "Property", "NavigationProperty", "EntityType",
        "ComplexType", "EnumType", "EntitySet", "Singleton", "EntityValue", "ComplexValue", "DataQuery", "DataService",
        "HTTPConfiguration", "OnlineODataProvider", "QueryResult", "RequestOptions", "MetadataComparison",
        "MetadataRefresh", "EntityProxy", "ComplexProxy", "ProxyEnumeration", "ProxyValue", "EntityProxySequence",
        "EmbeddedMetadata", "ProxyDescriptors", "EntityKey", "Sendable", "Codable", "Decoder", "Encoder", "CodingKey",
        "CustomStringConvertible", "CaseIterable", "Hashable", "Error", "Array", "Optional", "Foundation", "OData",
        "ODataModel", "ODataClient", "ODataQuery", "Swift", "Result", "Task", "Never", "Void", "Character", "Set",
        "Dictionary", "Sequence", "AsyncSequence", "Equatable", "RawRepresentable",
    ]

    /// Members of generated classes and the protocols they conform to.
    static let reservedMemberNames = [
        "entityValue", "complexValue", "entityType", "complexType", "dataValue", "fromDataValue", "proxyDefault",
        "related", "relatedList", "setRelated", "setRelatedList", "proxyDescriptors",
        // An entity's class is CustomStringConvertible and Hashable (EntityProxy), and says what was loaded.
        "description", "hashValue", "isLoaded",
    ]

    mutating func chooseNames() throws {
        guard let container = document.entityContainer else { throw ProxyGenerationError.noEntityContainer }
        let named: [SchemaElement] = document.entityTypes as [SchemaElement] + document.complexTypes + document.enumTypes.filter { !$0.isFlags }
        if let chosen = options.serviceName {
            let service = SwiftNames.identifier(chosen)
            if let change = service.change {
                throw ProxyGenerationError.badOption(setting: .serviceName, value: chosen, problem: "not a Swift identifier (\(change))")
            }
            serviceName = service.name
        } else {
            // Named for the service; a type of the service keeps its name, and the service class takes a suffix.
            let derived = SwiftNames.identifier(SwiftNames.serviceClassName(container: container.name, namespace: container.namespace)).name
            let typeNames = Set(named.map { t in
                (options.renames.classNames[t.qualifiedName] ?? options.classPrefix + SwiftNames.upperCamel(t.name)).lowercased()
            } + Self.reservedTypeNames.map { $0.lowercased() })
            var candidate = derived
            var n = 1
            while typeNames.contains(candidate.lowercased()) || typeNames.contains((candidate + "Metadata").lowercased()) {
                n += 1
                candidate = "\(derived)_\(n)"
            }
            serviceName = candidate
            let taken = n > 1 ? "; \(derived) is the name of a type" : ""
            serviceNote = candidate == container.name ? nil : "the entity container \(container.name), named for the service\(taken)"
        }
        metadataName = serviceName + "Metadata"
        moduleName = options.moduleName ?? serviceName
        guard SwiftNames.identifier(moduleName).change == nil else {
            throw ProxyGenerationError.badOption(setting: .moduleName, value: moduleName, problem: "not a Swift identifier")
        }
        guard SwiftNames.identifier(options.classPrefix).change == nil || options.classPrefix.isEmpty else {
            throw ProxyGenerationError.badOption(setting: .classPrefix, value: options.classPrefix,
                                                problem: "not the beginning of a Swift identifier")
        }
        var types = NameScope("the types of the module", caseInsensitive: true, allowCaseConflicts: options.allowCaseConflicts,
                              reserved: Self.reservedTypeNames + [serviceName, metadataName, moduleName])
        for t in named {
            let chosen = options.renames.classNames[t.qualifiedName]
            let base = SwiftNames.identifier(chosen ?? options.classPrefix + SwiftNames.upperCamel(t.name), original: chosen ?? t.name)
            var note = base.change
            if let chosen { note = ["renamed from \(t.name) by Proxy.ClassName \(chosen)", note].compactMap { $0 }.joined(separator: "; ") }
            typeNames[t.qualifiedName] = try types.claim(ProxyName(swift: base.name, note: note), for: t.qualifiedName)
        }
        // A class inherits its base type's class, so a type's member names extend its base type's: each type's
        // scope is its base's (copied once) plus its own properties, which keeps the naming linear in the members
        // declared rather than in the members each type has with inherited ones.
        var scopes: [String: NameScope] = [:]
        for t in baseFirst(document.entityTypes as [StructuredType] + document.complexTypes) {
            var members: NameScope
            var names: [String: ProxyName]
            if let base = proxyBases[t.qualifiedName], let scope = scopes[base.qualifiedName] {
                members = scope
                members.what = "the members of \(t.qualifiedName)"
                names = memberNames[base.qualifiedName] ?? [:]
            } else {
                members = NameScope("the members of \(t.qualifiedName)", allowCaseConflicts: options.allowCaseConflicts,
                                    reserved: Self.reservedMemberNames)
                names = [:]
            }
            let own = proxyBases[t.qualifiedName] == nil ? t.properties.map(\.name) + t.navigationProperties.map(\.name)
                : t.ownProperties.map(\.name) + t.ownNavigationProperties.map(\.name)
            for name in own where names[name] == nil {
                names[name] = try memberName(name, in: t, scope: &members)
            }
            memberNames[t.qualifiedName] = names
            scopes[t.qualifiedName] = members
        }
        for e in document.enumTypes where !e.isFlags {
            var scope = NameScope("the members of \(e.qualifiedName)", allowCaseConflicts: options.allowCaseConflicts,
                                  reserved: ["enumType", "memberValue", "rawValue", "allCases", "proxyDefault", "dataValue", "fromDataValue",
                                             "queryExpression"])
            var names: [String: ProxyName] = [:]
            for m in e.members {
                let id = SwiftNames.identifier(SwiftNames.lowerCamel(m.name), original: m.name)
                names[m.name] = try scope.claim(ProxyName(swift: id.name, note: id.change), for: m.name)
            }
            caseNames[e.qualifiedName] = names
            // The case for members added later takes a name the members left free, so that opening the enum
            // (--open-enumerations) never renames a member: a member Unknown stays `unknown`.
            var open = "unknown"
            if !scope.isFree(open) { open = "unknownMember" }
            var n = 2
            while !scope.isFree(open) { open = "unknownMember_\(n)"; n += 1 }
            openCaseNames[e.qualifiedName] = open
        }
    }

    private func memberName(_ name: String, in t: StructuredType, scope: inout NameScope) throws -> ProxyName {
        // A rename on the property where it is declared holds for the types that inherit it.
        let declaring = t.structuralProperty(named: name)?.declaringType ?? t.navigationProperty(named: name)?.declaringType ?? t
        let chosen = options.renames.propertyNames["\(declaring.qualifiedName)/\(name)"] ?? options.renames.propertyNames["\(t.qualifiedName)/\(name)"]
        let id = SwiftNames.identifier(chosen ?? SwiftNames.lowerCamel(name), original: chosen ?? name)
        var note = id.change
        if let chosen { note = ["renamed from \(name) by Proxy.PropertyName \(chosen)", note].compactMap { $0 }.joined(separator: "; ") }
        return try scope.claim(ProxyName(swift: id.name, note: note), for: name)
    }

    /// `types` ordered so that a type comes after the base type its class inherits; records those base types in
    /// `proxyBases`. A class inherits its base type's class when that is of the same kind and in the document and
    /// the chain up from it has no cycle (a type in a cycle stands alone, with every property).
    private mutating func baseFirst(_ types: [StructuredType]) -> [StructuredType] {
        var order: [StructuredType] = []
        var placed: Set<ObjectIdentifier> = []
        for t in types where !placed.contains(ObjectIdentifier(t)) {
            // The chain up from t to a type already placed (or the top), nearest first.
            var path: [StructuredType] = []
            var onPath: [ObjectIdentifier: Int] = [:]
            var cycleFrom = Int.max
            var next: StructuredType? = t
            while let c = next, !placed.contains(ObjectIdentifier(c)), typeNames[c.qualifiedName] != nil {
                if let i = onPath[ObjectIdentifier(c)] { cycleFrom = i; break }
                onPath[ObjectIdentifier(c)] = path.count
                path.append(c)
                next = c.baseType
            }
            for (i, c) in path.enumerated().reversed() {
                placed.insert(ObjectIdentifier(c))
                order.append(c)
                if i < cycleFrom, let base = c.baseType, type(of: base) == type(of: c), typeNames[base.qualifiedName] != nil {
                    proxyBases[c.qualifiedName] = base
                    inheritedTypes.insert(base.qualifiedName)
                }
            }
        }
        return order
    }

    func className(_ t: SchemaElement) -> String { typeNames[t.qualifiedName]?.swift ?? t.name }

    func member(_ name: String, of t: StructuredType) -> ProxyName {
        memberNames[t.qualifiedName]?[name] ?? ProxyName(swift: name)
    }

    // MARK: types

    /// The Swift type for a type reference resolved in the document (collections as arrays).
    func swiftType(_ ref: TypeReference, resolved: ResolvedType?) -> SwiftTypeMapping {
        let resolved = resolved ?? document.resolveType(ref.qualifiedName)
        var m: SwiftTypeMapping
        switch resolved {
        case .primitive(let p): m = SwiftTypeMapping(name: SwiftTypeMapping.primitive(p))
        case .typeDefinition(let t): m = SwiftTypeMapping(name: SwiftTypeMapping.primitive(t.underlyingType.primitive ?? .untyped))
        case .enumeration(let e): m = SwiftTypeMapping(name: e.isFlags ? "EnumValue" : className(e))
        case .complex(let c): m = SwiftTypeMapping(name: className(c))
        case .entity(let e): m = SwiftTypeMapping(name: className(e), isEntity: true)
        case .unresolved(let name):
            m = SwiftTypeMapping(name: "DataValue", note: "\(name.isEmpty ? ref.qualifiedName : name) is not a type of the metadata: its values are untyped")
        }
        if ref.isCollection { m.name = "[\(m.name)]" }
        return m
    }

    /// How every generated file's header line begins (`GeneratedFileOrigin` reads the rest).
    public static let headerPrefix = "// Generated by `odsh generate swift` "

    /// The service the files are for, as their headers name it: the entity container's qualified name. Generating
    /// again writes over and removes only files whose header names the same service.
    public var serviceIdentity: String { document.entityContainer?.qualifiedName ?? "" }

    /// The header every generated file begins with: it names the service, and the source it was read from.
    var header: String {
        "\(Self.headerPrefix)\(GeneratedFileOrigin.serviceWords)\(serviceIdentity) from \(SwiftNames.commentText(source)). "
            + "Generate again rather than edit.\n"
    }

    /// A doc comment for an element: `summary`, then its SAP label, `Common.Label`, `Core.Description` and notes.
    func docComment(_ summary: String, for element: CsdlElement?, notes: [String?] = [], indent: String = "    ") -> String {
        var lines = [summary]
        if let e = element {
            let label = e.sap.label ?? e.annotation(term: "com.sap.vocabularies.Common.v1.Label")?.value?.text
            if let label, !label.isEmpty { lines.append("Label: \(label).") }
            if let quick = e.sap.quickInfo, !quick.isEmpty, quick != label { lines.append(quick) }
            if let d = e.annotation(term: "Org.OData.Core.V1.Description")?.value?.text, !d.isEmpty { lines.append(d) }
        }
        for case let note? in notes { lines.append("Named so in Swift: \(note).") }
        return lines.map { "\(indent)/// \(SwiftNames.commentText($0))\n" }.joined()
    }
}
