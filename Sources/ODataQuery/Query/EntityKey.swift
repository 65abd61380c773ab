/// The key of an entity: one value (`Customers('ALFKI')`) or named values (`Order_Details(OrderID=1,ProductID=2)`).
public struct EntityKey: Hashable, Sendable {
    /// One key property and its value.
    public struct Value: Hashable, Sendable {
        /// The key property's name; nil for a single-valued key written without it (`Customers('ALFKI')`).
        public var name: String?
        /// The key value, typed by the key property.
        public var value: QueryLiteral
        /// A key property's value, named or not.
        public init(name: String?, value: QueryLiteral) { self.name = name; self.value = value }
    }
    /// The key values, in the order they are written.
    public var values: [Value]

    /// A key with no values yet; `with(name:value:)` adds them.
    public init() { values = [] }
    /// A single-valued key written without the property name.
    public init(_ value: QueryLiteral) { values = [Value(name: nil, value: value)] }
    /// A key of named values (composite or not).
    public init(_ pairs: [(String, QueryLiteral)]) { values = pairs.map { Value(name: $0.0, value: $0.1) } }

    /// This key with one more named value (SAP's `EntityKey().with(name:value:)`).
    public func with(name: String, value: QueryLiteral) -> EntityKey {
        var k = self
        k.values.append(Value(name: name, value: value))
        return k
    }
}
