#if canImport(Glibc)
import Glibc
#endif

/// Byte searches on a string's UTF-8 through memchr: the generic collection algorithms on `String.UTF8View` are
/// many times slower, and name handling runs them hundreds of thousands of times per large document.
extension String {
    /// Calls `body` with the string's UTF-8 in one buffer: a native string's own storage, else (a bridged string)
    /// a contiguous copy's. Offsets into the buffer are UTF-8 offsets into the string either way.
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        copy.makeContiguousUTF8()
        return try copy.utf8.withContiguousStorageIfAvailable(body)!
    }

    /// The index of the first occurrence of an ASCII byte.
    @inline(__always)
    func firstIndex(ofByte b: UInt8) -> String.Index? {
        let offset: Int?? = utf8.withContiguousStorageIfAvailable { buf -> Int? in
            guard let base = buf.baseAddress, let p = memchr(base, Int32(b), buf.count) else { return nil }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(p))
        }
        guard let found = offset else { return utf8.firstIndex(of: b) }
        return found.map { utf8.index(utf8.startIndex, offsetBy: $0) }
    }

    /// The index of the last occurrence of an ASCII byte.
    @inline(__always)
    func lastIndex(ofByte b: UInt8) -> String.Index? {
        let offset: Int?? = utf8.withContiguousStorageIfAvailable { buf -> Int? in
            var i = buf.count - 1
            while i >= 0 { if buf[i] == b { return i }; i -= 1 }
            return nil
        }
        guard let found = offset else { return utf8.lastIndex(of: b) }
        return found.map { utf8.index(utf8.startIndex, offsetBy: $0) }
    }

    @inline(__always)
    func containsByte(_ b: UInt8) -> Bool { firstIndex(ofByte: b) != nil }

    /// Splits at an ASCII byte, dropping empty pieces (like `split(separator:)`).
    func splitBytes(_ b: UInt8) -> [Substring] {
        // Byte offsets found in the contiguous UTF-8 (a tight loop; stepping String.Index is far slower), then one
        // substring per piece: this runs for every annotation target of large documents.
        var pieces: [Substring] = []
        let found: Void? = utf8.withContiguousStorageIfAvailable { buf in
            var start = 0
            for i in 0...buf.count where i == buf.count || buf[i] == b {
                if i > start {
                    pieces.append(self[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: i)])
                }
                start = i + 1
            }
        }
        if found == nil { return utf8.split(separator: b).map { Substring($0) } }
        return pieces
    }
}
