import FoundationEssentials
import Glibc

/// The bytes a streaming reader has received but not yet consumed: chunks are appended at the end, consumed bytes
/// are dropped from the front. It holds at most one unit of the payload (an entity) plus one chunk.
final class ChunkBuffer {
    private(set) var base: UnsafeMutableRawPointer
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64 * 1024) {
        self.capacity = capacity
        base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { base.deallocate() }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    func append(_ b: UnsafeRawBufferPointer) {
        guard b.count > 0 else { return }
        if count + b.count > capacity {
            var c = capacity
            while c < count + b.count { c *= 2 }
            let n = UnsafeMutableRawPointer.allocate(byteCount: c, alignment: 16)
            n.copyMemory(from: base, byteCount: count)
            base.deallocate()
            base = n
            capacity = c
        }
        (base + count).copyMemory(from: b.baseAddress!, byteCount: b.count)
        count += b.count
    }

    /// Drops the first `n` bytes.
    func drop(_ n: Int) {
        guard n > 0 else { return }
        memmove(base, base + n, count - n)
        count -= n
    }
}

/// Finds where one JSON value (after optional whitespace, `,` or `:`) ends, scanning only bytes it has not seen:
/// a reader that ran out of bytes inside a unit waits for the framer to see the unit's last byte before it reads
/// the unit again, so a large entity arriving in many chunks is parsed once, not once per chunk.
struct UnitFramer {
    /// Offset in the buffer where the unit (or the whitespace before it) starts.
    private(set) var start: Int
    private var position: Int
    private var started = false
    private var kind: UInt8 = 0   // '{' or '[' (nested), '"' (string), 'a' (number or literal)
    private var depth = 0
    private var inString = false
    private var escaped = false

    init(start: Int) { self.start = start; position = start }

    /// Whether the unit's first byte has been seen (before it: only blanks, `,` or `:`).
    var hasStarted: Bool { started }

    /// The buffer lost its first `n` bytes (all before `start`).
    mutating func shift(_ n: Int) { start -= n; position -= n }

    /// Scans up to the end of `b`; true when the unit is complete (or when a byte shows the input is malformed:
    /// the parser then reports it).
    mutating func advance(_ b: UnsafeRawBufferPointer) -> Bool {
        var i = position
        let n = b.count
        defer { position = i }
        if !started {
            while i < n, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 || b[i] == UInt8(ascii: ",") || b[i] == UInt8(ascii: ":") { i += 1 }
            guard i < n else { return false }
            started = true
            switch b[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["): kind = b[i]; depth = 1; i += 1
            case UInt8(ascii: "\""): kind = b[i]; inString = true; i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): return true
            default: kind = UInt8(ascii: "a")
            }
        }
        if kind == UInt8(ascii: "a") {
            while i < n {
                switch b[i] {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x0A, 0x0D, 0x09: return true
                default: i += 1
                }
            }
            return false
        }
        while i < n {
            let c = b[i]
            i += 1
            if inString {
                if escaped { escaped = false } else if c == UInt8(ascii: "\\") { escaped = true } else if c == UInt8(ascii: "\"") {
                    inString = false
                    if kind == UInt8(ascii: "\"") { return true }
                }
                continue
            }
            switch c {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return true }
            default: break
            }
        }
        return false
    }
}
