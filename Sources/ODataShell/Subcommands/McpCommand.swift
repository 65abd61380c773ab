import CStdio
import ArgumentParser
import FoundationEssentials
import Glibc
import ODataClient
import ODataModel

/// `odsh mcp [URL|PROFILE [SERVICE]]`: a service (or an SAP system's catalog) as a few tools for AI agents, over
/// the Model Context Protocol on stdio. The server is the `odsh-mcp` executable shipped beside odsh, which this
/// command starts with the same arguments, so that odsh's own start-up does not carry the MCP library.
package struct McpCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "mcp",
        _superCommandName: "odsh",
        abstract: "Serve an OData service to AI agents as tools, over the Model Context Protocol on stdio.",
        discussion: """
            The tools are few and fixed whatever the service's size: sets, describe, query, url and call; with \
            --allow-writes also create, update, delete and action; on an SAP system (a URL or profile on the host's \
            root, with no service named) also services, and every tool then takes the service to use. Statements are \
            odsh's query language, checked against the metadata: a fault comes back with its column and the names \
            meant. --guide prints what the agent is told.
            """
    )

    @Argument(help: ArgumentHelp("The service root URL, a profile, or a system's URL or profile (its catalog).", valueName: "url|profile"),
              completion: CommandLineCompletion.profileOrURL)
    var service: String

    @Argument(help: ArgumentHelp("With a system: one of its services by technical name (then the tools serve it alone).",
                                 valueName: "service"))
    var serviceName: String?

    @Option(name: .long, help: ArgumentHelp("Read the service's metadata from this file instead of URL/$metadata.", valueName: "file"),
            completion: .file())
    var metadata: String?

    @Flag(name: .long, help: "Offer the create, update, delete and action tools (the service is read-only to agents without it).")
    var allowWrites = false

    @Option(name: .long, help: ArgumentHelp("Rows per answer at most, and by default (1 to 1000).", valueName: "n"))
    var maxRows = 25

    @Option(name: .long, help: ArgumentHelp("Bytes of rows per answer at most (one row always comes; 1000 or more).", valueName: "n"))
    var maxBytes = 40_000

    @Flag(name: .long, help: "Print the guide the agent is given (how to use the tools, with examples from the service) and exit.")
    var guide = false

    @OptionGroup(title: "Metadata")
    var metadataOptions: MetadataOptions

    @OptionGroup(title: "Connection")
    var connection: ConnectionOptions

    package init() {}

    package func validate() throws {
        guard (1...1000).contains(maxRows) else { throw ValidationError("--max-rows takes a number from 1 to 1000") }
        guard maxBytes >= 1000 else { throw ValidationError("--max-bytes takes a number of bytes, 1000 or more") }
    }

    package func run() throws {
        if guide {
            let toolbox = try makeToolbox()
            Stdout.write(toolbox.guide)
            toolbox.close()
            return
        }
        // The server proper: odsh-mcp beside this executable, with this command's arguments.
        let arguments = Array(CommandLine.arguments.dropFirst().drop { $0 != "mcp" }.dropFirst())
        let server = try Self.serverExecutable()
        Stdout.flush()
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        execv(server, argv)
        throw UsageError("cannot start \(server): \(String(cString: strerror(errno)))")
    }

    /// `odsh-mcp` beside odsh (a build folder), or in `../libexec/odsh/` (an installed package).
    static func serverExecutable() throws -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = n > 0 ? String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        let dir = exe.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let candidates = [dir + "/odsh-mcp", dir + "/../libexec/odsh/odsh-mcp"]
        guard let found = candidates.first(where: { access($0, X_OK) == 0 }) else {
            throw UsageError("odsh mcp needs the odsh-mcp executable, which is not installed (looked for \(candidates.joined(separator: " and ")))")
        }
        return found
    }

    /// The command line's connection settings, on no terminal: the agent's streams carry the protocol, and nobody is
    /// at a terminal to type a password or sign in, whatever the process's streams are.
    var connectionSettings: ConnectionSettings {
        var s = connection.settings
        s.terminal = .none
        return s
    }

    /// The toolbox on the service or system the command line names: its metadata loaded (or the system's catalog
    /// found), on one set of connections for the run.
    func makeToolbox() throws -> AgentToolbox {
        let connections = ServiceConnections(connectionSettings)
        let loader = MetadataLoader(connections: connections, strict: false, options: metadataOptions)
        let reporter = ErrorReporter()
        var options = AgentToolbox.Options()
        options.maxRows = maxRows
        options.maxBytes = maxBytes
        options.allowsWrites = allowWrites
        options.target = service
        if let services = ShellCommand.systemServices(service, serviceName: serviceName, metadata: metadata, connections: connections) {
            return AgentToolbox(system: service, catalog: services, loader: loader, options: options)
        }
        let (doc, root, profile) = try reporter.exitOnError {
            try loader.load(service: service, metadataFile: metadata, serviceName: serviceName)
        }
        let agentService = try reporter.exitOnError {
            try AgentService(document: doc, serviceRoot: root, profile: profile, connections: connections)
        }
        return AgentToolbox(service: agentService, loader: loader, options: options)
    }

    /// What `odsh-mcp` runs first: the command line parsed as `odsh mcp` parses it, and the toolbox made; a fault
    /// ends the process with odsh's message and exit status (before any MCP message is written).
    package static func toolbox(arguments: [String]) -> AgentToolbox {
        odsh_install_fatal_handlers()
        let command: McpCommand
        do {
            command = try parse(arguments)
        } catch {
            if exitCode(for: error) == .success {
                Stderr.write(fullMessage(for: error) + "\n")
                Glibc.exit(0)
            }
            Glibc.exit(ErrorReporter().reportCommandLine(error, of: OdshCommand.self).rawValue)
        }
        do {
            return try command.makeToolbox()
        } catch let e as OdshExit {
            Glibc.exit(e.status.rawValue)
        } catch {
            Glibc.exit(ErrorReporter().report(error).rawValue)
        }
    }
}
