import ODataModel

/// The Swift type a generated declaration uses for an EDM type: exactly one per EDM type, so that a value of it is
/// a value of the declared type (`ProxyValue` in the library), and the library's own value types where Swift has
/// none (`DecimalValue`, `LocalDate`, ...).
struct SwiftTypeMapping {
    /// The Swift type's name (`String`, `[Int32]`, `Address`).
    var name: String
    /// Why the type is not the EDM type's own (a type the metadata does not have), for a comment.
    var note: String?
    /// An entity type (only a navigation target or an operation's result may be one).
    var isEntity = false

    static func primitive(_ p: PrimitiveType) -> String {
        switch p {
        case .binary: return "Data"
        case .boolean: return "Bool"
        case .byte: return "UInt8"
        case .sbyte: return "Int8"
        case .int16: return "Int16"
        case .int32: return "Int32"
        case .int64: return "Int64"
        case .decimal: return "DecimalValue"
        case .double: return "Double"
        case .single: return "Float"
        case .string: return "String"
        case .guid: return "GuidValue"
        case .date: return "LocalDate"
        case .timeOfDay, .time: return "LocalTime"
        case .dateTimeOffset: return "GlobalDateTime"
        case .duration: return "DayTimeDuration"
        case .dateTime: return "LocalDateTime"
        case .stream: return "StreamLink"
        default: return p.isGeo ? "GeographyValue" : "DataValue"
        }
    }
}
