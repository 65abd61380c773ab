import ODataModel

/// Something that can stand as an operand in a filter: a Swift value, a literal, a property, an expression.
public protocol QueryValue {
    /// The operand as a filter expression: a literal, a property path or a whole expression.
    var queryExpression: QueryExpression { get }
}

/// The expression itself.
extension QueryExpression: QueryValue { public var queryExpression: QueryExpression { self } }
/// The literal as a literal operand.
extension QueryLiteral: QueryValue { public var queryExpression: QueryExpression { .literal(self) } }
/// An `Edm.String` literal (`'text'`, quotes doubled inside).
extension String: QueryValue { public var queryExpression: QueryExpression { .literal(.string(self)) } }
/// An `Edm.Boolean` literal (`true`, `false`).
extension Bool: QueryValue { public var queryExpression: QueryExpression { .literal(.boolean(self)) } }
extension Int: QueryValue {
    /// An `Edm.Int32` literal when the value fits, else `Edm.Int64`.
    public var queryExpression: QueryExpression {
        Int32(exactly: self).map { .literal(.int32($0)) } ?? .literal(.int64(Int64(self)))
    }
}
/// An `Edm.Byte` literal.
extension UInt8: QueryValue { public var queryExpression: QueryExpression { .literal(.byte(self)) } }
/// An `Edm.SByte` literal.
extension Int8: QueryValue { public var queryExpression: QueryExpression { .literal(.sbyte(self)) } }
/// An `Edm.Int16` literal.
extension Int16: QueryValue { public var queryExpression: QueryExpression { .literal(.int16(self)) } }
/// An `Edm.Int32` literal.
extension Int32: QueryValue { public var queryExpression: QueryExpression { .literal(.int32(self)) } }
/// An `Edm.Int64` literal (`5L` in V2).
extension Int64: QueryValue { public var queryExpression: QueryExpression { .literal(.int64(self)) } }
/// An `Edm.Double` literal (`1.5d` in V2).
extension Double: QueryValue { public var queryExpression: QueryExpression { .literal(.double(self)) } }
/// An `Edm.Single` literal (`1.5f` in V2).
extension Float: QueryValue { public var queryExpression: QueryExpression { .literal(.single(self)) } }
/// The property as a path operand, relative to the type being filtered.
extension Property: QueryValue { public var queryExpression: QueryExpression { .property(PropertyPath([name])) } }
