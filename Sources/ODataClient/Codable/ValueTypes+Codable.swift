// The library's value types are Codable as their OData text (`2024-05-01`, `12.50`, `PT1H`, a GUID's 8-4-4-4-12),
// so that a Swift type holding them is Codable too: `EntityValue.decode(_:)` hands them over as they are, and other
// coders (JSONEncoder, property lists) read and write the text.

extension GuidValue: Codable {
    /// Reads a GUID's text.
    public init(from decoder: any Decoder) throws { self = try ODataText.decode(decoder, "a GUID", GuidValue.init) }
    /// Writes the GUID's text.
    public func encode(to encoder: any Encoder) throws { try ODataText.encode(description, to: encoder) }
}

extension DecimalValue: Codable {
    /// Reads a decimal number's text (a string, so that no digit is lost to a Double).
    public init(from decoder: any Decoder) throws { self = try ODataText.decode(decoder, "a decimal number", DecimalValue.init) }
    /// Writes the number as text, every digit kept.
    public func encode(to encoder: any Encoder) throws { try ODataText.encode(description, to: encoder) }
}

extension LocalDate: Codable {
    /// Reads `YYYY-MM-DD`.
    public init(from decoder: any Decoder) throws { self = try ODataText.decode(decoder, "a date (YYYY-MM-DD)", LocalDate.init) }
    /// Writes `YYYY-MM-DD`.
    public func encode(to encoder: any Encoder) throws { try ODataText.encode(description, to: encoder) }
}

extension LocalTime: Codable {
    /// Reads `hh:mm:ss[.fff]`.
    public init(from decoder: any Decoder) throws { self = try ODataText.decode(decoder, "a time of day (hh:mm:ss)") { LocalTime($0) } }
    /// Writes `hh:mm:ss[.fff]`.
    public func encode(to encoder: any Encoder) throws { try ODataText.encode(description, to: encoder) }
}

extension LocalDateTime: Codable {
    /// Reads `YYYY-MM-DDThh:mm[:ss[.fff]]`.
    public init(from decoder: any Decoder) throws {
        self = try ODataText.decode(decoder, "a date and time (YYYY-MM-DDThh:mm:ss)", LocalDateTime.init)
    }
    /// Writes `YYYY-MM-DDThh:mm:ss[.fff]`.
    public func encode(to encoder: any Encoder) throws { try ODataText.encode(description, to: encoder) }
}

extension GlobalDateTime: Codable {
    /// Reads ISO 8601 with an offset (`2024-05-01T10:00:00Z`, `...+02:00`).
    public init(from decoder: any Decoder) throws {
        self = try ODataText.decode(decoder, "a date and time with offset (ISO 8601)", GlobalDateTime.init)
    }
    /// Writes ISO 8601 with its offset.
    public func encode(to encoder: any Encoder) throws { try ODataText.encode(description, to: encoder) }
}

extension DayTimeDuration: Codable {
    /// Reads an ISO 8601 day-time duration (`P1DT2H`, `-PT0.5S`).
    public init(from decoder: any Decoder) throws { self = try ODataText.decode(decoder, "a duration (ISO 8601)", DayTimeDuration.init) }
    /// Writes the ISO 8601 duration.
    public func encode(to encoder: any Encoder) throws { try ODataText.encode(description, to: encoder) }
}

/// The text form the value types are coded as.
enum ODataText {
    static func decode<T>(_ decoder: any Decoder, _ what: String, _ parse: (String) -> T?) throws -> T {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let v = parse(text) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "\(text) is not \(what)")
        }
        return v
    }

    static func encode(_ text: String, to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(text)
    }
}
