/// A hash table from names to values, for the look-ups a large document's resolving does tens of thousands of
/// times (qualified names of schema elements, type names as written). Swift's `Dictionary<String, _>` hashes keys
/// with SipHash after checking their normalization, about 500 instructions per look-up of a 30-byte qualified name;
/// this table hashes the UTF-8 eight bytes at a time and compares keys only on a full hash match. Names are only
/// added or replaced, never removed.
struct NameTable<Value> {
    private var keys: [String]
    private var hashes: [UInt64]
    private var values: [Value?]
    private var mask: Int
    private(set) var count = 0

    init(minimumCapacity: Int = 0) {
        var capacity = 16
        while capacity < minimumCapacity * 2 { capacity *= 2 }
        keys = Array(repeating: "", count: capacity)
        hashes = Array(repeating: 0, count: capacity)
        values = Array(repeating: nil, count: capacity)
        mask = capacity - 1
    }

    var isEmpty: Bool { count == 0 }

    static func hash(_ s: String) -> UInt64 {
        if let h = s.utf8.withContiguousStorageIfAvailable({ hash(bytes: UnsafeRawBufferPointer($0)) }) { return h }
        var copy = s
        copy.makeContiguousUTF8()
        return hash(copy)
    }

    /// The hash of some bytes, mixed eight at a time.
    @inline(__always)
    static func hash(bytes raw: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0x243F_6A88_85A3_08D3
        @inline(__always) func mix(_ w: UInt64) { h = (h ^ w) &* 0x9E37_79B9_7F4A_7C15; h ^= h >> 29 }
        var i = 0
        while i + 8 <= raw.count { mix(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)); i += 8 }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < raw.count { tail |= UInt64(raw[i]) << shift; shift += 8; i += 1 }
        mix(tail ^ (UInt64(raw.count) << 56))
        return h
    }

    subscript(key: String) -> Value? {
        get {
            let h = Self.hash(key)
            var i = Int(truncatingIfNeeded: h) & mask
            while let v = values[i] {
                if hashes[i] == h && keys[i] == key { return v }
                i = (i + 1) & mask
            }
            return nil
        }
        set {
            guard let newValue else { return }
            if (count + 1) * 2 > values.count { grow() }
            let h = Self.hash(key)
            var i = Int(truncatingIfNeeded: h) & mask
            while values[i] != nil {
                if hashes[i] == h && keys[i] == key { values[i] = newValue; return }
                i = (i + 1) & mask
            }
            keys[i] = key
            hashes[i] = h
            values[i] = newValue
            count += 1
        }
    }

    private mutating func grow() {
        var bigger = NameTable(minimumCapacity: values.count)
        for i in values.indices { if let v = values[i] { bigger.insertNew(keys[i], hashes[i], v) } }
        self = bigger
    }

    private mutating func insertNew(_ key: String, _ h: UInt64, _ value: Value) {
        var i = Int(truncatingIfNeeded: h) & mask
        while values[i] != nil { i = (i + 1) & mask }
        keys[i] = key
        hashes[i] = h
        values[i] = value
        count += 1
    }
}
