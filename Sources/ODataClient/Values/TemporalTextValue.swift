/// A date, time or duration type read from its text by a `ValueByteCursor` parser: the one place that turns such a
/// parser into "the whole text is one value", for the public `init?(_:)`s and the payload readers alike.
protocol TemporalTextValue {
    /// Reads a value at the cursor and leaves the cursor after it; nil when the text there is not one.
    static func parse(_ t: inout ValueByteCursor) -> Self?
}

extension TemporalTextValue {
    /// The value that `b` holds with nothing after it.
    @inline(__always) static func whole(_ b: UnsafeRawBufferPointer) -> Self? {
        var t = ValueByteCursor(b)
        guard let v = parse(&t), t.atEnd else { return nil }
        return v
    }

    /// The value that `text` holds with nothing after it.
    static func whole(_ text: String) -> Self? { text.withBytes { whole($0) } }
}
