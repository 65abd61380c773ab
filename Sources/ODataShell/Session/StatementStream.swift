#if canImport(Glibc)
import Glibc
#endif

/// Statements read from a file descriptor as they arrive, as psql reads them: each is handed over as soon as the line
/// that ends it has been read, not at the end of the input, so that a coprocess, `tail -f commands | odsh URL` or an
/// expect script gets each answer before it sends the next statement. A statement that goes on over several lines
/// (an open bracket or string, a `batch` block) waits for the line that completes it.
final class StatementStream {
    private let fd: Int32
    private var bytes: [UInt8] = []
    private var atEnd = false
    /// Whole lines read that do not yet complete a statement.
    private var pending = ""
    /// The line number of `pending`'s first line.
    private var pendingLine = 1
    private var ready: [StatementSplitter.Piece] = []
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    init(fd: Int32) { self.fd = fd }

    /// The next statement and its line (1-based); nil at the end of the input. At the end, what is left of an
    /// unfinished statement is handed over as it is (the parser says what it lacks).
    func next() throws -> StatementSplitter.Piece? {
        while ready.isEmpty {
            guard let line = try readLine() else {
                guard !pending.isEmpty else { return nil }
                take()
                continue
            }
            pending += line
            if !StatementSplitter.isIncomplete(pending) { take() }
        }
        return ready.removeFirst()
    }

    /// The statements of `pending`, numbered from its first line on.
    private func take() {
        let offset = pendingLine - 1
        ready += StatementSplitter.split(pending).map { StatementSplitter.Piece(text: $0.text, line: $0.line + offset) }
        pendingLine += pending.utf8.reduce(0) { $1 == 10 ? $0 + 1 : $0 }
        pending = ""
    }

    /// Bytes handed over as lines so far: where the next line starts, for the offset of a byte that is not UTF-8.
    private var consumed = 0

    /// One line with its newline (the last one may have none); nil at the end of the input or on a read error.
    /// Throws a usage error naming the byte offset when the line is not UTF-8.
    private func readLine() throws -> String? {
        while true {
            if let newline = bytes.firstIndex(of: 10) {
                let line = try text(bytes[...newline])
                bytes.removeSubrange(...newline)
                return line
            }
            if atEnd {
                guard !bytes.isEmpty else { return nil }
                defer { bytes = [] }
                return try text(bytes[...])
            }
            let n = read(fd, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { atEnd = true } else { bytes += buffer[..<n] }
        }
    }

    private func text(_ line: ArraySlice<UInt8>) throws -> String {
        if let bad = StatementBytes.firstInvalidOffset(line) {
            throw UsageError("stdin: not valid UTF-8 at byte \(consumed + bad) (counted from 0); statements are UTF-8 text")
        }
        consumed += line.count
        return String(decoding: line, as: UTF8.self)
    }
}
