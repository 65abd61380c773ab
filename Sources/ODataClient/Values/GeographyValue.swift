import ODataModel

/// A geography or geometry value (Edm.Geography*, Edm.Geometry*), kept as the service sent it: GeoJSON text from
/// JSON payloads, the text content of the GML (coordinates) from Atom.
public struct GeographyValue: Hashable, Sendable, CustomStringConvertible {
    /// The geography or geometry type (`Edm.GeographyPoint`, ...).
    public let type: PrimitiveType
    /// The GeoJSON object, or the GML's text.
    public let text: String
    /// True when `text` is GeoJSON.
    public let isGeoJSON: Bool

    /// A value of `type` from its GeoJSON text.
    public init(type: PrimitiveType, geoJSON: String) { self.type = type; text = geoJSON; isGeoJSON = true }
    /// A value of `type` from the text of its GML.
    public init(type: PrimitiveType, gmlText: String) { self.type = type; text = gmlText; isGeoJSON = false }
    /// The GeoJSON or GML text.
    public var description: String { text }
}
