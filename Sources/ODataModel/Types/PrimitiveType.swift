/// The EDM primitive types of OData V2, V3 and V4.
public enum PrimitiveType: String, Sendable, CaseIterable, Hashable {
    /// Binary data: a sequence of bytes.
    case binary = "Edm.Binary"
    /// A Boolean: `true` or `false`.
    case boolean = "Edm.Boolean"
    /// An unsigned 8-bit integer.
    case byte = "Edm.Byte"
    /// A signed 8-bit integer.
    case sbyte = "Edm.SByte"
    /// A signed 16-bit integer.
    case int16 = "Edm.Int16"
    /// A signed 32-bit integer.
    case int32 = "Edm.Int32"
    /// A signed 64-bit integer.
    case int64 = "Edm.Int64"
    /// An exact decimal number, bounded by the property's Precision and Scale facets.
    case decimal = "Edm.Decimal"
    /// An IEEE 754 binary64 floating-point number.
    case double = "Edm.Double"
    /// An IEEE 754 binary32 floating-point number.
    case single = "Edm.Single"
    /// A sequence of Unicode characters.
    case string = "Edm.String"
    /// A 16-byte unique identifier, written 8-4-4-4-12 in hex.
    case guid = "Edm.Guid"
    /// A date without a time of day (V4).
    case date = "Edm.Date"
    /// A clock time of day, 00:00 to 23:59:59.999999999999 (V4).
    case timeOfDay = "Edm.TimeOfDay"
    /// A date and time with an offset from UTC.
    case dateTimeOffset = "Edm.DateTimeOffset"
    /// A signed span of days, hours, minutes and seconds (V4; ISO 8601 `PnDTnHnMn.nS`).
    case duration = "Edm.Duration"
    /// A date and time without an offset (V2/V3 only; SAP reads it as UTC).
    case dateTime = "Edm.DateTime"
    /// A time of day or a span of time, written as an ISO 8601 duration (V2/V3 only).
    case time = "Edm.Time"
    /// A binary stream: a media resource or a stream property, read and written apart from the entity.
    case stream = "Edm.Stream"
    /// Any value, of a type the model does not say (V4; mostly in vocabularies).
    case untyped = "Edm.Untyped"
    /// Any geographic shape on a round-earth coordinate system (abstract).
    case geography = "Edm.Geography"
    /// A geographic point.
    case geographyPoint = "Edm.GeographyPoint"
    /// A geographic line string: points joined by lines.
    case geographyLineString = "Edm.GeographyLineString"
    /// A geographic polygon: an outer ring and holes.
    case geographyPolygon = "Edm.GeographyPolygon"
    /// A collection of geographic points.
    case geographyMultiPoint = "Edm.GeographyMultiPoint"
    /// A collection of geographic line strings.
    case geographyMultiLineString = "Edm.GeographyMultiLineString"
    /// A collection of geographic polygons.
    case geographyMultiPolygon = "Edm.GeographyMultiPolygon"
    /// A collection of geographic shapes of any kind.
    case geographyCollection = "Edm.GeographyCollection"
    /// Any geometric shape on a flat-earth coordinate system (abstract).
    case geometry = "Edm.Geometry"
    /// A geometric point.
    case geometryPoint = "Edm.GeometryPoint"
    /// A geometric line string: points joined by lines.
    case geometryLineString = "Edm.GeometryLineString"
    /// A geometric polygon: an outer ring and holes.
    case geometryPolygon = "Edm.GeometryPolygon"
    /// A collection of geometric points.
    case geometryMultiPoint = "Edm.GeometryMultiPoint"
    /// A collection of geometric line strings.
    case geometryMultiLineString = "Edm.GeometryMultiLineString"
    /// A collection of geometric polygons.
    case geometryMultiPolygon = "Edm.GeometryMultiPolygon"
    /// A collection of geometric shapes of any kind.
    case geometryCollection = "Edm.GeometryCollection"
    /// Any primitive type (abstract; in vocabularies).
    case primitiveType = "Edm.PrimitiveType"
    /// A path to an annotation (vocabularies: `@UI.LineItem`).
    case annotationPath = "Edm.AnnotationPath"
    /// A path to a structural property (vocabularies).
    case propertyPath = "Edm.PropertyPath"
    /// A path to a navigation property (vocabularies).
    case navigationPropertyPath = "Edm.NavigationPropertyPath"
    /// A path to a structural or navigation property (vocabularies).
    case anyPropertyPath = "Edm.AnyPropertyPath"
    /// A path to any model element (vocabularies).
    case modelElementPath = "Edm.ModelElementPath"
    /// Any entity type (abstract; in vocabularies).
    case entityType = "Edm.EntityType"
    /// Any complex type (abstract; in vocabularies).
    case complexType = "Edm.ComplexType"

    /// The name without the `Edm.` prefix.
    public var shortName: String { String(rawValue.dropFirst(4)) }
    /// True for the geography and geometry types.
    public var isGeo: Bool { rawValue.hasPrefix("Edm.Geo") }
    /// True for Byte, SByte, Int16, Int32 and Int64.
    public var isIntegral: Bool { [.byte, .sbyte, .int16, .int32, .int64].contains(self) }
    /// True for the integral types, Decimal, Double and Single.
    public var isNumeric: Bool { isIntegral || [.decimal, .double, .single].contains(self) }

    private static let byName: [String: PrimitiveType] = {
        var d: [String: PrimitiveType] = [:]
        for c in allCases { d[c.rawValue] = c }
        return d
    }()
    /// Looks a primitive type up by its qualified name (`Edm.String`).
    public static func named(_ name: String) -> PrimitiveType? { byName[name] }
}
