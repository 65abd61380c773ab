import ODataModel

extension EntityProxy {
    /// The entity's type and key (`Identifiable`).
    public var id: EntityProxyID { EntityProxyID(entityValue) }

    /// Equal when the entities are of the same type and have the same key (`EntityProxyID`).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.entityValue === rhs.entityValue || EntityProxyID(lhs.entityValue) == EntityProxyID(rhs.entityValue)
    }

    /// Hashes the entity's type and key, as `==` compares them.
    public func hash(into hasher: inout Hasher) { hasher.combine(EntityProxyID(entityValue)) }

    /// The class, the key and up to three other properties with values: `Customer(CustomerID: "ALFKI",
    /// CompanyName: "Alfreds Futterkiste", ContactName: "Maria Anders", …)`.
    public var description: String {
        let e = entityValue
        let keys = e.keyValues
        var parts = keys.map { "\($0.property.name): \($0.value.map(Self.shown) ?? "nil")" }
        var others = 0
        var more = false
        for p in e.entityType.properties where !keys.contains(where: { $0.property === p }) {
            guard case .primitive = p.resolvedType, !p.type.isCollection, let v = e.value(for: p), !v.isNull else { continue }
            if others == 3 { more = true; break }
            parts.append("\(p.name): \(Self.shown(v))")
            others += 1
        }
        if more { parts.append("…") }
        return "\(type(of: self))(\(parts.joined(separator: ", ")))"
    }

    /// A value as Swift would write it: text in quotes, the rest as its OData text.
    private static func shown(_ v: DataValue) -> String {
        if case .string(let s) = v { return "\"\(s)\"" }
        return v.description
    }
}
