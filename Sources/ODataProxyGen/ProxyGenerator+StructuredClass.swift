import ODataModel

extension ProxyGenerator {
    /// The class of an entity or complex type: static property descriptors for `DataQuery`, typed properties over
    /// the dynamic value. A derived type's class inherits its base type's class (`proxyBases`) and declares its own
    /// properties only; a class that others inherit is not `final`, and says its type with a `class var` that
    /// derived classes override.
    func structuredClass(_ t: StructuredType) -> String {
        let name = className(t)
        let isEntity = t is EntityType
        let kind = isEntity ? "entity" : "complex"
        let value = isEntity ? "entityValue" : "complexValue"
        let valueType = isEntity ? "EntityValue" : "ComplexValue"
        let typeMember = isEntity ? "entityType" : "complexType"
        let typeType = isEntity ? "EntityType" : "ComplexType"
        let base = proxyBases[t.qualifiedName]
        let inherited = inheritedTypes.contains(t.qualifiedName)
        var out = ""
        var summary = "The \(kind) type \(t.qualifiedName)"
        if let b = t.baseType { summary += ", derived from \(b.qualifiedName)" }
        if t.isAbstract { summary += " (abstract)" }
        if t.isOpen { summary += " (open: dynamic properties are in `\(value).dynamicProperties`)" }
        if let e = t as? EntityType, !e.allKeyNames.isEmpty { summary += "; key \(e.allKeyNames.joined(separator: ", "))" }
        out += docComment(summary + ".", for: t, notes: [typeNames[t.qualifiedName]?.note], indent: "")
        let typeText = "\(metadataName).shared.\(typeMember)(\(SwiftNames.literal(t.qualifiedName)))"
        if let base {
            // A derived class adds no stored property to its base class's one constant of a Sendable type, so it is as
            // Sendable as its base; Swift asks a subclass of a non-final Sendable class to restate it as unchecked.
            out += "\(access) \(inherited ? "" : "final ")class \(name): \(className(base)), @unchecked Sendable {\n"
            out += "    /// The \(kind) type, from the metadata the class was generated from.\n"
            out += "    override \(access) class var \(typeMember): \(typeType) { \(typeText) }\n"
        } else if inherited {
            // Not final, so that the classes of derived types inherit it; its one stored property is a constant of a
            // Sendable type, which is what makes the class Sendable (the checker asks final classes only).
            out += "\(access) class \(name): \(isEntity ? "EntityProxy" : "ComplexProxy"), Codable, @unchecked Sendable {\n"
            out += "    /// The \(kind) type, from the metadata the class was generated from (derived classes say theirs).\n"
            out += "    \(access) class var \(typeMember): \(typeType) { \(typeText) }\n\n"
            out += "    /// Reads a value of this class's type (or of the derived class's it is called on) that `encode(to:)` wrote.\n"
            out += "    \(access) required convenience init(from decoder: any Decoder) throws {\n"
            out += "        self.init(\(value): try ProxyCoding.decode\(isEntity ? "Entity" : "Complex")(Self.\(typeMember), from: decoder))\n    }\n\n"
        } else {
            out += "\(access) final class \(name): \(isEntity ? "EntityProxy" : "ComplexProxy"), Codable {\n"
            out += "    /// The \(kind) type, from the metadata the class was generated from.\n"
            out += "    \(access) static let \(typeMember): \(typeType) = \(typeText)\n\n"
        }
        if base == nil {
            out += "    /// The dynamic value underneath: the one place the values live.\n"
            out += "    \(access) let \(value): \(valueType)\n\n"
            out += "    /// Wraps a value of this type (or of a type derived from it).\n"
            out += "    \(access) \(inherited ? "required " : "")init(\(value): \(valueType)) {\n        self.\(value) = \(value)\n    }\n\n"
            out += "    /// A new, empty value of this type\(isEntity ? " (marked new), to fill and create" : "").\n"
            out += "    \(access) convenience init() {\n        self.init(\(value): \(valueType).ofType(Self.\(typeMember)))\n    }\n"
        }
        var seen = Set<String>()
        for p in (base == nil ? t.properties : t.ownProperties) where seen.insert(p.name).inserted {
            let m = member(p.name, of: t)
            let mapped = swiftType(p.type, resolved: p.resolvedType)
            let optional = !options.disableOptionals && (p.isNullable || mapped.name == "DataValue")
            let typeText = mapped.name + (optional ? "?" : "")
            var facts = [p.type.description]
            if let e = t as? EntityType, e.allKeyNames.contains(p.name) { facts.append("key") }
            if let n = p.facets.maxLength { facts.append("MaxLength \(n)") }
            if let n = p.facets.precision { facts.append("Precision \(n)") }
            if let n = p.facets.scale { facts.append("Scale \(n)") }
            facts.append(p.isNullable ? "nullable" : "not nullable")
            let notes = [m.note, mapped.note]
            out += "\n"
            out += docComment("The property \(p.name) (\(facts.joined(separator: ", "))), for queries: `\(name).\(m.swift).equal(...)`.", for: p, notes: notes)
            out += "    \(access) static let \(m.swift): Property = \(metadataName).shared.property(\(name).\(typeMember), \(SwiftNames.literal(p.name)))\n"
            out += docComment("\(p.name): \(facts.joined(separator: ", ")).", for: p, notes: notes)
            out += "    \(access) var \(m.swift): \(typeText) {\n"
            let read = "\(value).proxyValue(\(name).\(m.swift), as: \(mapped.name).self)"
            out += "        get { \(optional ? read : "\(read) ?? \(mapped.name).proxyDefault") }\n"
            out += "        set { \(value).setProxyValue(\(name).\(m.swift), to: newValue) }\n"
            out += "    }\n"
        }
        if isEntity {
            for n in (base == nil ? t.navigationProperties : t.ownNavigationProperties) where seen.insert(n.name).inserted {
                let m = member(n.name, of: t)
                guard let target = n.target ?? (try? document.entityType(withName: n.type.qualifiedName)) else {
                    out += "\n    // The navigation property \(n.name) is not generated: its target \(n.type.qualifiedName) is not an entity type of the metadata.\n"
                    continue
                }
                let targetClass = className(target)
                let many = n.isCollection
                let facts = "to \(many ? "many" : "one") \(target.qualifiedName)"
                out += "\n"
                out += docComment("The navigation property \(n.name) (\(facts)), for `expand` and `loadProperty`.", for: n, notes: [m.note])
                out += "    \(access) static let \(m.swift): NavigationProperty = \(metadataName).shared.navigationProperty(\(name).\(typeMember), \(SwiftNames.literal(n.name)), target: \(SwiftNames.literal(target.qualifiedName)), isCollection: \(many))\n"
                out += docComment("\(n.name) (\(facts)): nil until expanded or loaded.", for: n, notes: [m.note])
                if many {
                    out += "    \(access) var \(m.swift): [\(targetClass)]? {\n"
                    out += "        get { relatedList(\(name).\(m.swift), as: \(targetClass).self) }\n"
                    out += "        set { setRelatedList(\(name).\(m.swift), to: newValue) }\n"
                } else {
                    out += "    \(access) var \(m.swift): \(targetClass)? {\n"
                    out += "        get { related(\(name).\(m.swift), as: \(targetClass).self) }\n"
                    out += "        set { setRelated(\(name).\(m.swift), to: newValue) }\n"
                }
                out += "    }\n"
            }
        }
        out += "}\n"
        return out
    }
}
