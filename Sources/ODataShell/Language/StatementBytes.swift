import FoundationEssentials
import Glibc

/// Statements arrive as bytes (an argument, a file, stdin). Text that is not valid UTF-8 is refused with the byte
/// offset of the first bad sequence, rather than decoded with U+FFFD in its place: a replaced byte would go to
/// the service as a different name or value than the one the user wrote.
enum StatementBytes {
    /// The text of `bytes`; throws a usage error naming `source` and the offset when they are not valid UTF-8.
    static func text<C: Collection>(_ bytes: C, source: String) throws -> String where C.Element == UInt8 {
        if let bad = firstInvalidOffset(bytes) {
            throw UsageError("\(source): not valid UTF-8 at byte \(bad) (counted from 0); statements are UTF-8 text")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The offset of the first byte of the first sequence that is not UTF-8, nil when all of it is.
    static func firstInvalidOffset<C: Collection>(_ bytes: C) -> Int? where C.Element == UInt8 {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// The values of `-c` in the process's own argv, as bytes (Swift's `CommandLine.arguments` has already replaced
    /// what is not UTF-8): `-c VALUE` and `-cVALUE`, up to `--`.
    static func commandArguments() -> [[UInt8]] {
        let argv = CommandLine.unsafeArgv
        var out: [[UInt8]] = []
        var i = 1
        while i < Int(CommandLine.argc) {
            guard let p = argv[i] else { break }
            let arg = Array(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
            if arg == Array("--".utf8) { break }
            if arg == Array("-c".utf8), i + 1 < Int(CommandLine.argc), let v = argv[i + 1] {
                out.append(Array(UnsafeBufferPointer(start: UnsafeRawPointer(v).assumingMemoryBound(to: UInt8.self), count: strlen(v))))
                i += 2
                continue
            }
            if arg.count > 2, arg[0] == UInt8(ascii: "-"), arg[1] == UInt8(ascii: "c") { out.append(Array(arg.dropFirst(2))) }
            i += 1
        }
        return out
    }
}
