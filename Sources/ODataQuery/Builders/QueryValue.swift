import ODataModel

/// Something that can stand as an operand in a filter: a Swift value, a literal, a property, an expression.
public protocol QueryValue {
    var queryExpression: QueryExpression { get }
}

extension QueryExpression: QueryValue { public var queryExpression: QueryExpression { self } }
extension QueryLiteral: QueryValue { public var queryExpression: QueryExpression { .literal(self) } }
extension String: QueryValue { public var queryExpression: QueryExpression { .literal(.string(self)) } }
extension Bool: QueryValue { public var queryExpression: QueryExpression { .literal(.boolean(self)) } }
extension Int: QueryValue {
    public var queryExpression: QueryExpression {
        Int32(exactly: self).map { .literal(.int32($0)) } ?? .literal(.int64(Int64(self)))
    }
}
extension Int16: QueryValue { public var queryExpression: QueryExpression { .literal(.int16(self)) } }
extension Int32: QueryValue { public var queryExpression: QueryExpression { .literal(.int32(self)) } }
extension Int64: QueryValue { public var queryExpression: QueryExpression { .literal(.int64(self)) } }
extension Double: QueryValue { public var queryExpression: QueryExpression { .literal(.double(self)) } }
extension Float: QueryValue { public var queryExpression: QueryExpression { .literal(.single(self)) } }
extension Property: QueryValue { public var queryExpression: QueryExpression { .property(PropertyPath([name])) } }
