import CStdio
import ArgumentParser
import ODataClient
import FoundationEssentials
import Glibc

/// The `odsh` command line: the shell (default), metadata, diff, profiles and the metadata cache.
public struct OdshCommand: ParsableCommand {
    public static let version = ODataClientVersion.version

    public static let configuration = CommandConfiguration(
        commandName: "odsh",
        abstract: "An OData shell: explore, query and check OData V2 and V4 services.",
        discussion: """
            Exit status: 0 success; 1 the service answered with an error (or a diff found incompatible changes); \
            2 usage error or a statement that names something unknown; 3 network or transport failure; \
            4 invalid metadata or payload; 70 an internal error of odsh (a bug); 130 interrupted.
            """,
        version: version,
        subcommands: [ShellCommand.self, MetadataCommand.self, DiffCommand.self, ProfileCommand.self, CacheCommand.self,
                      ServicesCommand.self, VerifyCommand.self,
                      PayloadCommand.self, CompleteCommand.self],
        defaultSubcommand: ShellCommand.self
    )

    public init() {}

    /// Parses the arguments, runs the command and exits with odsh's exit codes (usage errors are 2).
    public static func main(arguments: [String]? = nil) -> Never {
        // A fault ends odsh with one line (out of memory: exit 4; else internal error: 70), never a backtrace.
        odsh_install_fatal_handlers()
        setvbuf(odsh_stdout(), nil, _IOFBF, 1 << 16)
        let given = arguments ?? Array(CommandLine.arguments.dropFirst())
        // Swift has its copy of the arguments now (CommandLine.arguments is read once): blank the secrets in argv.
        if arguments == nil { ArgumentSecrets.blankInPlace() }
        // The completion scripts: the argument parser's, with the profile names of `odsh NAME` added.
        if let shell = ShellCompletion.requestedShell(given) {
            Stdout.write(ShellCompletion.script(for: shell) + "\n")
            Darwin_exit(0)
        }
        let command: ParsableCommand
        do {
            command = try parseAsRoot(given)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }   // --help, --version
            Darwin_exit(ErrorReporter().reportCommandLine(error, of: Self.self).rawValue)
        }
        var cmd = command
        run { try cmd.run() }
    }

    /// Runs a parsed command and exits with its status: 0, or what the error it threw stands for.
    private static func run(_ body: () throws -> Void) -> Never {
        do {
            try body()
            Darwin_exit(0)
        } catch let e as ExitCode {
            Darwin_exit(e.rawValue)
        } catch let e as OdshExit {
            Darwin_exit(e.status.rawValue)
        } catch {
            Stdout.flush()
            // --help and --version can surface from run() when a default subcommand is involved.
            if exitCode(for: error) == .success { exit(withError: error) }
            let reporter = ErrorReporter()
            // A command's own check of its options reads as the parser's would, with the usage line.
            let status = error is ValidationError ? reporter.reportCommandLine(error, of: Self.self) : reporter.report(error)
            Darwin_exit(status.rawValue)
        }
    }
}

/// Ends a command with an exit status after it has reported what went wrong (through `ErrorReporter`), or with the
/// status of an outcome that is not an error (a diff that found changes, a verification with failed probes).
public struct OdshExit: Error {
    public var status: ExitStatus
    public init(_ status: ExitStatus) { self.status = status }
}

/// Exits once stdout is flushed; a write error that lost output turns a success into a failure (`Stdout.finish`).
@inline(__always) func Darwin_exit(_ code: Int32) -> Never {
    exit(Stdout.finish(code))
}
