import Glibc

/// A hash table from names to values, for the look-ups a large document's resolving does tens of thousands of
/// times (qualified names of schema elements, type names as written). Swift's `Dictionary<String, _>` hashes keys
/// with SipHash after checking their normalization; this table hashes the UTF-8 eight bytes at a time and compares keys only on a full hash match. Names are only
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
        s.withUTF8Bytes { hash(bytes: UnsafeRawBufferPointer($0)) }
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
            let (i, found) = probe(key, Self.slotHash(key))
            return found ? values[i] : nil
        }
        set {
            guard let newValue else { return }
            if (count + 1) * 2 > hashes.count { grow() }
            let h = Self.slotHash(key)
            let (i, found) = probe(key, h)
            if found { values[i] = newValue } else { fill(i, key, h, newValue) }
        }
    }

    /// The value under the key whose UTF-8 is `bytes`: a look-up by part of a longer string, with no string made for
    /// it.
    func value(forUTF8 bytes: UnsafeRawBufferPointer) -> Value? {
        let (i, found) = probe(Self.hash(bytes: bytes) | 1) { key in
            key.utf8.count == bytes.count
                && key.withUTF8Bytes { bytes.count == 0 || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
        }
        return found ? values[i] : nil
    }

    /// Adds `value` under `key` unless the key is there already; returns the value found then (one hashing and
    /// probe instead of a look-up followed by an insertion).
    mutating func insertIfAbsent(_ key: String, _ value: Value) -> Value? {
        if (count + 1) * 2 > hashes.count { grow() }
        let h = Self.slotHash(key)
        let (i, found) = probe(key, h)
        if found { return values[i] }
        fill(i, key, h, value)
        return nil
    }

    /// The slot that holds `key`, or the free slot where it would go. Probing reads only the hashes (a zero marks
    /// a free slot): a value is copied, and retained, only once found.
    @inline(__always)
    private func probe(_ key: String, _ h: UInt64) -> (slot: Int, found: Bool) {
        probe(h) { $0 == key }
    }

    /// The slot holding a key with hash `h` that `matches`, or the free slot where it would go.
    @inline(__always)
    private func probe(_ h: UInt64, matches: (String) -> Bool) -> (slot: Int, found: Bool) {
        var i = Int(truncatingIfNeeded: h) & mask
        while true {
            let stored = hashes[i]
            if stored == 0 { return (i, false) }
            if stored == h && matches(keys[i]) { return (i, true) }
            i = (i + 1) & mask
        }
    }

    private mutating func fill(_ i: Int, _ key: consuming String, _ h: UInt64, _ value: consuming Value?) {
        keys[i] = key
        hashes[i] = h
        values[i] = value
        count += 1
    }

    /// The hash kept in a slot: never zero, which marks a free one.
    @inline(__always)
    private static func slotHash(_ key: String) -> UInt64 { hash(key) | 1 }

    /// Moves every entry into a table twice the size. Moved, not copied: a copy retained each key and value, and
    /// freeing the old arrays released them again, on objects mostly made long before and out of the cache.
    private mutating func grow() {
        var bigger = NameTable(minimumCapacity: hashes.count)
        for i in hashes.indices where hashes[i] != 0 {
            var key = "", value: Value? = nil
            swap(&key, &keys[i])
            swap(&value, &values[i])
            bigger.fill(bigger.probe(key, hashes[i]).slot, key, hashes[i], value)
        }
        self = bigger
    }
}
