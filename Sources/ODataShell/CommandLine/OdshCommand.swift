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
            4 invalid metadata or payload.
            """,
        version: version,
        subcommands: [ShellCommand.self, MetadataCommand.self, DiffCommand.self, ProfileCommand.self, CacheCommand.self,
                      PayloadCommand.self, CompleteCommand.self],
        defaultSubcommand: ShellCommand.self
    )

    public init() {}

    /// The same command tree without the default subcommand, for command lines that start with a subcommand's name.
    /// With a default subcommand, the argument parser reflects over the shell's forty-odd options on every run
    /// (to see whether it takes passthrough arguments) even when another subcommand is named: about a quarter of
    /// `odsh metadata summary`'s start-up. Without one it does not, and help, usage and errors read the same.
    struct Explicit: ParsableCommand {
        static let configuration: CommandConfiguration = {
            var c = OdshCommand.configuration
            c.defaultSubcommand = nil
            c.subcommands = c.subcommands.filter { $0 != ShellCommand.self }
            return c
        }()
    }

    /// The root to parse `arguments` with: `Explicit` when they start with the name of a subcommand other than the shell.
    static func root(for arguments: [String]) -> ParsableCommand.Type {
        guard let first = arguments.first,
              Explicit.configuration.subcommands.contains(where: { $0.configuration.commandName == first })
        else { return OdshCommand.self }
        return Explicit.self
    }

    /// Parses the arguments, runs the command and exits with odsh's exit codes (usage errors are 2).
    public static func main(arguments: [String]? = nil) -> Never {
        setvbuf(stdout, nil, _IOFBF, 1 << 16)
        let given = arguments ?? Array(CommandLine.arguments.dropFirst())
        // Swift has its copy of the arguments now (CommandLine.arguments is read once): blank the secrets in argv.
        if arguments == nil { ArgumentSecrets.blankInPlace() }
        // The completion scripts: the argument parser's, with the profile names of `odsh NAME` added.
        if let shell = ShellCompletion.requestedShell(given) {
            Stdout.write(ShellCompletion.script(for: shell) + "\n")
            Darwin_exit(0)
        }
        // Plain one-shot metadata and diff command lines are read without the argument parser (see there).
        if let quick = QuickCommandLine.match(given) {
            run { try quick.run() }
        }
        let command: ParsableCommand
        do {
            command = try root(for: given).parseAsRoot(arguments)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                exit(withError: error)   // --help, --version
            }
            Stderr.write(fullMessage(for: error) + "\n")
            Darwin_exit(ExitStatus.usage.rawValue)
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
            if error is ValidationError || error is CleanExit {
                Stderr.write(fullMessage(for: error) + "\n")
                Darwin_exit(ExitStatus.usage.rawValue)
            }
            Darwin_exit(ErrorReporter().report(error).rawValue)
        }
    }
}

/// Ends a command with an exit status after it has reported what went wrong.
public struct OdshExit: Error {
    public var status: ExitStatus
    public init(_ status: ExitStatus) { self.status = status }
}

/// Exits once stdout is flushed; a write error that lost output turns a success into a failure (`Stdout.finish`).
@inline(__always) func Darwin_exit(_ code: Int32) -> Never {
    exit(Stdout.finish(code))
}
