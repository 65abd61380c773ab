import FoundationEssentials
import ODataModel
import ODataQuery

// The library's value types as operands of typed filters (`Product.price.greaterThan(DecimalValue(45))`,
// `Product.released.lessThan(LocalDate(year: 2020, month: 1, day: 1)!)`): each is the literal of its EDM type,
// which `Property.operand` then converts to the property's type where the version spells it otherwise (a time of
// day as a V2 Edm.Time).

extension DecimalValue: QueryValue {
    /// An `Edm.Decimal` literal, its digits as they are (`45.00`, `12.50M` in V2).
    public var queryExpression: QueryExpression { .literal(.decimal(description)) }
}
extension GuidValue: QueryValue {
    /// An `Edm.Guid` literal.
    public var queryExpression: QueryExpression { .literal(.guid(description)) }
}
extension LocalDate: QueryValue {
    /// An `Edm.Date` literal (`2019-03-01`).
    public var queryExpression: QueryExpression { .literal(.date(description)) }
}
extension LocalTime: QueryValue {
    /// An `Edm.TimeOfDay` literal (`13:20:00`; a V2 Edm.Time property takes it as `time'PT13H20M'`).
    public var queryExpression: QueryExpression { .literal(.timeOfDay(description)) }
}
extension LocalDateTime: QueryValue {
    /// A V2 `Edm.DateTime` literal (a V4 Edm.DateTimeOffset property takes it as UTC).
    public var queryExpression: QueryExpression { .literal(.dateTime(description)) }
}
extension GlobalDateTime: QueryValue {
    /// An `Edm.DateTimeOffset` literal.
    public var queryExpression: QueryExpression { .literal(.dateTimeOffset(description)) }
}
extension DayTimeDuration: QueryValue {
    /// An `Edm.Duration` literal (a V2 Edm.Time property takes it as `time'...'`).
    public var queryExpression: QueryExpression { .literal(.duration(description)) }
}
extension Data: QueryValue {
    /// An `Edm.Binary` literal.
    public var queryExpression: QueryExpression { .literal(.binary([UInt8](self))) }
}

extension EnumValue: QueryValue {
    /// The member of its enumeration type (`Catalog.Grade'Premium'`); the member's name when the type is not
    /// known, which a filter on an enumeration property takes as its member.
    public var queryExpression: QueryExpression {
        type.map { .literal(.enumMember(type: $0.qualifiedName, member: name)) } ?? .literal(.string(name))
    }
}

extension Optional: QueryValue where Wrapped: QueryValue {
    /// The value, or the `null` literal for nil (`Product.price.equal(other.price)`).
    public var queryExpression: QueryExpression { map(\.queryExpression) ?? .literal(.null) }
}

extension ProxyEnumeration {
    /// The member of the generated enum's enumeration type, as a filter operand (`Product.grade.equal(Grade.premium)`).
    public var queryExpression: QueryExpression { .literal(.enumMember(type: Self.enumType.qualifiedName, member: rawValue)) }
}
