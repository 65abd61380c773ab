import FoundationEssentials
import Glibc
import Synchronization

/// Ctrl-C while a command runs: a SIGINT handler that only counts into an atomic and calls one hook.
///
/// While the line editor reads a line, Ctrl-C is an ordinary key (it clears the line); between lines the terminal
/// is in its normal mode and Ctrl-C raises SIGINT, which lands here. Layers below the shell do not import this
/// type: the shell passes them a check (`cancellationCheck`) or sets the hook to their own async-signal-safe
/// cancel function, as `InterruptRelay` does (it writes a byte into a pipe).
enum SignalHandling {
    /// Ctrl-C presses since the last `resetInterrupt()`; at `hardStopCount` the default action ends the process,
    /// so a command that never polls can still be stopped.
    private static let presses = Atomic<Int>(0)
    /// The hook as a raw C function pointer, so the signal handler reads it without locks or retain/release.
    /// (An atomic: `nonisolated(unsafe)` only because a raw pointer is not Sendable.)
    nonisolated(unsafe) private static let hook = Atomic<UnsafeRawPointer?>(nil)
    private static let installed = Atomic<Bool>(false)
    /// While a pager runs, Ctrl-C belongs to it (less uses it to stop a search): no hard stop then.
    private static let hardStopSuspended = Atomic<Bool>(false)

    /// The number of presses that ends the process (exit through SIGINT's default action, status 130 in shells).
    static let hardStopCount = 3

    /// Installs the SIGINT handler once (idempotent). `LineEditor` does this when it reads from a terminal.
    static func installInterruptHandler() {
        // Touch the atomics first: their lazy initialisation must not happen inside the handler.
        _ = presses.load(ordering: .relaxed)
        _ = hook.load(ordering: .relaxed)
        _ = hardStopSuspended.load(ordering: .relaxed)
        guard installed.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged else { return }
        setHandler(flags: SA_RESTART)
        // A parent may have left SIGINT blocked (threads of test runners and of some launchers block most
        // signals, and children inherit the mask): a blocked SIGINT would never reach the handler.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The handler, with `flags`: `SA_RESTART` (a read or write the signal comes in goes on) or not (it returns EINTR).
    private static func setHandler(flags: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = odshInterruptHandler
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        sigaction(SIGINT, &action, nil)
    }

    /// Runs `body` with a Ctrl-C ending the read it waits in (EINTR) rather than letting the read go on, when the
    /// handler is installed: a question asked on the terminal can then stop at Ctrl-C (`TerminalQuestions.ask`).
    static func withInterruptibleReads<T>(_ body: () throws -> T) rethrows -> T {
        guard installed.load(ordering: .sequentiallyConsistent) else { return try body() }
        setHandler(flags: 0)
        defer { setHandler(flags: SA_RESTART) }
        return try body()
    }

    /// Ctrl-C presses so far (since the last `resetInterrupt()`): a change tells a reader that one came.
    static var pressCount: Int { presses.load(ordering: .sequentiallyConsistent) }

    /// Sets the function the handler calls on every Ctrl-C; it runs in the signal handler, so it must be
    /// async-signal-safe (store into an atomic, nothing else). A capture-free closure converts to it.
    static func setInterruptHook(_ function: (@convention(c) () -> Void)?) {
        hook.store(function.map { unsafeBitCast($0, to: UnsafeRawPointer.self) }, ordering: .sequentiallyConsistent)
    }

    /// Whether Ctrl-C was pressed since the last reset.
    static var interruptRequested: Bool { presses.load(ordering: .sequentiallyConsistent) > 0 }

    /// A check for lower layers to poll (they take a `() -> Bool` and need not know this type).
    static let cancellationCheck: @Sendable () -> Bool = { SignalHandling.interruptRequested }

    /// Forgets earlier presses; `LineEditor.readStatement` calls it before each prompt.
    static func resetInterrupt() { presses.store(0, ordering: .sequentiallyConsistent) }

    /// Suspends (or resumes) the hard stop after `hardStopCount` presses; `PagerWriter` does this while less runs.
    static func suspendHardStop(_ suspended: Bool) {
        hardStopSuspended.store(suspended, ordering: .sequentiallyConsistent)
    }

    fileprivate static func handleInterrupt() {
        let count = presses.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
        if let raw = hook.load(ordering: .sequentiallyConsistent) {
            unsafeBitCast(raw, to: (@convention(c) () -> Void).self)()
        }
        if count >= hardStopCount && installed.load(ordering: .relaxed) && !hardStopSuspended.load(ordering: .relaxed) {
            signal(SIGINT, SIG_DFL)
            raise(SIGINT)
        }
    }
}

/// The SIGINT handler: a top-level C function (a closure would be actor-isolated or capture context).
private func odshInterruptHandler(_ signal: Int32) {
    SignalHandling.handleInterrupt()
}
