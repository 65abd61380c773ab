/// Eight bytes of a JSON string at a time: which of them a JSON string cannot hold as they are. The scanner and the
/// writer of JSON both skip the plain runs of a string with it.
package enum JSONStringBytes {
    /// Eight bytes (the first in the lowest) → the high bit set in the first byte that is `"`, `\\` or below 0x20;
    /// bytes after it may be flagged too (borrows), bytes before it never are. Zero when none is.
    @inlinable @inline(__always) package static func needingEscape(_ x: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = x ^ (ones &* 0x22)
        let backslash = x ^ (ones &* 0x5C)
        // A byte b has its high bit set in (b - k) & ~b when b < k (for b < 0x80); zero is the case k = 1.
        let control = (x &- ones &* 0x20) & ~x
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        return (control | hasQuote | hasBackslash) & highBits
    }

    /// The high bit of each of eight bytes.
    @inlinable package static var highBits: UInt64 { 0x8080_8080_8080_8080 }
}
