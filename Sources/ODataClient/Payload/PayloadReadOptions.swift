import ODataModel

/// How strictly payloads are read.
///
/// The default is **strict**: a value that does not fit its metadata (`"OrderID": "not-a-number"` for an
/// `Edm.Int32`, a number out of its type's range, a decimal in a string field's format) is a `PayloadError` naming
/// entity set, key, property, expected type and what came, as a library's caller expects of a typed read.
/// **Lenient** reading, for tools that must show what real services (SAP Gateway above all) send even where it does
/// not quite fit (odsh's shell reads so), keeps such a value as a `RawValue` (`.untyped`) and records the same text
/// as a warning, passed to `onWarning`. In both modes a property the metadata does not list is kept as a dynamic
/// property with a warning, not refused: services add properties, a compatible change.
public struct PayloadReadOptions: Sendable {
    /// How a value that does not fit its metadata is met.
    public enum Mode: Sendable {
        /// Kept as a `RawValue`, with a warning.
        case lenient
        /// Thrown as a `PayloadError`.
        case strict
    }
    /// Strict (the default) or lenient.
    public var mode: Mode = .strict
    /// At most this many warnings are kept in `PayloadReader.warnings` (all are counted and passed to `onWarning`).
    public var maxCollectedWarnings = 1000
    /// Called with every warning as it is found.
    public var onWarning: (@Sendable (PayloadIssue) -> Void)?
    /// The largest unit a streaming JSON reader holds at once (one entity of a collection, one member of a single
    /// entity): a larger one is an error that names this limit, so a hostile answer cannot take all memory.
    public var maxUnitBytes = PayloadReadOptions.defaultMaxUnitBytes
    /// Columns the request itself adds to its entity type (aliases of `$apply` aggregates, `$compute` values), with
    /// their types where known: read as values of that type, without an unknown-property warning.
    public var addedColumns: [String: PrimitiveType?] = [:]
    /// 64 MiB.
    public static let defaultMaxUnitBytes = 64 << 20

    /// Options of this mode, the other settings at their defaults.
    public init(mode: Mode = .strict) { self.mode = mode }
    /// Strict reading (the default): a value that does not fit its metadata is an error.
    public static var strict: PayloadReadOptions { PayloadReadOptions(mode: .strict) }
    /// Lenient reading: a value that does not fit its metadata is kept raw, with a warning.
    public static var lenient: PayloadReadOptions { PayloadReadOptions(mode: .lenient) }
}
