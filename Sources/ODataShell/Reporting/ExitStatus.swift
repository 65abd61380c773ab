/// odsh's exit codes, the same for every command.
enum ExitStatus: Int32, Sendable {
    case success = 0
    /// The service answered with an error, or a diff found changes at or above the fail level.
    case serviceError = 1
    /// Usage error, or a statement that does not parse or names something unknown.
    case usage = 2
    /// Network or transport failure.
    case transport = 3
    /// Invalid metadata or payload.
    case invalidData = 4
    /// A fault in odsh itself (a bug): an error without a category (`ErrorReporter` names its type), or a fatal
    /// signal, reported in one line by the fatal-signal handler (`CStdio`'s `CFatal.h`).
    case internalError = 70
    /// Interrupted by Ctrl-C.
    case interrupted = 130
}

/// Ends a command with an exit status after it has reported what went wrong (through `ErrorReporter`), or with the
/// status of an outcome that is not an error (a diff that found changes, a verification with failed probes).
struct OdshExit: Error {
    var status: ExitStatus
    init(_ status: ExitStatus) { self.status = status }
}
