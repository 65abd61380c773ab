/// A `$filter` (or `$orderby`) expression tree; the URL writer spells it for OData V2 or V4.
public indirect enum QueryExpression: Hashable, Sendable {
    case literal(QueryLiteral)
    /// A property path from the current type (or from a lambda variable, whose name is the first segment).
    case property(PropertyPath)
    case unary(UnaryOperator, QueryExpression)
    case binary(BinaryOperator, QueryExpression, QueryExpression)
    /// `x in (a, b, c)`; V2 spells it as an or-chain of `eq`.
    case isIn(QueryExpression, [QueryExpression])
    /// A canonical function call such as `contains(Name,'x')`, by its V4 name.
    case function(String, [QueryExpression])
    /// A qualified type name, the type argument of `isof` and `cast`.
    case typeName(String)
    /// `path/any(v: predicate)`, `path/all(v: predicate)`; `any()` without a predicate.
    case lambda(LambdaOperator, collection: PropertyPath, variable: String?, predicate: QueryExpression?)

    // MARK: Building (SAP's QueryFilter style)

    public static func literal(_ s: String) -> QueryExpression { .literal(.string(s)) }
    public static func path(_ p: String) -> QueryExpression { .property(PropertyPath(p)) }

    public func equal(_ other: QueryExpression) -> QueryExpression { .binary(.eq, self, other) }
    public func notEqual(_ other: QueryExpression) -> QueryExpression { .binary(.ne, self, other) }
    public func greaterThan(_ other: QueryExpression) -> QueryExpression { .binary(.gt, self, other) }
    public func greaterEqual(_ other: QueryExpression) -> QueryExpression { .binary(.ge, self, other) }
    public func lessThan(_ other: QueryExpression) -> QueryExpression { .binary(.lt, self, other) }
    public func lessEqual(_ other: QueryExpression) -> QueryExpression { .binary(.le, self, other) }
    public func and(_ other: QueryExpression) -> QueryExpression { .binary(.and, self, other) }
    public func or(_ other: QueryExpression) -> QueryExpression { .binary(.or, self, other) }
    public func not() -> QueryExpression { .unary(.not, self) }
    public static prefix func ! (e: QueryExpression) -> QueryExpression { .unary(.not, e) }
    public static func && (a: QueryExpression, b: QueryExpression) -> QueryExpression { .binary(.and, a, b) }
    public static func || (a: QueryExpression, b: QueryExpression) -> QueryExpression { .binary(.or, a, b) }
    public func isIn(_ values: [QueryExpression]) -> QueryExpression { .isIn(self, values) }
    public func has(_ flag: QueryExpression) -> QueryExpression { .binary(.has, self, flag) }
    public func add(_ o: QueryExpression) -> QueryExpression { .binary(.add, self, o) }
    public func sub(_ o: QueryExpression) -> QueryExpression { .binary(.sub, self, o) }
    public func mul(_ o: QueryExpression) -> QueryExpression { .binary(.mul, self, o) }
    public func div(_ o: QueryExpression) -> QueryExpression { .binary(.div, self, o) }
    public func mod(_ o: QueryExpression) -> QueryExpression { .binary(.mod, self, o) }
    public func contains(_ s: QueryExpression) -> QueryExpression { .function("contains", [self, s]) }
    public func startsWith(_ s: QueryExpression) -> QueryExpression { .function("startswith", [self, s]) }
    public func endsWith(_ s: QueryExpression) -> QueryExpression { .function("endswith", [self, s]) }
    public static func any(_ collection: PropertyPath, _ variable: String, _ predicate: QueryExpression) -> QueryExpression {
        .lambda(.any, collection: collection, variable: variable, predicate: predicate)
    }
    public static func all(_ collection: PropertyPath, _ variable: String, _ predicate: QueryExpression) -> QueryExpression {
        .lambda(.all, collection: collection, variable: variable, predicate: predicate)
    }
}
