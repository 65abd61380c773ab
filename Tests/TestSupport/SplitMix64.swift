/// SplitMix64: a small seeded random number generator, the same on every platform, so that randomized and fuzz
/// tests repeat exactly.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<n (0 when n < 1).
    public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    /// One element of a non-empty array.
    public mutating func pick<T>(_ a: [T]) -> T { a[int(a.count)] }
    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
}
