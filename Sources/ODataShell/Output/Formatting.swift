import Glibc

extension String {
    /// printf-style text from the C library, where Foundation's `String(format:)` was used (FoundationEssentials
    /// has none). The decimal separator is always a point: odsh only ever sets LC_CTYPE, LC_NUMERIC stays "C".
    init(cFormat format: String, _ arguments: CVarArg...) {
        var buffer = [CChar](repeating: 0, count: 256)
        let needed = Int(withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) })
        if needed >= buffer.count {
            buffer = [CChar](repeating: 0, count: needed + 1)
            _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        }
        self = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension Duration {
    /// The duration in milliseconds, fractions kept: for timings measured with `ContinuousClock`.
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}
