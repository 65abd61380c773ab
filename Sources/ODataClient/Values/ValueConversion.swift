import ODataModel

/// Checks that values fit declared types, and converts what the typed setters are given into the property's type.
enum ValueConversion {
    /// Throws unless `v` may be stored in a property of this shape.
    static func check(_ v: DataValue, fits shape: ValueShape, property p: Property?) throws {
        if case .untyped = v { return }
        if case .null = v {
            if let p = p, !p.isNullable { throw ValueConversionError("\(p.name) is not nullable") }
            return
        }
        guard fits(v, shape) else {
            let what = p.map { "\($0.name): " } ?? ""
            throw ValueConversionError("\(what)expected \(shape.typeName), got \(v.kindName)")
        }
        if let p { try checkFacets(v, p) }
    }

    /// A value set on a property keeps within the facets its metadata writes: `MaxLength` of a string (characters,
    /// counted as Unicode scalars) or binary value (bytes); `Precision` and a fixed `Scale` of a decimal (digits
    /// before and after the point; trailing zeros of the fraction do not count). A facet the metadata does not write
    /// is not assumed.
    static func checkFacets(_ v: DataValue, _ p: Property) throws {
        let f = p.facets
        switch v {
        case .string(let text):
            if case .length(let n)? = f.maxLength, text.unicodeScalars.count > n {
                throw ValueConversionError("\(p.name): \(text.unicodeScalars.count) characters, more than its MaxLength of \(n)")
            }
        case .binary(let bytes):
            if case .length(let n)? = f.maxLength, bytes.count > n {
                throw ValueConversionError("\(p.name): \(bytes.count) bytes, more than its MaxLength of \(n)")
            }
        case .decimal(let d):
            var fraction = min(d.scale, d.digits.count)
            var cut = d.digits.utf8.suffix(fraction)
            while fraction > 0, cut.last == UInt8(ascii: "0") { fraction -= 1; cut = cut.dropLast() }
            let whole = d.isZero ? 0 : max(0, d.digits.count - d.scale)
            if case .fixed(let scale)? = f.scale {
                if fraction > scale {
                    throw ValueConversionError("\(p.name): \(d) has \(fraction) digits after the point, more than its Scale of \(scale)")
                }
                if let precision = f.precision, whole > precision - scale {
                    throw ValueConversionError("\(p.name): \(d) has \(whole) digits before the point; Precision \(precision) "
                                               + "and Scale \(scale) allow \(max(0, precision - scale))")
                }
            } else if let precision = f.precision, whole + fraction > precision {
                throw ValueConversionError("\(p.name): \(d) has \(whole + fraction) digits, more than its Precision of \(precision)")
            }
        default:
            break
        }
    }

    static func fits(_ v: DataValue, _ shape: ValueShape) -> Bool {
        if shape.isCollection {
            guard case .list(let l) = v else { return false }
            let e = shape.element
            return l.values.allSatisfy { x in x.isNull || { if case .untyped = x { return true }; return fits(x, e) }() }
        }
        switch shape.kind {
        case .untyped: return true
        case .primitive(let t):
            if t == .time, case .localTime = v { return true }
            if t.isGeo, case .geography(let g) = v { return g.type == t || t == .geography || t == .geometry }
            if t == .stream, case .stream = v { return true }
            return v.primitiveType == t && !{ if case .enumValue = v { return true } else { return false } }()
        case .enumeration(let e):
            if case .enumValue(let ev) = v { return ev.type == nil || ev.type === e || ev.type?.qualifiedName == e.qualifiedName }
            return false
        case .complex(let c):
            if case .complex(let cv) = v { return cv.complexType.isSubtype(of: c) }
            return false
        }
    }

    /// An integer converted to the property's numeric type, range-checked.
    static func integer(_ n: Int64, for p: Property) throws -> DataValue {
        func range<T: FixedWidthInteger>(_: T.Type, _ make: (T) -> DataValue) throws -> DataValue {
            guard let x = T(exactly: n) else { throw ValueConversionError("\(p.name): \(n) is out of range for \(p.type.qualifiedName)") }
            return make(x)
        }
        switch p.primitiveType {
        case .byte?: return try range(UInt8.self) { .unsignedByte($0) }
        case .sbyte?: return try range(Int8.self) { .byte($0) }
        case .int16?: return try range(Int16.self) { .short($0) }
        case .int32?: return try range(Int32.self) { .int($0) }
        case .int64?: return .long(n)
        case .decimal?: return .decimal(DecimalValue(n))
        case .double?: return .double(Double(n))
        case .single?: return .float(Float(n))
        default: throw mismatch(p, "an integer")
        }
    }

    static func mismatch(_ p: Property, _ what: String) -> ValueConversionError {
        ValueConversionError("\(p.name) is \(p.typeDescription), not \(what)")
    }
}

extension DataValue {
    /// The kind of value for messages: `Edm.String`, `a complex value`, `null`.
    var kindName: String {
        if let t = primitiveType { return t.rawValue }
        switch self {
        case .null: return "null"
        case .complex(let c): return c.complexType.qualifiedName
        case .list: return "a collection"
        case .entity(let e): return e.entityType.qualifiedName
        case .entityList: return "a list of entities"
        case .enumValue(let e): return e.type?.qualifiedName ?? "an enum value"
        case .untyped: return "an untyped value"
        default: return "a value"
        }
    }
}
