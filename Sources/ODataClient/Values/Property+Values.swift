import ODataModel

/// SAP-style typed accessors: `p.setStringValue(in: entity, to: "ACME")`, `p.getDecimalValue(from: entity)`.
/// Getters return nil when the property has no value, is null, or holds another kind of value. Setters convert
/// to the property's declared type where that is exact (an Int into an Edm.Int16 property, range-checked) and
/// throw otherwise; they mark the property changed. SAP's setters do not throw and end the program on a value that
/// does not fit; these throw `ValueConversionError` instead (`try` before the call), since a value from input or
/// another service that does not fit is an error to report, not a crash.
extension Property {
    /// The value, nil when there is none (SAP's `getOptionalValue`).
    public func getDataValue(from s: StructureBase) -> DataValue? { s.value(for: self) }
    /// Sets any value that fits the declared type.
    public func setDataValue(in s: StructureBase, to v: DataValue) throws { try s.setValue(self, to: v) }
    /// Sets the null value (throws for a property that is not nullable).
    public func setNullValue(in s: StructureBase) throws { try s.setValue(self, to: .null) }
    /// True when the value is null or there is none.
    public func isNull(in s: StructureBase) -> Bool { s.value(for: self)?.isNull ?? true }

    /// An Edm.String value.
    public func getStringValue(from s: StructureBase) -> String? {
        if case .string(let v)? = s.value(for: self) { return v }
        return nil
    }
    /// Sets an Edm.String (or untyped) property.
    public func setStringValue(in s: StructureBase, to v: String) throws {
        guard primitiveType == .string || isUntyped else { throw ValueConversion.mismatch(self, "a string") }
        try s.setValue(self, to: .string(v))
    }

    /// Any integral value (Byte, SByte, Int16, Int32, Int64) as Int.
    public func getIntValue(from s: StructureBase) -> Int? { s.value(for: self)?.integerValue.flatMap { Int(exactly: $0) } }
    /// Sets an integral property (Byte, SByte, Int16, Int32, Int64), range-checked, or a Decimal or Double one.
    public func setIntValue(in s: StructureBase, to v: Int) throws { try s.setValue(self, to: ValueConversion.integer(Int64(v), for: self)) }
    /// Any integral value (Byte, SByte, Int16, Int32, Int64) as Int64.
    public func getLongValue(from s: StructureBase) -> Int64? { s.value(for: self)?.integerValue }
    /// Sets an integral property (Byte, SByte, Int16, Int32, Int64), range-checked, or a Decimal or Double one.
    public func setLongValue(in s: StructureBase, to v: Int64) throws { try s.setValue(self, to: ValueConversion.integer(v, for: self)) }

    /// An Edm.Decimal value, or an integral one as a decimal.
    public func getDecimalValue(from s: StructureBase) -> DecimalValue? {
        switch s.value(for: self) {
        case .decimal(let d)?: return d
        case let v?: return v.integerValue.map { DecimalValue($0) }
        case nil: return nil
        }
    }
    /// Sets a Decimal property; a Double property gets the nearest Double, an integral one an integral value.
    public func setDecimalValue(in s: StructureBase, to v: DecimalValue) throws {
        switch primitiveType {
        case .decimal?: try s.setValue(self, to: .decimal(v))
        case .double?: try s.setValue(self, to: .double(v.doubleValue))
        default:
            guard let n = v.int64Value, primitiveType?.isIntegral == true else { throw ValueConversion.mismatch(self, "a decimal") }
            try s.setValue(self, to: ValueConversion.integer(n, for: self))
        }
    }

    /// Double or Single (and integral values) as Double.
    public func getDoubleValue(from s: StructureBase) -> Double? {
        switch s.value(for: self) {
        case .double(let d)?: return d
        case .float(let f)?: return Double(f)
        case let v?: return v.integerValue.map(Double.init)
        case nil: return nil
        }
    }
    /// Sets a Double or Single property, or a Decimal one to the value's shortest text (a finite value only).
    public func setDoubleValue(in s: StructureBase, to v: Double) throws {
        switch primitiveType {
        case .double?: try s.setValue(self, to: .double(v))
        case .single?: try s.setValue(self, to: .float(Float(v)))
        case .decimal?:
            guard v.isFinite, let d = DecimalValue(v.description) else { throw ValueConversionError("\(name): \(v) is not a decimal number") }
            try s.setValue(self, to: .decimal(d))
        default: throw ValueConversion.mismatch(self, "a double")
        }
    }

    /// An Edm.Boolean value.
    public func getBooleanValue(from s: StructureBase) -> Bool? {
        if case .boolean(let v)? = s.value(for: self) { return v }
        return nil
    }
    /// Sets an Edm.Boolean property.
    public func setBooleanValue(in s: StructureBase, to v: Bool) throws { try s.setValue(self, to: .boolean(v)) }

