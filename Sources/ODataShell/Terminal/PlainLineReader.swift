import CStdio
import FoundationEssentials
import Glibc

/// Reads lines from a file descriptor that is not a terminal (a pipe, a file): no editing, no escape codes, and
/// no prompt unless asked for (a terminal libedit cannot drive, such as TERM=dumb).
final class PlainLineReader: LineReader {
    private let fd: Int32
    private let promptOutput: UnsafeMutablePointer<FILE>?
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    /// `promptOutput`: where prompts go, or nil for none.
    init(fd: Int32, promptOutput: UnsafeMutablePointer<FILE>? = nil) {
        self.fd = fd
        self.promptOutput = promptOutput
    }

    func readLine(prompt: String) -> LineReadResult {
        if let out = promptOutput {
            fputs(prompt, out)
            fflush(out)
        } else {
            // Output written before the read (answers to the previous statement) appears before we block.
            fflush(odsh_stdout())
        }
        while true {
            if let nl = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = nl
                if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }   // CRLF files
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = nl + 1
                return .line(line)
            }
            if atEnd {
                guard start < buffer.count else { return .endOfInput }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                return .line(line)
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { atEnd = true; continue }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    func addToHistory(_ entry: String) {}

    func finish() {
        // After a prompt, end the line so that the next output (the shell's prompt) starts on its own.
        if let out = promptOutput {
            fputs("\n", out)
            fflush(out)
        }
    }
}
