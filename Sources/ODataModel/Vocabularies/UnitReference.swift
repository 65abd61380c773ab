/// Where the unit or currency of an amount or quantity comes from: SAP's V2 `sap:unit`, or OASIS
/// `Measures.ISOCurrency` / `Measures.Unit` with a path or a constant.
public struct UnitReference: Sendable, Equatable {
    /// A currency (ISO 4217 code) or a unit of measure.
    public enum Kind: String, Sendable {
        /// An ISO 4217 currency code (`sap:semantics="currency-code"`, `Measures.ISOCurrency`).
        case currency
        /// A unit of measure (`sap:semantics="unit-of-measure"`, `Measures.Unit`).
        case unit
    }
    /// The unit is the value of another property (a path from the same type), or a constant.
    public enum Source: Sendable, Equatable {
        /// The unit is the value of this property (a path from the annotated property's type).
        case property(String)
        /// The unit is this constant (`EUR`, `KG`).
        case constant(String)
    }
    /// Whether it is a currency or a unit of measure.
    public var kind: Kind
    /// Where the currency or unit comes from.
    public var source: Source

    /// A currency or unit from a property or a constant.
    public init(kind: Kind, source: Source) { self.kind = kind; self.source = source }

    /// The unit or currency the metadata ties to a property, or nil.
    public static func of(_ property: Property) -> UnitReference? {
        for (term, kind) in [(VocabularyTerm.isoCurrency, Kind.currency), (VocabularyTerm.unit, Kind.unit)] {
            guard let a = property.preferredAnnotation(of: term), let v = a.value else { continue }
            switch v {
            case .path(_, let p) where !p.isEmpty: return UnitReference(kind: kind, source: .property(p))
            case .constant(_, let c) where !c.isEmpty: return UnitReference(kind: kind, source: .constant(c))
            default: continue
            }
        }
        guard let path = property.sap.unit, !path.isEmpty else { return nil }
        // `sap:unit` names the unit property; its `sap:semantics` tells a currency code from a unit of measure.
        let target = property.declaringType.flatMap { Self.property(at: path, from: $0) }
        let kind: Kind = target?.sap.semantics == "currency-code" || target?.preferredAnnotation(of: "Org.OData.Core.V1.IsCurrency") != nil
            ? .currency : .unit
        return UnitReference(kind: kind, source: .property(path))
    }

    /// The property a path of simple names leads to from a type (through complex properties and single navigation).
    static func property(at path: String, from type: StructuredType) -> Property? {
        var current: StructuredType? = type
        var found: Property?
        for seg in path.split(separator: "/").map(String.init) {
            guard let t = current else { return nil }
            if let p = t.structuralProperty(named: seg) {
                found = p
                if case .complex(let c) = p.resolvedType { current = c } else { current = nil }
            } else if let n = t.navigationProperty(named: seg) {
                found = nil
                current = n.target
            } else {
                return nil
            }
        }
        return found
    }
}
