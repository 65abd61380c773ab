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

    public func equal(_ v: QueryValue) -> QueryExpression { .binary(.eq, queryExpression, operand(v)) }
    public func notEqual(_ v: QueryValue) -> QueryExpression { .binary(.ne, queryExpression, operand(v)) }
    public func greaterThan(_ v: QueryValue) -> QueryExpression { .binary(.gt, queryExpression, operand(v)) }
    public func greaterEqual(_ v: QueryValue) -> QueryExpression { .binary(.ge, queryExpression, operand(v)) }
    public func lessThan(_ v: QueryValue) -> QueryExpression { .binary(.lt, queryExpression, operand(v)) }
    public func lessEqual(_ v: QueryValue) -> QueryExpression { .binary(.le, queryExpression, operand(v)) }
    public func isNull() -> QueryExpression { .binary(.eq, queryExpression, .literal(.null)) }
    public func isNotNull() -> QueryExpression { .binary(.ne, queryExpression, .literal(.null)) }
    public func isIn(_ values: [QueryValue]) -> QueryExpression { .isIn(queryExpression, values.map(operand)) }
    public func has(_ v: QueryValue) -> QueryExpression { .binary(.has, queryExpression, operand(v)) }
    public func contains(_ v: QueryValue) -> QueryExpression { .function("contains", [queryExpression, operand(v)]) }
    public func startsWith(_ v: QueryValue) -> QueryExpression { .function("startswith", [queryExpression, operand(v)]) }
    public func endsWith(_ v: QueryValue) -> QueryExpression { .function("endswith", [queryExpression, operand(v)]) }
    /// This property reached through a navigation path: `customer.path(via: "Customer")` is `Customer/Country`.
    public func path(via navigation: String...) -> QueryExpression {
        .property(PropertyPath(navigation + [name]))
    }
}
