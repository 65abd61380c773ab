import CStdio
import FoundationEssentials
import Glibc
import ODataClient

/// Unbuffered writes to stderr and buffered ones to stdout.
enum Stderr {
    /// Writes a message; control characters in it (from a service's text) are escaped, tabs and line feeds kept.
    static func write(_ s: String) {
        var s = TerminalEscaping.escaped(s, keepingTabsAndNewlines: true)
        s.withUTF8 { buf in _ = fwrite(buf.baseAddress, 1, buf.count, odsh_stderr()) }
    }
}

/// Buffered writes to stdout that remember the first failure, so that a full disk or an I/O error ends the command
/// with a message and a non-zero status instead of a silent success.
enum Stdout {
    /// errno of the first failed write or flush; 0 while all went out. Only the main thread writes stdout.
    nonisolated(unsafe) private static var failure: Int32 = 0

    /// True once a write failed (or the reader closed the pipe): producers stop, and their requests with them.
    static var failed: Bool { failure != 0 }

    static func flush() {
        if fflush(odsh_stdout()) != 0 { remember(errno) }
    }

    static func write(_ s: String) {
        guard failure == 0 else { return }
        var s = s
        s.withUTF8 { buf in
            if fwrite(buf.baseAddress, 1, buf.count, odsh_stdout()) < buf.count { remember(errno) }
        }
    }

    /// Records a failure of a write to stdout made elsewhere (an NDJSON writer on the C stream).
    static func remember(_ error: Int32) {
        if failure == 0 { failure = error != 0 ? error : EIO }
    }

    /// Flushes stdout before the process exits with `status`: a write error is reported on stderr in one line and
    /// makes the status 2 (as a file that cannot be read does); a reader that closed the pipe (EPIPE, `| head`)
    /// ends quietly with `status`, as SIGPIPE would have.
    static func finish(_ status: Int32) -> Int32 {
        if fflush(odsh_stdout()) != 0 || ferror(odsh_stdout()) != 0 { remember(errno) }
        guard failure != 0, failure != EPIPE else { return status }
        Stderr.write("odsh: cannot write to standard output: \(String(cString: strerror(failure)))\n")
        return status == 0 ? ExitStatus.usage.rawValue : status
    }

    /// Bytes exactly as they are.
    static func write(bytes: Data) {
        guard failure == 0 else { return }
        bytes.withUnsafeBytes { buf in
            if fwrite(buf.baseAddress, 1, buf.count, odsh_stdout()) < buf.count { remember(errno) }
        }
    }
}
