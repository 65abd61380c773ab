/// One token of JSON text, as `JSONScanner.next()` returns it.
package enum JSONToken: UInt8, Sendable, Hashable {
    case beginObject, endObject, beginArray, endArray
    /// An object member name (the `:` after it is consumed with it); its text is the scanner's `stringValue`.
    case key
    case string, number, `true`, `false`, null
    /// The end of the input, after one complete top-level value.
    case endOfInput

    /// True for tokens that start a value (a scalar or a container).
    @inlinable package var startsValue: Bool {
        switch self {
        case .beginObject, .beginArray, .string, .number, .true, .false, .null: return true
        default: return false
        }
    }
}
