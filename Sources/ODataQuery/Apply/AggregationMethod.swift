import ODataModel

/// How `aggregate` combines the values of an expression (OData Data Aggregation 4.0, 3.1.3): a standard method or a
/// custom one the service declares (`Aggregation.CustomAggregationMethods`).
public enum AggregationMethod: Hashable, Sendable, CustomStringConvertible {
    /// `sum`: the sum of the non-null values.
    case sum
    /// `min`: the smallest value.
    case min
    /// `max`: the largest value.
    case max
    /// `average`: the mean of the non-null values.
    case average
    /// `countdistinct`: how many different values there are.
    case countDistinct
    /// A custom aggregation method, by its qualified name (`Custom.Median`).
    case custom(String)

    /// The standard methods, in the order the specification lists them.
    public static let standard: [AggregationMethod] = [.sum, .min, .max, .average, .countDistinct]

    /// The method as written after `with` (`sum`, `countdistinct`, `Custom.Median`).
    public var description: String {
        switch self {
        case .sum: return "sum"
        case .min: return "min"
        case .max: return "max"
        case .average: return "average"
        case .countDistinct: return "countdistinct"
        case .custom(let n): return n
        }
    }

    /// The standard method of this name (`sum`, `countdistinct`; case-insensitive), or nil.
    public static func named(_ name: String) -> AggregationMethod? {
        standard.first { $0.description == name.lowercased() }
    }

    /// True for the methods that need numbers (`sum`, `average`); `min` and `max` take anything ordered,
    /// `countdistinct` anything at all.
    public var needsNumbers: Bool { self == .sum || self == .average }

    /// The type of the result for an input of type `input` (nil when unknown): `sum` keeps Edm.Decimal, Edm.Double
    /// and Edm.Int64 and widens other integers to Edm.Int64 and Edm.Single to Edm.Double; `average` is Edm.Decimal for
    /// decimals and Edm.Double otherwise; `min` and `max` keep the input type; `countdistinct` counts (Edm.Int64).
    public func resultType(of input: PrimitiveType?) -> PrimitiveType? {
        switch self {
        case .countDistinct: return .int64
        case .min, .max: return input
        case .sum:
            guard let t = input else { return nil }
            if t == .decimal || t == .double || t == .int64 { return t }
            if t == .single { return .double }
            return t.isIntegral ? .int64 : nil
        case .average:
            guard let t = input else { return nil }
            return t == .decimal ? .decimal : (t.isNumeric ? .double : nil)
        case .custom: return nil
        }
    }
}
