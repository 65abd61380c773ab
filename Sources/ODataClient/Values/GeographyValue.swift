import ODataModel

/// A geography or geometry value (Edm.Geography*, Edm.Geometry*), kept as its GeoJSON text as the service sent it.
public struct GeographyValue: Hashable, Sendable, CustomStringConvertible {
    public let type: PrimitiveType
    /// The GeoJSON object (V4 JSON), or the text the service sent in other formats.
    public let geoJSON: String

    public init(type: PrimitiveType, geoJSON: String) { self.type = type; self.geoJSON = geoJSON }
    public var description: String { geoJSON }
}
