import ODataModel

extension EntityValue {
    /// The entity as a `Decodable` Swift type: property names are the coding keys (structural, expanded navigation
    /// and dynamic properties); complex values and expanded entities decode as nested types, collections and
    /// expanded lists as arrays; a property that is null or has no value (not selected, not expanded) decodes as nil
    /// into an optional. Values map to Swift's types as `SwiftValueConversion`'s table says: strings, integers
    /// (range-checked), `Double`, `Decimal`, `Bool`, `UUID`, `Data`, `Date`, the library's own value types
    /// (`LocalDate`, `GlobalDateTime`, `DecimalValue`, ...), or the ISO 8601 text of dates into a `String`.
    ///
    /// ```swift
    /// struct Customer: Decodable { let CustomerID: String; let CompanyName: String; let Orders: [Order]? }
    /// let customer = try entity.decode(Customer.self)
    /// ```
    ///
    /// Throws `EntityCodingError` naming the property that does not fit and why.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        do {
            return try EntityValueDecoder.decode(T.self, from: .entity(self), codingPath: [])
        } catch {
            throw EntityCodingError.decoding(error, type: T.self)
        }
    }

    /// A new entity of `type` made from an `Encodable` Swift value, checked against the metadata: its coding keys
    /// must be properties of the type (structural or navigation; any name on an open type), and its values must
    /// convert to the declared types (see `decode(_:)` for the mapping; a `String` goes into an Edm.Date,
    /// Edm.DateTimeOffset, Edm.Guid, Edm.Decimal or enum property as their text, range and format checked). Nested
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
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        do {
            return try EntityValueDecoder.decode(T.self, from: .complex(self), codingPath: [])
        } catch {
            throw EntityCodingError.decoding(error, type: T.self)
        }
    }
}
