import FoundationEssentials
import Glibc
import ODataModel

/// `.output FILE` (psql's `\o`): the file results go to until `.output` alone sends them to the terminal again.
/// It is written in the session's format without colour, pager or cutting to the terminal's width; notes, errors
/// and the prompt stay on the terminal. The file is created, or emptied, when it is named.
final class OutputFile {
    let path: String
    private let fd: Int32
    /// The C library's text for the first write that failed (a full disk): the results after it are not written.
    private(set) var failure: String?

    /// Opens `path` (`~` expanded) for writing; a file that cannot be opened is a usage error naming why.
    init(_ path: String) throws {
        let expanded = FileSystemPath.expandingTilde(path)
        let fd = open(expanded, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw UsageError("cannot open \(path) for output: \(String(cString: strerror(errno)))") }
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { writeAll(UnsafeRawBufferPointer($0)) }
    }

    func write(bytes: Data) {
        bytes.withUnsafeBytes { writeAll($0) }
    }

    private func writeAll(_ buffer: UnsafeRawBufferPointer) {
        guard failure == nil, var p = buffer.baseAddress else { return }
        var left = buffer.count
        while left > 0 {
            let n = Glibc.write(fd, p, left)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                failure = String(cString: strerror(n < 0 ? errno : EIO))
                return
            }
            p += n
            left -= n
        }
    }

    /// Where renderers write into the file; their notes go to stderr (a terminal or not as `terminal` says).
    func textOutput(_ terminal: TerminalFacts) -> TextOutput {
        TextOutput(write: { [self] in write($0) }, writeNote: { Stdout.flush(); Stderr.write($0) },
                   isClosed: { [self] in failure != nil }, writeBytes: { [self] in write(bytes: $0) }, isFile: true,
                   terminal: terminal)
    }
}
