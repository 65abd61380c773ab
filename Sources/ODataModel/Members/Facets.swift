/// `MaxLength`: a number or `max`.
public enum MaxLength: Hashable, Sendable, CustomStringConvertible {
    case max
    case length(Int)
    public init?(_ s: String) {
        if s.lowercased() == "max" { self = .max } else if let n = Int(s) { self = .length(n) } else { return nil }
    }
    public var description: String { if case .length(let n) = self { return String(n) } else { return "max" } }
}

/// `Scale`: a number, `variable` (V4) or `floating` (4.01).
public enum Scale: Hashable, Sendable, CustomStringConvertible {
    case fixed(Int)
    case variable
    case floating
    public init?(_ s: String) {
        switch s.lowercased() {
        case "variable": self = .variable
        case "floating": self = .floating
        default: if let n = Int(s) { self = .fixed(n) } else { return nil }
        }
    }
    public var description: String {
        switch self { case .fixed(let n): return String(n); case .variable: return "variable"; case .floating: return "floating" }
    }
}

/// The facets a property, parameter, return type or type definition may carry.
public struct Facets: Hashable, Sendable {
    public var nullable: Bool?
    public var maxLength: MaxLength?
    public var precision: Int?
    public var scale: Scale?
    /// A number or `variable`, as written.
    public var srid: String?
    public var unicode: Bool?
    public var fixedLength: Bool?
    public var defaultValue: String?
    public init() {}

    /// A short human form such as `(40)` or `(15,2)`, for type columns.
    public func shortForm(for type: PrimitiveType?) -> String {
        if let m = maxLength { return "(\(m))" }
        if type == .decimal, precision != nil || scale != nil {
            return "(\(precision.map(String.init) ?? "?"),\(scale?.description ?? "0"))"
        }
        if let p = precision, type == .dateTimeOffset || type == .timeOfDay || type == .duration || type == .dateTime { return "(\(p))" }
        return ""
    }
}
