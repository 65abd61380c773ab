import ODataClient
import Synchronization

/// The shell reads payloads leniently (a value that does not fit its metadata is shown as it came) and says so on
/// stderr: the first `shown` warnings of a statement, then how many more there were at its end.
final class PayloadWarnings: Sendable {
    static let shown = 10
    private let count = Atomic<Int>(0)

    /// Read options for the shell's services: lenient, with each warning told here.
    func options(over base: PayloadReadOptions) -> PayloadReadOptions {
        var o = base
        o.mode = .lenient
        o.onWarning = { [self] issue in
            if count.add(1, ordering: .relaxed).newValue <= Self.shown { ErrorReporter().warn(TerminalEscaping.oneLine("\(issue)")) }
        }
        return o
    }

    /// Ends a statement: says how many warnings were not shown, and starts counting afresh.
    func endStatement() {
        let n = count.exchange(0, ordering: .relaxed)
        if n > Self.shown { Stderr.write("odsh: \(n - Self.shown) more warnings about values that do not fit their metadata\n") }
    }
}
