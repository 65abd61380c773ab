import CStdio
import ArgumentParser
import ODataClient
import FoundationEssentials
import Glibc

/// The `odsh` command line: the shell (default), metadata, diff, profiles and the metadata cache.
public struct OdshCommand: ParsableCommand {
    static let version = ODataClientVersion.version

    public static let configuration = CommandConfiguration(
        commandName: "odsh",
        abstract: "An OData shell: explore, query and check OData V2 and V4 services.",
        discussion: """
            Exit status: 0 success; 1 the service answered with an error (or a diff found incompatible changes); \
            2 usage error or a statement that names something unknown; 3 network or transport failure; \
            4 invalid metadata or payload; 70 an internal error of odsh (a bug); 130 interrupted.
            """,
        version: version,
        subcommands: [ShellCommand.self, MetadataCommand.self, DiffCommand.self, ProfileCommand.self, StoreCommand.self, CacheCommand.self,
                      ServicesCommand.self, VerifyCommand.self, McpCommand.self,
                      PayloadCommand.self, CompleteCommand.self, GenerateCommand.self],
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
        let command: ParsableCommand
        do {
            command = try parseDispatched(given)
        } catch {
            if exitCode(for: error) == .success {
                // --help, --version, and --generate-completion-script, whose script gets the profile names of
                // `odsh NAME` added.
                Stdout.write(CommandLineCompletion.addingProfileNames(to: fullMessage(for: error)) + "\n")
                exitAfterFlushingStdout(0)
            }
            exitAfterFlushingStdout(ErrorReporter().reportCommandLine(error, of: Self.self).rawValue)
        }
        var cmd = command
        run { try cmd.run() }
    }

    /// Parses the command line as `parseAsRoot` does, the subcommand its first word names (else the default one)
    /// first on its own. Parsing from the root builds, through reflection, the argument sets of the root and of the
    /// default subcommand (the shell's, with all its option groups), whichever command runs; parsing the one
    /// subcommand builds only its own. Whatever that parse does not end with a command of that subcommand's tree
    /// (help, `--version`, `help`, completion requests, any error) is parsed again from the root, so that help, messages
    /// and completion scripts stay the root's.
    ///
    /// The subcommands name `odsh` (and the metadata subcommands `odsh metadata`, parsed on their own the same way:
    /// `nested(in:_:)`) as their super-command (`_superCommandName`), which spares their parse as a root
    /// swift-argument-parser's check for `--generate-completion-script` (two small commands parsed through
    /// reflection first, on every run); a command line that asks for a script, for help or for the version is parsed
    /// from the root alone.
    static func parseDispatched(_ given: [String]) throws -> ParsableCommand {
        if !given.contains(where: Self.asksForCompletionScript),
           let (sub, arguments) = dispatchedSubcommand(given),
           let parsed = try? sub.parseAsRoot(arguments),
           commandTypes(under: sub).contains(where: { $0 == type(of: parsed) }) {
            return parsed
        }
        return try parseAsRoot(given)
    }

    /// The subcommand that parsing from the root would pick, with its arguments: the one the first argument names (by
    /// name or alias) with the rest, else the default subcommand with all of them; nil where only the root's parse
    /// will do (`help`, `--help`, `--version`, a subcommand without a name of its own).
    static func dispatchedSubcommand(_ given: [String]) -> (ParsableCommand.Type, [String])? {
        guard let defaultSubcommand = configuration.defaultSubcommand else { return nil }
        if given.contains(where: Self.asksForHelpOrVersion) { return nil }
        guard let first = given.first else { return (defaultSubcommand, given) }
        if first == "help" { return nil }
        for sub in configuration.subcommands {
            let c = sub.configuration
            // The root's parser would derive a name from the type's: not worth repeating here.
            guard let name = c.commandName else { return nil }
            if name == first || c.aliases.contains(first) { return nested(in: sub, Array(given.dropFirst())) }
        }
        return (defaultSubcommand, given)
    }

    /// The subcommand of `command` the first of `arguments` names, with the rest, when it names its super-command
    /// too (`_superCommandName`, as `metadata summary` does): parsed on its own, it spares the parse of the command
    /// above it, whose parser builds the named subcommand's argument set once more (through reflection) to ask whether
    /// it captures all input. Else `command` itself.
    static func nested(in command: ParsableCommand.Type, _ arguments: [String]) -> (ParsableCommand.Type, [String]) {
        guard let first = arguments.first else { return (command, arguments) }
        for sub in command.configuration.subcommands {
            let c = sub.configuration
            guard c._superCommandName != nil, let name = c.commandName else { continue }
            if name == first || c.aliases.contains(first) { return nested(in: sub, Array(arguments.dropFirst())) }
        }
        return (command, arguments)
    }

    /// `--generate-completion-script`, with or without its value (only the root's parse answers it).
    private static func asksForCompletionScript(_ argument: String) -> Bool {
        argument.hasPrefix("--generate-completion-script")
    }

    /// `--version`, `--help` or `-h`: such a command line ends in the request for the version or help, which only the
    /// root's parse answers; the subcommand's parse first would be one parse more. (Where the word is an option's value
    /// instead, the root's parse gives what the subcommand's would have: it only takes longer.)
    private static func asksForHelpOrVersion(_ argument: String) -> Bool {
        argument == "--version" || argument == "--help" || argument == "-h"
    }

    /// The command types of a subcommand's tree (it and its subcommands, theirs, ...). An array: a handful of types,
    /// and a `Set` would cost a run the look-up of `Hashable` for its element type at start.
    private static func commandTypes(under command: ParsableCommand.Type) -> [ParsableCommand.Type] {
        var types: [ParsableCommand.Type] = [command]
        for sub in command.configuration.subcommands { types += commandTypes(under: sub) }
        return types
    }

    /// Runs a parsed command and exits with its status: 0, or what the error it threw stands for.
    private static func run(_ body: () throws -> Void) -> Never {
        do {
            try body()
            exitAfterFlushingStdout(0)
        } catch let e as ExitCode {
            exitAfterFlushingStdout(e.rawValue)
        } catch let e as OdshExit {
            exitAfterFlushingStdout(e.status.rawValue)
        } catch {
            Stdout.flush()
            // --help and --version can surface from run() when a default subcommand is involved.
            if exitCode(for: error) == .success { exit(withError: error) }
            let reporter = ErrorReporter()
            // A command's own check of its options reads as the parser's would, with the usage line.
            let status = error is ValidationError ? reporter.reportCommandLine(error, of: Self.self) : reporter.report(error)
            exitAfterFlushingStdout(status.rawValue)
        }
    }
}

/// Ends a one-shot command that has done its work while `kept` (its model) is still referenced: the process exits
/// without freeing what it built, as compilers and git do, since freeing a large model is work nobody waits for.
func exitAfterFlushingStdout(_ code: Int32, keeping kept: AnyObject) -> Never {
    withExtendedLifetime(kept) { exitAfterFlushingStdout(code) }
}

/// Exits once stdout is flushed; a write error that lost output turns a success into a failure (`Stdout.finish`).
func exitAfterFlushingStdout(_ code: Int32) -> Never {
    exit(Stdout.finish(code))
}
