import Dispatch
import Glibc
import ODataClient
import Synchronization

/// Ctrl-C as a cancellation, the library's one way to stop a request: the SIGINT hook writes a byte into a pipe
/// (about all a signal handler may do), and a dispatch source reading the pipe cancels the token of the statement
/// that runs (`run`), which wakes its transfer at once. An interrupt while no statement runs is kept for the next
/// one (a one-shot run ends there), unless `forgetPending()` drops it (the REPL, before each statement).
enum InterruptRelay {
    /// The pipe's write end, for the signal handler (an atomic: read there without locks).
    fileprivate static let writeEnd = Atomic<Int32>(-1)
    private static let state = Mutex<(token: RequestCancellation?, pending: Bool)>((nil, false))
    /// The dispatch source reading the pipe, made once (kept so that it lives as long as the process).
    private static let source = Mutex<DispatchSourceRead?>(nil)

    /// Installs the SIGINT handler and routes Ctrl-C to the running statement (idempotent).
    static func install() {
        _ = writeEnd.load(ordering: .sequentiallyConsistent)
        source.withLock { if $0 == nil { $0 = makeSource() } }
        SignalHandling.installInterruptHandler()
        SignalHandling.setInterruptHook(relayInterrupt)
    }

    /// Runs `body` as one statement: its requests are cancelled by Ctrl-C (or at once, when one is pending).
    static func run<T>(_ body: () throws -> T) rethrows -> T {
        let token = RequestCancellation()
        let (outer, pending) = state.withLock { s -> (RequestCancellation?, Bool) in
            defer { s.token = token; s.pending = false }
            return (s.token, s.pending)
        }
        if pending { token.cancel() }
        // A statement inside a statement gives the relay back to the outer one (whose token it is inside of).
        defer { state.withLock { $0.token = outer } }
        return try token.run(body)
    }

    /// Drops an interrupt that came while no statement ran.
    static func forgetPending() { state.withLock { $0.pending = false } }

    fileprivate static func signalled() {
        let token = state.withLock { s -> RequestCancellation? in
            if s.token == nil { s.pending = true }
            return s.token
        }
        token?.cancel()
    }

    /// The self-pipe's reader, made on the first `install()`.
    private static func makeSource() -> DispatchSourceRead? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        let readEnd = fds[0]
        let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: DispatchQueue(label: "odsh.interrupt"))
        source.setEventHandler {
            var bytes = [UInt8](repeating: 0, count: 64)
            while read(readEnd, &bytes, bytes.count) > 0 {}
            InterruptRelay.signalled()
        }
        source.resume()
        writeEnd.store(fds[1], ordering: .sequentiallyConsistent)
        return source
    }
}

/// The SIGINT hook: one byte into the pipe (async-signal-safe).
private func relayInterrupt() {
    let fd = InterruptRelay.writeEnd.load(ordering: .sequentiallyConsistent)
    guard fd >= 0 else { return }
    var byte: UInt8 = 1
    _ = write(fd, &byte, 1)
}
