#if canImport(Glibc)
import Glibc
#endif

/// Byte searches on a string's UTF-8 through memchr: the generic collection algorithms on `String.UTF8View` cost
/// tens of instructions a byte, and name handling runs them hundreds of thousands of times per large document.
extension String {
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
        // One pass over the bytes, one array: this runs for every annotation target of large documents.
        var out: [Substring] = []
        let u = utf8
        var start = u.startIndex
        var i = start
        while i < u.endIndex {
            if u[i] == b {
                if i > start { out.append(self[start..<i]) }
                start = u.index(after: i)
            }
            i = u.index(after: i)
        }
        if start < u.endIndex { out.append(self[start..<u.endIndex]) }
        return out
    }
}