    /// An Edm.Guid value.
    public func getGuidValue(from s: StructureBase) -> GuidValue? {
        if case .guid(let v)? = s.value(for: self) { return v }
        return nil
    }
    /// Sets an Edm.Guid property.
    public func setGuidValue(in s: StructureBase, to v: GuidValue) throws { try s.setValue(self, to: .guid(v)) }

    /// An Edm.Binary value, as bytes.
    public func getBinaryValue(from s: StructureBase) -> [UInt8]? {
        if case .binary(let v)? = s.value(for: self) { return v }
        return nil
    }
    /// Sets an Edm.Binary property.
    public func setBinaryValue(in s: StructureBase, to v: [UInt8]) throws { try s.setValue(self, to: .binary(v)) }

    /// An Edm.Date value.
    public func getLocalDate(from s: StructureBase) -> LocalDate? {
        if case .localDate(let v)? = s.value(for: self) { return v }
        return nil
    }
    /// Sets an Edm.Date property.
    public func setLocalDate(in s: StructureBase, to v: LocalDate) throws { try s.setValue(self, to: .localDate(v)) }

    /// Edm.TimeOfDay and V2 Edm.Time.
    public func getLocalTime(from s: StructureBase) -> LocalTime? {
        if case .localTime(let v)? = s.value(for: self) { return v }
        return nil
    }
    /// Sets an Edm.TimeOfDay or V2 Edm.Time property.
    public func setLocalTime(in s: StructureBase, to v: LocalTime) throws { try s.setValue(self, to: .localTime(v)) }

    /// V2/V3 Edm.DateTime.
    public func getLocalDateTime(from s: StructureBase) -> LocalDateTime? {
        if case .localDateTime(let v)? = s.value(for: self) { return v }
        return nil
    }
    /// Sets a V2/V3 Edm.DateTime property.
    public func setLocalDateTime(in s: StructureBase, to v: LocalDateTime) throws { try s.setValue(self, to: .localDateTime(v)) }

    /// An Edm.DateTimeOffset value.
    public func getGlobalDateTime(from s: StructureBase) -> GlobalDateTime? {
        if case .globalDateTime(let v)? = s.value(for: self) { return v }
        return nil
    }
    /// Sets an Edm.DateTimeOffset property.
    public func setGlobalDateTime(in s: StructureBase, to v: GlobalDateTime) throws { try s.setValue(self, to: .globalDateTime(v)) }

    /// An Edm.Duration value.
    public func getDuration(from s: StructureBase) -> DayTimeDuration? {
        if case .duration(let v)? = s.value(for: self) { return v }
        return nil
    }
    /// Sets an Edm.Duration property.
    public func setDuration(in s: StructureBase, to v: DayTimeDuration) throws { try s.setValue(self, to: .duration(v)) }

    /// The value of an enum property.
    public func getEnumValue(from s: StructureBase) -> EnumValue? {
        if case .enumValue(let v)? = s.value(for: self) { return v }
        return nil
    }
    /// Sets an enum property by member name (`Premium`, or `Read,Write` for flags).
    public func setEnumValue(in s: StructureBase, to member: String) throws {
        guard case .enumeration(let e) = resolvedType else { throw ValueConversion.mismatch(self, "an enum value") }
        guard let v = EnumValue.parse(member, type: e) else {
            throw ValueConversionError("\(name): \(e.qualifiedName) has no member \(member)")
        }
        try s.setValue(self, to: .enumValue(v))
    }

    /// The value of a complex property.
    public func getComplexValue(from s: StructureBase) -> ComplexValue? {
        if case .complex(let v)? = s.value(for: self) { return v }
        return nil
    }
    /// Sets a complex property.
    public func setComplexValue(in s: StructureBase, to v: ComplexValue) throws { try s.setValue(self, to: .complex(v)) }

    /// The value of a collection property.
    public func getDataValueList(from s: StructureBase) -> DataValueList? {
        if case .list(let v)? = s.value(for: self) { return v }
        return nil
    }
    /// Sets a collection property.
    public func setDataValueList(in s: StructureBase, to v: DataValueList) throws { try s.setValue(self, to: .list(v)) }

    private var isUntyped: Bool { if case .untyped = ValueShape(property: self).kind { return true } else { return false } }
}

/// Typed access to expanded navigation properties.
extension NavigationProperty {
    /// The expanded entity of a single-valued navigation property.
    public func getEntityValue(from e: EntityValue) -> EntityValue? {
        if case .entity(let v)? = e.value(for: self) { return v }
        return nil
    }
    /// The expanded entities of a collection-valued navigation property.
    public func getEntityValueList(from e: EntityValue) -> EntityValueList? {
        if case .entityList(let v)? = e.value(for: self) { return v }
        return nil
    }
    /// Sets a single-valued navigation property to this entity (a deep insert or a binding).
    public func setEntityValue(in e: EntityValue, to v: EntityValue) throws { try e.setValue(self, to: .entity(v)) }
    /// Sets a collection-valued navigation property to these entities (a deep insert or bindings).
    public func setEntityValueList(in e: EntityValue, to v: EntityValueList) throws { try e.setValue(self, to: .entityList(v)) }
}
