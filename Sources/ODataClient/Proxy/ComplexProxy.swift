import ODataModel

/// A generated proxy class for a complex type (`odsh generate swift`): typed properties over a `ComplexValue`.
public protocol ComplexProxy: AnyObject, Sendable, ProxyValue {
    /// The complex type this class stands for (from the metadata the class was generated from).
    static var complexType: ComplexType { get }
    /// Wraps a complex value of this type (or of a type derived from it).
    init(complexValue: ComplexValue)
    /// The dynamic value underneath.
    var complexValue: ComplexValue { get }
}

extension ComplexProxy {
    /// The proxy of a complex value.
    public static func fromDataValue(_ value: DataValue) -> Self? {
        if case .complex(let c) = value { return Self(complexValue: c) }
        return nil
    }
    /// The complex value underneath.
    public var dataValue: DataValue { .complex(complexValue) }
    /// A new, empty value of the type.
    public static var proxyDefault: Self { Self(complexValue: ComplexValue.ofType(complexType)) }

    /// Whether the value holds a value for a property, null included: false when the service sent none or it was
    /// never set; a property of a generated class reads as nil then, or as its type's default with
    /// `--disable-optionals` (`isLoaded` of `EntityProxy`).
    public func isLoaded(_ property: Property) -> Bool { complexValue.hasValue(for: property) }

    /// Writes the value's properties by their OData names (`ProxyCoding`), for a generated class that says `Codable`.
    public func encode(to encoder: any Encoder) throws { try ProxyCoding.encode(complexValue, to: encoder) }

    /// A new value of the class's type from what `encode(to:)` wrote (`ProxyCoding`).
    public init(from decoder: any Decoder) throws {
        self.init(complexValue: try ProxyCoding.decodeComplex(Self.complexType, from: decoder))
    }
}
