import ODataModel

/// Filter builders on a property, as in SAP's dynamic API: `contactName.equal("Maria Anders")`.
/// A Swift value on the other side is typed by the property (`5` for an Edm.Int64 property becomes `5L` in V2).
extension Property {
    /// The other operand, with a literal converted to this property's type where it can be.
    func operand(_ v: QueryValue) -> QueryExpression {
        let e = v.queryExpression
        if case .literal(let l) = e {
            if case .enumeration(let t) = resolvedType, case .string(let s) = l, t.member(named: s) != nil {
                return .literal(.enumMember(type: t.qualifiedName, member: s))
            }
            if let p = primitiveType, let c = l.converted(to: p) { return .literal(c) }
        }
        return e
    }

    /// `Property eq value`: equal to the value (typed by this property).
    public func equal(_ v: QueryValue) -> QueryExpression { .binary(.eq, queryExpression, operand(v)) }
    /// `Property ne value`: not equal to the value.
    public func notEqual(_ v: QueryValue) -> QueryExpression { .binary(.ne, queryExpression, operand(v)) }
    /// `Property gt value`: greater than the value.
    public func greaterThan(_ v: QueryValue) -> QueryExpression { .binary(.gt, queryExpression, operand(v)) }
    /// `Property ge value`: greater than or equal to the value.
    public func greaterEqual(_ v: QueryValue) -> QueryExpression { .binary(.ge, queryExpression, operand(v)) }
    /// `Property lt value`: less than the value.
    public func lessThan(_ v: QueryValue) -> QueryExpression { .binary(.lt, queryExpression, operand(v)) }
    /// `Property le value`: less than or equal to the value.
    public func lessEqual(_ v: QueryValue) -> QueryExpression { .binary(.le, queryExpression, operand(v)) }
    /// `Property eq null`: the property has no value.
    public func isNull() -> QueryExpression { .binary(.eq, queryExpression, .literal(.null)) }
    /// `Property ne null`: the property has a value.
    public func isNotNull() -> QueryExpression { .binary(.ne, queryExpression, .literal(.null)) }
    /// `Property in (a, b, c)` (V4); written for V2 as `eq` comparisons joined by `or`.
    public func isIn(_ values: [QueryValue]) -> QueryExpression { .isIn(queryExpression, values.map(operand)) }
    /// `Property has Namespace.Flags'Member'`: the enumeration flag is set (V4).
    public func has(_ v: QueryValue) -> QueryExpression { .binary(.has, queryExpression, operand(v)) }
    /// `contains(Property, value)` (V4); written for V2 as `substringof(value, Property)`.
    public func contains(_ v: QueryValue) -> QueryExpression { .function("contains", [queryExpression, operand(v)]) }
    /// `startswith(Property, value)`: the text begins with the value.
    public func startsWith(_ v: QueryValue) -> QueryExpression { .function("startswith", [queryExpression, operand(v)]) }
    /// `endswith(Property, value)`: the text ends with the value.
    public func endsWith(_ v: QueryValue) -> QueryExpression { .function("endswith", [queryExpression, operand(v)]) }
    /// This property reached through a navigation path: `customer.path(via: "Customer")` is `Customer/Country`.
    public func path(via navigation: String...) -> QueryExpression {
        .property(PropertyPath(navigation + [name]))
    }
}
