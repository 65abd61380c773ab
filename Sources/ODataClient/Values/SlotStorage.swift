/// The values of an entity or complex value, one per layout slot, with a bit per slot telling whether there is a
/// value at all. Raw memory owned by the structure (one allocation, no uniqueness checks), and plain `DataValue`s
/// rather than `DataValue?`: optionals of this large enum go through the runtime's generic value witnesses. Kept by
/// measurement: a `ContiguousArray<DataValue>` in its place made reading payloads a third slower
/// (docs/performance.md, "Entity values in raw memory").
struct SlotStorage {
    private let values: UnsafeMutablePointer<DataValue>
    private let present: UnsafeMutablePointer<UInt64>
    let count: Int

    init(count: Int) {
        self.count = count
        values = .allocate(capacity: max(count, 1))
        values.initialize(repeating: .null, count: max(count, 1))
        let words = (count + 63) / 64
        present = .allocate(capacity: max(words, 1))
        present.initialize(repeating: 0, count: max(words, 1))
    }

    /// Releases the values and the memory (called once, by the owner's deinit).
    func deallocate() {
        for w in 0..<(count + 63) / 64 where present[w] != 0 {
            var bits = present[w]
            while bits != 0 {
                let i = w * 64 + bits.trailingZeroBitCount
                // Values without references need no release: overwrite them (absent slots hold .null already).
                if values[i].holdsReferences { values[i] = .null } else { (values + i).initialize(to: .null) }
                bits &= bits - 1
            }
        }
        values.deallocate()
        present.deallocate()
    }

    var indices: Range<Int> { 0..<count }

    @inline(__always) func has(_ i: Int) -> Bool { present[i >> 6] & (1 << UInt64(i & 63)) != 0 }

    /// The value of a slot that has one (`.null` otherwise).
    @inline(__always) func value(_ i: Int) -> DataValue { values[i] }

    /// Stores `v`, taking it over: a first value goes into place without destroying the `.null` there.
    @inline(__always) func set(_ i: Int, _ v: __owned DataValue) {
        let bit: UInt64 = 1 << UInt64(i & 63)
        if present[i >> 6] & bit == 0 {
            (values + i).initialize(to: v)
            present[i >> 6] |= bit
        } else {
            values[i] = v
        }
    }

    /// The value in place, for readers that must not copy it (a borrow: valid until the slot changes).
    @inline(__always) func pointer(_ i: Int) -> UnsafeMutablePointer<DataValue> { values + i }

    @inline(__always) func clear(_ i: Int) {
        values[i] = .null
        present[i >> 6] &= ~(1 << UInt64(i & 63))
    }

    /// The value, nil when the slot has none.
    subscript(i: Int) -> DataValue? {
        get { has(i) ? values[i] : nil }
        nonmutating set { if let v = newValue { set(i, v) } else { clear(i) } }
    }
}

extension DataValue {
    /// False for the cases whose payload is plain bits (numbers, GUIDs, dates, times): dropping them releases nothing.
    @inline(__always) var holdsReferences: Bool {
        switch self {
        case .null, .boolean, .unsignedByte, .byte, .short, .int, .long, .double, .float, .guid,
             .localDate, .localTime, .localDateTime, .globalDateTime, .duration:
            return false
        default:
            return true
        }
    }
}
