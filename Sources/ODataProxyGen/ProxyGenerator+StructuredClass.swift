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
        // The descriptors (`Customer.companyName`) are entries of two tables per class, read from the metadata on
        // first use: a computed static property per descriptor compiles to one small function, where a stored one
        // would be a lazy global with its own initializer and accessors.
        var seen = Set<String>()
        let properties = (base == nil ? t.properties : t.ownProperties).filter { seen.insert($0.name).inserted }
        var navigations: [(navigation: NavigationProperty, target: EntityType?)] = []
        if isEntity {
            for n in (base == nil ? t.navigationProperties : t.ownNavigationProperties) where seen.insert(n.name).inserted {
                navigations.append((n, n.target ?? (try? document.entityType(withName: n.type.qualifiedName))))
            }
        }
        let typeRef = "\(name).\(typeMember)"
        // No derived class overrides a property: `final` in a class that others inherit keeps the accessors out of
        // its vtable.
        let varKeyword = inherited ? "final var" : "var"
        let generated = navigations.compactMap { n in n.target.map { (n.navigation, $0) } }
        if !properties.isEmpty || !generated.isEmpty {
            let names = properties.map { SwiftNames.literal($0.name) }.joined(separator: ", ")
            let entries = generated.map { "(\(SwiftNames.literal($0.0.name)), \(SwiftNames.literal($0.1.qualifiedName)), \($0.0.isCollection))" }
            out += "\n    /// The descriptors of the properties the class declares, from the metadata, in the order of its descriptors.\n"
            out += "    private static let proxyDescriptors: ProxyDescriptors = \(metadataName).shared.descriptors(\(typeRef), properties: [\(names)]"
            out += generated.isEmpty ? ")\n" : ", navigation: [\(entries.joined(separator: ", "))])\n"
        }
        for (index, p) in properties.enumerated() {
            let m = member(p.name, of: t)
            let mapped = swiftType(p.type, resolved: p.resolvedType)
            // Every property is optional (SAP's Swift proxies too): nil is what a property that was not read reads
            // as, key or not, nullable or not. `disableOptionals` is the deliberate opt-in to the non-optional shape.
            let optional = !options.disableOptionals
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
            out += "    \(access) static var \(m.swift): Property { proxyDescriptors.property(\(index)) }\n"
            // What the property reads when the entity has no value for it, and what nil does when set: said, with
            // how to tell an unread value.
            let loaded = "`isLoaded(\(name).\(m.swift))`"
            let unloaded: String
            if !optional {
                unloaded = " Reads as \(Self.defaultText(mapped.name)) when not loaded (\(loaded) is false)\(p.isNullable ? " or null" : "")."
            } else if p.isNullable {
                unloaded = " nil when not loaded (\(loaded) is false) or null; setting nil sets null."
            } else {
                unloaded = " nil when not loaded (\(loaded) is false); setting nil removes the value, so that it is not sent."
            }
            out += docComment("\(p.name): \(facts.joined(separator: ", ")).\(unloaded)", for: p, notes: notes)
            out += "    \(access) \(varKeyword) \(m.swift): \(typeText) {\n"
            out += "        get { \(value).\(optional ? "proxyValue" : "requiredProxyValue")(\(name).\(m.swift), as: \(mapped.name).self) }\n"
            out += "        set { \(value).setProxyValue(\(name).\(m.swift), to: newValue) }\n"
            out += "    }\n"
        }
        var index = 0
        for (n, target) in navigations {
            let m = member(n.name, of: t)
            guard let target else {
                out += "\n    // The navigation property \(n.name) is not generated: its target \(n.type.qualifiedName) is not an entity type of the metadata.\n"
                continue
            }
            let targetClass = className(target)
            let many = n.isCollection
            let facts = "to \(many ? "many" : "one") \(target.qualifiedName)"
            out += "\n"
            out += docComment("The navigation property \(n.name) (\(facts)), for `expand` and `loadProperty`.", for: n, notes: [m.note])
            out += "    \(access) static var \(m.swift): NavigationProperty { proxyDescriptors.navigation(\(index)) }\n"
            index += 1
            out += docComment("\(n.name) (\(facts)): nil until expanded or loaded.", for: n, notes: [m.note])
            if many {
                out += "    \(access) \(varKeyword) \(m.swift): [\(targetClass)]? {\n"
                out += "        get { relatedList(\(name).\(m.swift), as: \(targetClass).self) }\n"
                out += "        set { setRelatedList(\(name).\(m.swift), to: newValue) }\n"
            } else {
                out += "    \(access) \(varKeyword) \(m.swift): \(targetClass)? {\n"
                out += "        get { related(\(name).\(m.swift), as: \(targetClass).self) }\n"
                out += "        set { setRelated(\(name).\(m.swift), to: newValue) }\n"
            }
            out += "    }\n"
        }
        out += "}\n"
        return out
    }

    /// What a non-optional property of a Swift type reads as when the value has none (`ProxyValue.proxyDefault`).
    static func defaultText(_ swiftType: String) -> String {
        switch swiftType {
        case "String": return "\"\""
        case "Bool": return "false"
        case "Int8", "UInt8", "Int16", "Int32", "Int64", "Double", "Float", "DecimalValue": return "0"
        default: return swiftType.hasPrefix("[") ? "[]" : "its type's `proxyDefault`"
        }
    }
}
