import ODataModel

/// The value of a collection-valued property or operation result: primitives, enum values or complex values
/// (SAP's `DataValueList`).
public struct DataValueList: Equatable, Sendable, CustomStringConvertible {
    /// The element type, e.g. `Edm.String` for `Collection(Edm.String)`.
    public var elementType: TypeReference?
    public var values: [DataValue]

    public init(elementType: TypeReference? = nil, _ values: [DataValue] = []) {
        self.elementType = elementType; self.values = values
    }

    public var count: Int { values.count }
    public mutating func append(_ v: DataValue) { values.append(v) }
    public var description: String { "[" + values.map(\.description).joined(separator: ", ") + "]" }
}
