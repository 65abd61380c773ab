/// `MaxLength`: a number or `max`.
public enum MaxLength: Hashable, Sendable, CustomStringConvertible {
    /// `MaxLength="max"`: as long as the service allows.
    case max
    /// A maximum length: characters for strings, bytes for binary data.
    case length(Int)
    /// Reads `max` (any case) or a number; nil for anything else.
    public init?(_ s: String) {
        if s.lowercased() == "max" { self = .max } else if let n = Int(s) { self = .length(n) } else { return nil }
    }
    /// The value as written in CSDL: `max` or the number.
    public var description: String { if case .length(let n) = self { return String(n) } else { return "max" } }
}

/// `Scale`: a number, `variable` (V4) or `floating` (4.01).
public enum Scale: Hashable, Sendable, CustomStringConvertible {
    /// A fixed number of digits after the decimal point.
    case fixed(Int)
    /// `Scale="variable"` (V4): any number of digits after the point, up to the precision.
    case variable
    /// `Scale="floating"` (4.01): a decimal floating-point number.
    case floating
    /// Reads `variable`, `floating` (any case) or a number; nil for anything else.
    public init?(_ s: String) {
        switch s.lowercased() {
        case "variable": self = .variable
        case "floating": self = .floating
        default: if let n = Int(s) { self = .fixed(n) } else { return nil }
        }
    }
    /// The value as written in CSDL: the number, `variable` or `floating`.
    public var description: String {
        switch self { case .fixed(let n): return String(n); case .variable: return "variable"; case .floating: return "floating" }
    }
}

/// The facets a property, parameter, return type or type definition may carry.
public struct Facets: Hashable, Sendable {
    /// `Nullable`: whether null is a valid value; nil when not written (true for properties, by default).
    public var nullable: Bool?
    /// `MaxLength` of a string or binary value.
    public var maxLength: MaxLength?
    /// `Precision`: the total number of digits of a decimal, or of fractional seconds of a temporal value.
    public var precision: Int?
    /// `Scale` of a decimal.
    public var scale: Scale?
    /// A number or `variable`, as written.
    public var srid: String?
    /// `Unicode`: whether a string may hold any Unicode character (true when not written).
    public var unicode: Bool?
    /// V2/V3 `FixedLength`: whether a string or binary value always has `MaxLength`.
    public var fixedLength: Bool?
    /// `DefaultValue`, as written.
    public var defaultValue: String?
    /// No facets written.
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
