import ODataModel

/// A value of a complex type (SAP's `ComplexValue`).
// @unchecked: as StructureBase, whose lock guards all of this class's state.
public final class ComplexValue: StructureBase, @unchecked Sendable {
    /// The complex type (a derived type when the payload said so).
    public var complexType: ComplexType { layout.type as! ComplexType }

    /// An empty value of `type` (SAP's `ComplexValue.ofType`).
    public static func ofType(_ type: ComplexType) -> ComplexValue {
        ComplexValue(layout: StructureLayout(type: type))
    }

    /// A copy whose nested complex values are copies too.
    public func copy() -> ComplexValue {
        let (values, dynamic) = snapshot()
        let c = ComplexValue(layout: layout)
        for (i, v) in values.enumerated() { c.slots[i] = v.map(DataValue.deepCopy) }
        c.dynamic = dynamic
        (c.changed, c.changedDynamic) = locked { (changed, changedDynamic) }
        return c
    }
}

extension DataValue {
    /// The value with complex values and entities copied (other cases are values already).
    static func deepCopy(_ v: DataValue) -> DataValue {
        switch v {
        case .complex(let c): return .complex(c.copy())
        case .list(var l): l.values = l.values.map(deepCopy); return .list(l)
        case .entity(let e): return .entity(e.copy())
        case .entityList(var l): l.entities = l.entities.map { $0.copy() }; return .entityList(l)
        default: return v
        }
    }
}
