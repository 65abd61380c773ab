import ODataModel

/// The value of a collection-valued property or operation result: primitives, enum values or complex values
/// (SAP's `DataValueList`).
public struct DataValueList: Equatable, Sendable, CustomStringConvertible {
    /// The element type, e.g. `Edm.String` for `Collection(Edm.String)`.
    public var elementType: TypeReference?
    /// The values, in order.
    public var values: [DataValue]

    /// A list of these values of this element type.
    public init(elementType: TypeReference? = nil, _ values: [DataValue] = []) {
        self.elementType = elementType; self.values = values
    }

    /// How many values the list holds.
    public var count: Int { values.count }
    /// Adds a value at the end.
    public mutating func append(_ v: DataValue) { values.append(v) }
    /// `[a, b, c]`.
    public var description: String { "[" + values.map(\.description).joined(separator: ", ") + "]" }
}
