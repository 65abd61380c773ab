import FoundationEssentials
import ODataClient
import ODataModel

/// A statement or dot-command and where it came from (`script.odsh:3`, `stdin:12`; nil for `-c` and the REPL).
struct Statement {
    var text: String
    var context: String?
}

/// The one path every front end runs statements on (the interactive shell, `-c`, `-f FILE` and stdin): bind,
/// warn, send, read, present; dot-commands through the same outputs. What differs between front ends is the
/// `Policy`, not the code.
final class StatementExecutor {
    /// What differs between front ends.
    struct Policy {
        /// Output taller than the terminal goes through the pager (the interactive shell, when a person reads stdout
        /// on a terminal and no trace is written to stderr meanwhile; `.set pager off` turns it off).
        var pages = false
    }

    /// How a statement ended.
    enum Outcome: Equatable {
        /// It ran (or failed with this status, reported); the next one may follow.
        case ran(ExitStatus)
        /// `.quit`, or `.open` with the next service loaded: the session ends.
        case ended
    }

    /// The dot-commands, with the model and the settings in use.
    let commands: SessionContext
    let policy: Policy
    let reporter: ErrorReporter
    /// Asks the service for its metadata again when a request fails in a way that can mean it moved on, and the
    /// document in use was trusted from the cache (nil: never).
    private let revalidation: MetadataRevalidation?
    private let terminal: TerminalFacts

    init(commands: SessionContext, policy: Policy, reporter: ErrorReporter, revalidation: MetadataRevalidation?,
         terminal: TerminalFacts) {
        self.commands = commands
        self.policy = policy
        self.reporter = reporter
        self.revalidation = revalidation
        self.terminal = terminal
    }

    /// Runs one statement or dot-command; its output, then its time (with `.timing`), then its errors. Ctrl-C
    /// cancels its requests (and a wait before a retry); an interrupt that came before it cancels it at once.
    func execute(_ statement: Statement) -> Outcome {
        let text = statement.text
        commands.recent.append(text)
        let out = output(file: commands.writesToOutputFile(text))
        var failure: Error?
        var ended = false
        var elapsed: Duration?
        do {
            try InterruptRelay.run {
                if text.hasPrefix(".") {
                    ended = try !commands.run(text, out)
                } else {
                    let start = ContinuousClock.now
                    defer { elapsed = ContinuousClock.now - start }
                    try send(statement, out: out.textOutput)
                }
            }
        } catch {
            failure = error
        }
        var fileFailure: Error?
        do { try commands.checkOutputFile() } catch { fileFailure = error }
        out.finish()
        // A pager that cannot start would fail again for every long output: paging is off until `.set pager on`.
        if out.pagerFailure != nil { commands.settings.pager = false }
        // The terminal echoed "^C" where the cursor was: what follows starts on a line of its own.
        if policy.pages && SignalHandling.interruptRequested && !out.wasPaged {
            Stdout.write("\n")
        }
        Stdout.flush()
        if let elapsed, commands.settings.timing { Stderr.write(String(cFormat: "time: %.1f ms\n", elapsed.milliseconds)) }
        var status = ExitStatus.success
        for error in [failure, fileFailure].compactMap({ $0 }) {
            let s = reporter.report(error, context: statement.context)
            if status == .success || s.rawValue > status.rawValue { status = s }
        }
        Stdout.flush()
        return ended && status == .success ? .ended : .ran(status)
    }

    /// Binds a statement to the model in use, reports its warnings, and sends it (or prints its request in a dry
    /// run). After a failure that can mean the metadata moved on, the metadata is asked for once and a statement
    /// that binds to a compatible newer document is sent again.
    private func send(_ statement: Statement, out: TextOutput) throws {
        let bound = try Binder.bind(statement.text, document: commands.document)
        for w in bound.warnings { reporter.warn(w, context: statement.context) }
        do {
            try commands.services.run(bound, settings: commands.settings, out: out)
        } catch let error where !commands.settings.dryRun && (revalidation?.isDue(after: error, of: bound.request) ?? false) {
            guard case .compatible(let newer) = revalidation?.revalidate(commands.document) else { throw error }
            commands.replaceDocument(newer)
            let rebound = try Binder.bind(statement.text, document: newer)
            try commands.services.run(rebound, settings: commands.settings, out: out)
        }
    }

    /// Where a statement's output goes: through the pager when the policy pages and the settings allow it, else
    /// straight to stdout; results into the file of `.output FILE`.
    private func output(file: OutputFile?) -> PagedOutput {
        let s = commands.settings
        let pages = policy.pages && s.pager && s.trace == .off && terminal.stdout && file == nil
        let out = PagedOutput(pager: pages ? Pager.fromEnvironment() : nil, file: file, terminal: terminal)
        out.failureTurnsPagingOff = true
        return out
    }
}
