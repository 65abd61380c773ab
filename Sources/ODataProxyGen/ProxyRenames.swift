import ODataModel

/// Names chosen by the user for classes and properties: SAP's `Proxy.ClassName` and `Proxy.PropertyName`
/// annotation terms, by the qualified name of the element they target.
public struct ProxyRenames: Sendable {
    /// Class names by the qualified name of an entity, complex or enumeration type (`Namespace.Type`).
    public var classNames: [String: String] = [:]
    /// Property names by `Namespace.Type/Property`.
    public var propertyNames: [String: String] = [:]

    /// No renames.
    public init() {}

    /// The term names (`Proxy.ClassName`, `Proxy.PropertyName`) whatever alias the vocabulary was given, by its
    /// last two segments.
    private static func termKind(_ term: String) -> String? {
        let parts = term.split(separator: ".")
        guard parts.count >= 2, parts[parts.count - 2] == "Proxy" else { return nil }
        return String(parts[parts.count - 1])
    }

    /// Adds the renames a document annotates (an annotation file, or the service's own metadata): `Annotations`
    /// blocks targeting types and properties, and annotations on the elements themselves. Throws for a value that
    /// is not a string or a target that names nothing in `service`.
    public mutating func add(from annotations: CsdlDocument, checkingAgainst service: CsdlDocument) throws {
        for block in annotations.annotationsBlocks {
            for a in block.annotations {
                guard let kind = Self.termKind(a.term) else { continue }
                guard let value = a.value?.text, !value.isEmpty else {
                    throw ProxyGenerationError.annotationFile("\(a.termAsWritten) for \(block.target) needs a String value")
                }
                let target = service.resolveAlias(block.resolvedTarget)
                try record(kind, target: target, value: value, service: service, written: block.target)
            }
        }
        for type in annotations.entityTypes as [StructuredType] + annotations.complexTypes {
            for a in type.annotations { if let k = Self.termKind(a.term), let v = a.value?.text { try record(k, target: type.qualifiedName, value: v, service: service, written: type.qualifiedName) } }
            for p in type.ownProperties {
                for a in p.annotations { if let k = Self.termKind(a.term), let v = a.value?.text { try record(k, target: "\(type.qualifiedName)/\(p.name)", value: v, service: service, written: p.path) } }
            }
            for n in type.ownNavigationProperties {
                for a in n.annotations { if let k = Self.termKind(a.term), let v = a.value?.text { try record(k, target: "\(type.qualifiedName)/\(n.name)", value: v, service: service, written: n.path) } }
            }
        }
        for e in annotations.enumTypes {
            for a in e.annotations { if let k = Self.termKind(a.term), let v = a.value?.text { try record(k, target: e.qualifiedName, value: v, service: service, written: e.qualifiedName) } }
        }
    }

    private mutating func record(_ kind: String, target: String, value: String, service: CsdlDocument, written: String) throws {
        switch kind {
        case "ClassName":
            guard service.schemaElement(named: target) != nil else {
                throw ProxyGenerationError.annotationFile("Proxy.ClassName targets \(written), which the metadata has no type of")
            }
            classNames[target] = value
        case "PropertyName":
            let parts = target.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2, let type = service.structuredType(withName: parts[0]),
                  type.structuralProperty(named: parts[1]) != nil || type.navigationProperty(named: parts[1]) != nil else {
                throw ProxyGenerationError.annotationFile("Proxy.PropertyName targets \(written), which the metadata has no property of")
            }
            propertyNames[target] = value
        default:
            return
        }
    }
}
