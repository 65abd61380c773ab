/// How strictly payloads are read.
///
/// The default is **lenient**, because real services (SAP Gateway above all) send values that do not quite fit
/// their metadata — a decimal in a string field's format, a date outside its type, a property the metadata does
/// not list — and a client that stops at the first one is of no use to their users. Lenient reading keeps such a
/// value as a `RawValue` (`.untyped`) and records a warning naming entity set, key, property, expected type and
/// what came. Strict reading throws that warning as a `PayloadError` instead.
public struct PayloadReadOptions: Sendable {
    /// How a value that does not fit its metadata is met.
    public enum Mode: Sendable {
        /// Kept as a `RawValue`, with a warning.
        case lenient
        /// Thrown as a `PayloadError`.
        case strict
    }
    /// Lenient (the default) or strict.
    public var mode: Mode = .lenient
    /// At most this many warnings are kept in `PayloadReader.warnings` (all are counted and passed to `onWarning`).
    public var maxCollectedWarnings = 1000
    /// Called with every warning as it is found.
    public var onWarning: (@Sendable (PayloadIssue) -> Void)?
    /// The largest unit a streaming JSON reader holds at once (one entity of a collection, one member of a single
    /// entity): a larger one is an error that names this limit, so a hostile answer cannot take all memory.
    public var maxUnitBytes = PayloadReadOptions.defaultMaxUnitBytes
    /// 64 MiB.
    public static let defaultMaxUnitBytes = 64 << 20

    /// Options of this mode, the other settings at their defaults.
    public init(mode: Mode = .lenient) { self.mode = mode }
    /// Strict reading: a value that does not fit its metadata is an error.
    public static var strict: PayloadReadOptions { PayloadReadOptions(mode: .strict) }
    /// Lenient reading (the default): a value that does not fit its metadata is kept raw, with a warning.
    public static var lenient: PayloadReadOptions { PayloadReadOptions(mode: .lenient) }
}
