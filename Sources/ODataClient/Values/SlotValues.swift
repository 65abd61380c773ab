/// The values of an entity or complex value, one per layout slot, with a bit per slot telling whether there is a
/// value at all. Plain `DataValue`s rather than `DataValue?`: optionals of this large enum go through the runtime's
/// generic value witnesses, which cost readers a tenth of their time (docs/performance.md).
struct SlotValues {
    /// A value per slot; `.null` where the slot has none.
    private(set) var values: ContiguousArray<DataValue>
    /// A bit per slot: set when the slot has a value.
    private var present: ContiguousArray<UInt64>

    init(count: Int) {
        values = ContiguousArray(repeating: .null, count: count)
        present = ContiguousArray(repeating: 0, count: (count + 63) / 64)
    }

    var count: Int { values.count }
    var indices: Range<Int> { values.indices }

    @inline(__always) func has(_ i: Int) -> Bool { present[i >> 6] & (1 << UInt64(i & 63)) != 0 }

    /// The value of a slot that has one (`.null` otherwise).
    @inline(__always) func value(_ i: Int) -> DataValue { values[i] }

    /// Stores `v` in slot `i`.
    @inline(__always) mutating func set(_ i: Int, _ v: __owned DataValue) {
        values[i] = v
        present[i >> 6] |= 1 << UInt64(i & 63)
    }

    @inline(__always) mutating func clear(_ i: Int) {
        values[i] = .null
        present[i >> 6] &= ~(1 << UInt64(i & 63))
    }

    /// The value, nil when the slot has none.
    subscript(i: Int) -> DataValue? {
        get { has(i) ? values[i] : nil }
        set { if let v = newValue { set(i, v) } else { clear(i) } }
    }
}
