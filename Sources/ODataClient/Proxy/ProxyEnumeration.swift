import ODataModel
import ODataQuery

/// A generated Swift enum for an enumeration type (`odsh generate swift`): cases by member name. An open one
/// (`--open-enumerations`) has a case for members the service added after generation. A member is an operand of
/// typed filters (`Product.grade.equal(Grade.premium)`).
public protocol ProxyEnumeration: ProxyValue, QueryValue, RawRepresentable where RawValue == String {
    /// The enumeration type this enum stands for (from the metadata it was generated from).
    static var enumType: EnumType { get }
    /// The member's numeric value.
    var memberValue: Int64 { get }
}

extension ProxyEnumeration {
    /// The member of an enumeration value (or of its member name as text).
    public static func fromDataValue(_ value: DataValue) -> Self? {
        switch value {
        case .enumValue(let e): return Self(rawValue: e.name)
        case .string(let s): return Self(rawValue: s)
        default: return nil
        }
    }
    /// The member as the library's enumeration value.
    public var dataValue: DataValue { .enumValue(EnumValue(type: Self.enumType, name: rawValue, value: memberValue)) }
}
