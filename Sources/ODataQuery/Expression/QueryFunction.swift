import ODataModel

/// A canonical `$filter` function: its V4 name, how many arguments it takes, its V2 spelling, and what it returns.
public struct QueryFunction: Hashable, Sendable {
    /// The function's name in OData V4 (`contains`, `year`, `totaloffsetminutes`).
    public var name: String
    /// How many arguments it takes (`substring` takes two or three).
    public var arity: ClosedRange<Int>
    /// The V2/V3 name, or nil when the function is V4 only.
    public var v2Name: String?
    /// The result type, when fixed (nil: the type of the first argument, or a type given as argument).
    public var returnType: PrimitiveType?
    /// Expected types of the arguments, for typing literals (nil where any type goes).
    public var argumentTypes: [PrimitiveType?]

    /// The canonical functions odsh knows, by V4 name.
    public static let all: [QueryFunction] = [
        .init(name: "contains", arity: 2...2, v2Name: "substringof", returnType: .boolean, argumentTypes: [.string, .string]),
        .init(name: "startswith", arity: 2...2, v2Name: "startswith", returnType: .boolean, argumentTypes: [.string, .string]),
        .init(name: "endswith", arity: 2...2, v2Name: "endswith", returnType: .boolean, argumentTypes: [.string, .string]),
        .init(name: "length", arity: 1...1, v2Name: "length", returnType: .int32, argumentTypes: [.string]),
        .init(name: "indexof", arity: 2...2, v2Name: "indexof", returnType: .int32, argumentTypes: [.string, .string]),
        .init(name: "substring", arity: 2...3, v2Name: "substring", returnType: .string, argumentTypes: [.string, .int32, .int32]),
        .init(name: "tolower", arity: 1...1, v2Name: "tolower", returnType: .string, argumentTypes: [.string]),
        .init(name: "toupper", arity: 1...1, v2Name: "toupper", returnType: .string, argumentTypes: [.string]),
        .init(name: "trim", arity: 1...1, v2Name: "trim", returnType: .string, argumentTypes: [.string]),
        .init(name: "concat", arity: 2...2, v2Name: "concat", returnType: .string, argumentTypes: [.string, .string]),
        .init(name: "year", arity: 1...1, v2Name: "year", returnType: .int32, argumentTypes: [nil]),
        .init(name: "month", arity: 1...1, v2Name: "month", returnType: .int32, argumentTypes: [nil]),
        .init(name: "day", arity: 1...1, v2Name: "day", returnType: .int32, argumentTypes: [nil]),
        .init(name: "hour", arity: 1...1, v2Name: "hour", returnType: .int32, argumentTypes: [nil]),
        .init(name: "minute", arity: 1...1, v2Name: "minute", returnType: .int32, argumentTypes: [nil]),
        .init(name: "second", arity: 1...1, v2Name: "second", returnType: .int32, argumentTypes: [nil]),
        .init(name: "fractionalseconds", arity: 1...1, v2Name: nil, returnType: .decimal, argumentTypes: [nil]),
        .init(name: "date", arity: 1...1, v2Name: nil, returnType: .date, argumentTypes: [.dateTimeOffset]),
        .init(name: "time", arity: 1...1, v2Name: nil, returnType: .timeOfDay, argumentTypes: [.dateTimeOffset]),
        .init(name: "now", arity: 0...0, v2Name: nil, returnType: .dateTimeOffset, argumentTypes: []),
        .init(name: "totaloffsetminutes", arity: 1...1, v2Name: nil, returnType: .int32, argumentTypes: [.dateTimeOffset]),
        .init(name: "round", arity: 1...1, v2Name: "round", returnType: nil, argumentTypes: [nil]),
        .init(name: "floor", arity: 1...1, v2Name: "floor", returnType: nil, argumentTypes: [nil]),
        .init(name: "ceiling", arity: 1...1, v2Name: "ceiling", returnType: nil, argumentTypes: [nil]),
        .init(name: "isof", arity: 1...2, v2Name: "isof", returnType: .boolean, argumentTypes: [nil, nil]),
        .init(name: "cast", arity: 1...2, v2Name: "cast", returnType: nil, argumentTypes: [nil, nil]),
    ]

    private static let byName: [String: QueryFunction] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The function by V4 name, case-insensitive.
    public static func named(_ name: String) -> QueryFunction? { byName[name.lowercased()] }
}
