/// A 128-bit GUID: Edm.Guid (SAP's `GuidValue`). Read in either case, printed lower-case 8-4-4-4-12.
public struct GuidValue: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The first eight bytes, most significant first.
    public let high: UInt64
    /// The last eight bytes, most significant first.
    public let low: UInt64

    /// The GUID of these sixteen bytes.
    public init(high: UInt64, low: UInt64) { self.high = high; self.low = low }

    /// Parses `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` (hex digits in either case).
    public init?(_ text: String) {
        guard let v = text.withBytes({ GuidValue(bytes: $0) }) else { return nil }
        self = v
    }

    init?(bytes b: UnsafeRawBufferPointer) {
        guard b.count == 36 else { return nil }
        var hi: UInt64 = 0, lo: UInt64 = 0, n = 0
        for i in 0..<36 {
            let c = b[i]
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard c == UInt8(ascii: "-") else { return nil }
                continue
            }
            let d: UInt8
            switch c {
            case 48...57: d = c - 48
            case 65...70: d = c - 55
            case 97...102: d = c - 87
            default: return nil
            }
            if n < 16 { hi = hi << 4 | UInt64(d) } else { lo = lo << 4 | UInt64(d) }
            n += 1
        }
        high = hi; low = lo
    }

    /// A new random GUID (SAP's `GuidValue.random()`): a version 4 UUID (RFC 9562), 122 random bits from the
    /// system's generator, with the version and variant bits set.
    public static func random() -> GuidValue {
        var g = SystemRandomNumberGenerator()
        return random(using: &g)
    }

    /// A random version 4 GUID from `generator` (a seeded one repeats its GUIDs, for tests).
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> GuidValue {
        let high = generator.next() & ~0xF000 | 0x4000           // time_hi_and_version: version 4
        let low = generator.next() & ~(0xC << 60) | (0x8 << 60)  // clock_seq_hi: variant 10
        return GuidValue(high: high, low: low)
    }

    /// The sixteen bytes, most significant first (the order of the text).
    public var bytes: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
    }

    /// The GUID as lower-case 8-4-4-4-12 text (SAP's `toString()`; the same as `description`).
    public func toString() -> String { description }

    /// Lower-case 8-4-4-4-12 text.
    public var description: String {
        let hex = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(36)
        for i in 0..<32 {
            if i == 8 || i == 12 || i == 16 || i == 20 { out.append(UInt8(ascii: "-")) }
            let word = i < 16 ? high : low
            let nibble = Int(word >> (60 - 4 * UInt64(i % 16)) & 0xF)
            out.append(hex[nibble])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Ordered by the bytes, most significant first (the order of the text).
    public static func < (a: GuidValue, b: GuidValue) -> Bool { (a.high, a.low) < (b.high, b.low) }
}
