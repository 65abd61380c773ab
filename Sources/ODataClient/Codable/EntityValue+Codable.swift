import ODataModel

extension EntityValue {
    /// The entity as a `Decodable` Swift type: property names are the coding keys (structural, expanded navigation
    /// and dynamic properties); complex values and expanded entities decode as nested types, collections and
    /// expanded lists as arrays; a property that is null or has no value (not selected, not expanded) decodes as nil
    /// into an optional. Values map to Swift's types so:
    ///
    /// | OData | Swift |
    /// |---|---|
    /// | Edm.String | `String` |
    /// | Edm.Boolean | `Bool` |
    /// | Edm.Byte, SByte, Int16, Int32, Int64 | any integer type (`Int`, `Int32`, `UInt8`, ...), range-checked |
    /// | Edm.Decimal | `Decimal`, `DecimalValue`, `Double`, `String` (every digit); an integer type when it is whole |
    /// | Edm.Double, Edm.Single | `Double`, `Float` |
    /// | Edm.Guid | `UUID`, `GuidValue`, `String` |
    /// | Edm.Binary | `Data`, `[UInt8]` |
    /// | Edm.Date, TimeOfDay (V2 Time), V2 DateTime, DateTimeOffset, Duration | `LocalDate`, `LocalTime`, `LocalDateTime`, `GlobalDateTime`, `DayTimeDuration`; `Date` for the dates and date-times (a V2 DateTime and a Date taken as UTC); `String` (their ISO 8601 text) |
    /// | enum types | `String` or a `String`-backed Swift enum (member names; flags as `A,B`) |
    ///
    /// The library's value types are `Codable` as their OData text, so that structs holding them work with other
    /// coders too.
    ///
    /// ```swift
    /// struct Customer: Decodable { let CustomerID: String; let CompanyName: String; let Orders: [Order]? }
    /// let customer = try entity.decode(Customer.self)
    /// ```
    ///
    /// Throws `EntityCodingError` naming the property that does not fit and why.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T { try EntityValueDecoder.decodeTop(T.self, from: .entity(self)) }

    /// A new entity of `type` made from an `Encodable` Swift value, checked against the metadata: its coding keys
    /// must be properties of the type (structural or navigation; any name on an open type), and its values must
    /// convert to the declared types (the table of `decode(_:)`, the other way; a `String` goes into an Edm.Date,
    /// Edm.DateTimeOffset, Edm.Guid, Edm.Decimal or enum property as their text, range and format checked; a `Date`
    /// is written in UTC, to the microsecond). Nested
    /// structs become complex values or, for navigation properties, entities to create with it (deep insert).
    /// Optional properties that are nil are left out; the entity is marked new (`isNew`), ready for
    /// `DataService.createEntity`.
    ///
    /// Throws `EntityCodingError` naming the property: one the type lacks, a value that does not convert (with the
    /// expected type), a null for a property that is not nullable.
    public static func encode<T: Encodable>(_ value: T, as type: EntityType, in set: EntitySet? = nil) throws -> EntityValue {
        let entity = EntityValue.ofType(type, in: set)
        try entity.setValues(from: value)
        return entity
    }

    /// Sets the entity's properties from an `Encodable` Swift value, checked as `encode(_:as:in:)` does; the
    /// properties set are marked changed, so that `DataService.updateEntity` sends them. Properties the value does
    /// not have (nil optionals included) keep what they hold. On an error, the properties set before it stay set.
    public func setValues<T: Encodable>(from value: T) throws {
        let state = EncodingState()
        do {
            _ = try EntityValueEncoder.encode(value, target: .structure(entityType, existing: self), codingPath: [], state: state)
        } catch {
            throw EntityCodingError.encoding(error)
        }
    }
}

extension ComplexValue {
    /// The complex value as a `Decodable` Swift type, as `EntityValue.decode(_:)` decodes an entity.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T { try EntityValueDecoder.decodeTop(T.self, from: .complex(self)) }
}
