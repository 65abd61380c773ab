/// A `$filter` (or `$orderby`) expression tree; the URL writer spells it for OData V2 or V4.
public indirect enum QueryExpression: Hashable, Sendable {
    /// A literal value: `'UK'`, `5`, `null`, `2024-05-01`.
    case literal(QueryLiteral)
    /// A property path from the current type (or from a lambda variable, whose name is the first segment).
    case property(PropertyPath)
    /// A unary operator applied to an operand: `not Discontinued`, `-Price`.
    case unary(UnaryOperator, QueryExpression)
    /// A binary operator with its two operands: `Price gt 10`, `A and B`, `Price add 1`.
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

    /// A string literal (`'text'`).
    public static func literal(_ s: String) -> QueryExpression { .literal(.string(s)) }
    /// A property path by text (`Customer/Country`).
    public static func path(_ p: String) -> QueryExpression { .property(PropertyPath(p)) }

    /// `self eq other`.
    public func equal(_ other: QueryExpression) -> QueryExpression { .binary(.eq, self, other) }
    /// `self ne other`.
    public func notEqual(_ other: QueryExpression) -> QueryExpression { .binary(.ne, self, other) }
    /// `self gt other`.
    public func greaterThan(_ other: QueryExpression) -> QueryExpression { .binary(.gt, self, other) }
    /// `self ge other`.
    public func greaterEqual(_ other: QueryExpression) -> QueryExpression { .binary(.ge, self, other) }
    /// `self lt other`.
    public func lessThan(_ other: QueryExpression) -> QueryExpression { .binary(.lt, self, other) }
    /// `self le other`.
    public func lessEqual(_ other: QueryExpression) -> QueryExpression { .binary(.le, self, other) }
    /// `self and other`.
    public func and(_ other: QueryExpression) -> QueryExpression { .binary(.and, self, other) }
    /// `self or other`.
    public func or(_ other: QueryExpression) -> QueryExpression { .binary(.or, self, other) }
    /// `not self`.
    public func not() -> QueryExpression { .unary(.not, self) }
    /// `not e`, as a Swift operator.
    public static prefix func ! (e: QueryExpression) -> QueryExpression { .unary(.not, e) }
    /// `a and b`, as a Swift operator.
    public static func && (a: QueryExpression, b: QueryExpression) -> QueryExpression { .binary(.and, a, b) }
    /// `a or b`, as a Swift operator.
    public static func || (a: QueryExpression, b: QueryExpression) -> QueryExpression { .binary(.or, a, b) }
    /// `self in (values)` (V4; an or-chain of `eq` in V2).
    public func isIn(_ values: [QueryExpression]) -> QueryExpression { .isIn(self, values) }
    /// `self has flag`: an enumeration flag is set (V4).
    public func has(_ flag: QueryExpression) -> QueryExpression { .binary(.has, self, flag) }
    /// `self add o`: a sum (or a date-time plus a duration, V4).
    public func add(_ o: QueryExpression) -> QueryExpression { .binary(.add, self, o) }
    /// `self sub o`: a difference.
    public func sub(_ o: QueryExpression) -> QueryExpression { .binary(.sub, self, o) }
    /// `self mul o`: a product.
    public func mul(_ o: QueryExpression) -> QueryExpression { .binary(.mul, self, o) }
    /// `self div o`: a quotient.
    public func div(_ o: QueryExpression) -> QueryExpression { .binary(.div, self, o) }
    /// `self mod o`: a remainder.
    public func mod(_ o: QueryExpression) -> QueryExpression { .binary(.mod, self, o) }
    /// `contains(self, s)`: the text contains `s` (`substringof(s, self)` in V2).
    public func contains(_ s: QueryExpression) -> QueryExpression { .function("contains", [self, s]) }
    /// `startswith(self, s)`.
    public func startsWith(_ s: QueryExpression) -> QueryExpression { .function("startswith", [self, s]) }
    /// `endswith(self, s)`.
    public func endsWith(_ s: QueryExpression) -> QueryExpression { .function("endswith", [self, s]) }
    /// `collection/any(variable: predicate)`: at least one member satisfies the predicate (V3 and V4).
    public static func any(_ collection: PropertyPath, _ variable: String, _ predicate: QueryExpression) -> QueryExpression {
        .lambda(.any, collection: collection, variable: variable, predicate: predicate)
    }
    /// `collection/all(variable: predicate)`: every member satisfies the predicate (V3 and V4).
    public static func all(_ collection: PropertyPath, _ variable: String, _ predicate: QueryExpression) -> QueryExpression {
        .lambda(.all, collection: collection, variable: variable, predicate: predicate)
    }
}
