/// The EDM primitive types of OData V2, V3 and V4.
public enum PrimitiveType: String, Sendable, CaseIterable, Hashable {
    case binary = "Edm.Binary", boolean = "Edm.Boolean", byte = "Edm.Byte", sbyte = "Edm.SByte"
    case int16 = "Edm.Int16", int32 = "Edm.Int32", int64 = "Edm.Int64"
    case decimal = "Edm.Decimal", double = "Edm.Double", single = "Edm.Single"
    case string = "Edm.String", guid = "Edm.Guid"
    case date = "Edm.Date", timeOfDay = "Edm.TimeOfDay", dateTimeOffset = "Edm.DateTimeOffset", duration = "Edm.Duration"
    /// V2/V3 only.
    case dateTime = "Edm.DateTime", time = "Edm.Time"
    case stream = "Edm.Stream", untyped = "Edm.Untyped"
    case geography = "Edm.Geography", geographyPoint = "Edm.GeographyPoint", geographyLineString = "Edm.GeographyLineString"
    case geographyPolygon = "Edm.GeographyPolygon", geographyMultiPoint = "Edm.GeographyMultiPoint"
    case geographyMultiLineString = "Edm.GeographyMultiLineString", geographyMultiPolygon = "Edm.GeographyMultiPolygon"
    case geographyCollection = "Edm.GeographyCollection"
    case geometry = "Edm.Geometry", geometryPoint = "Edm.GeometryPoint", geometryLineString = "Edm.GeometryLineString"
    case geometryPolygon = "Edm.GeometryPolygon", geometryMultiPoint = "Edm.GeometryMultiPoint"
    case geometryMultiLineString = "Edm.GeometryMultiLineString", geometryMultiPolygon = "Edm.GeometryMultiPolygon"
    case geometryCollection = "Edm.GeometryCollection"
    /// Abstract types usable in vocabularies.
    case primitiveType = "Edm.PrimitiveType", annotationPath = "Edm.AnnotationPath", propertyPath = "Edm.PropertyPath"
    case navigationPropertyPath = "Edm.NavigationPropertyPath", anyPropertyPath = "Edm.AnyPropertyPath"
    case modelElementPath = "Edm.ModelElementPath", entityType = "Edm.EntityType", complexType = "Edm.ComplexType"

    /// The name without the `Edm.` prefix.
    public var shortName: String { String(rawValue.dropFirst(4)) }
    public var isGeo: Bool { rawValue.hasPrefix("Edm.Geo") }
    public var isIntegral: Bool { [.byte, .sbyte, .int16, .int32, .int64].contains(self) }
    public var isNumeric: Bool { isIntegral || [.decimal, .double, .single].contains(self) }

    private static let byName: [String: PrimitiveType] = {
        var d: [String: PrimitiveType] = [:]
        for c in allCases { d[c.rawValue] = c }
        return d
    }()
    /// Looks a primitive type up by its qualified name (`Edm.String`).
    public static func named(_ name: String) -> PrimitiveType? { byName[name] }
}
