import ODataModel

/// One item of an `aggregate` transformation: `Freight with sum as Total`, `$count as Orders`, or a custom aggregate
/// the service declares (`Revenue`, `Revenue as R`).
public struct AggregateExpression: Hashable, Sendable {
    /// What is aggregated.
    public enum Kind: Hashable, Sendable {
        /// `$count as Alias`: how many entities there are.
        case count
        /// `expression with method as Alias`: an expression (usually a property path) aggregated by a method.
        case value(QueryExpression, AggregationMethod)
        /// A custom aggregate by name (`Aggregation.CustomAggregate`); the service knows how to compute it.
        case custom(String)
    }
    /// What is aggregated and how.
    public var kind: Kind
    /// The name of the result (`as Total`); a custom aggregate without one is named after itself.
    public var alias: String?
    /// The type of the result, when known (the typed builders and odsh's binder set it); the reader types the
    /// column by it.
    public var resultType: PrimitiveType?

    /// An aggregate of the given kind and alias.
    public init(_ kind: Kind, as alias: String?, resultType: PrimitiveType? = nil) {
        self.kind = kind; self.alias = alias; self.resultType = resultType
    }

    /// `$count as alias`: the number of entities (an integer).
    public static func count(as alias: String) -> AggregateExpression {
        AggregateExpression(.count, as: alias, resultType: .int64)
    }
    /// `path with method as alias`, by property path (the result type is unknown unless given).
    public static func aggregate(_ path: PropertyPath, with method: AggregationMethod, as alias: String,
                                 resultType: PrimitiveType? = nil) -> AggregateExpression {
        AggregateExpression(.value(.property(path), method), as: alias, resultType: resultType ?? method.resultType(of: nil))
    }
    /// A custom aggregate the service declares (`Aggregation.CustomAggregate`), optionally renamed.
    public static func custom(_ name: String, as alias: String? = nil, resultType: PrimitiveType? = nil) -> AggregateExpression {
        AggregateExpression(.custom(name), as: alias, resultType: resultType)
    }

    /// The name of the result column: the alias, or a custom aggregate's own name.
    public var resultName: String? {
        if let a = alias { return a }
        if case .custom(let n) = kind { return n }
        return nil
    }
}

extension Property {
    /// `Property with method as alias`, the result typed by the method and this property's type.
    public func aggregate(_ method: AggregationMethod, as alias: String) -> AggregateExpression {
        AggregateExpression(.value(.property(PropertyPath([name])), method), as: alias, resultType: method.resultType(of: primitiveType))
    }
    /// `Property with sum as alias`.
    public func sum(as alias: String) -> AggregateExpression { aggregate(.sum, as: alias) }
    /// `Property with min as alias`.
    public func min(as alias: String) -> AggregateExpression { aggregate(.min, as: alias) }
    /// `Property with max as alias`.
    public func max(as alias: String) -> AggregateExpression { aggregate(.max, as: alias) }
    /// `Property with average as alias`.
    public func average(as alias: String) -> AggregateExpression { aggregate(.average, as: alias) }
    /// `Property with countdistinct as alias`.
    public func countDistinct(as alias: String) -> AggregateExpression { aggregate(.countDistinct, as: alias) }
}
