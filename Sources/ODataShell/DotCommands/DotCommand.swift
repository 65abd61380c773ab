/// A dot-command (`.sets`, `.refresh`, ...): a small type that declares its name, words and help once
/// (`declaration`), is made from its parsed words, and runs on the session's typed context.
protocol DotCommand {
    /// Name, aliases, summary and parameters: what the parser, `.help` and completion read.
    static var declaration: DotCommandDeclaration { get }
    /// The command with its words, checked (a wrong one is a usage error naming the command's usage).
    init(_ arguments: DotCommandArguments) throws
    /// Runs it; `.leave` ends the session (or the script).
    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome
}

/// Whether the session goes on after a command.
enum DotCommandOutcome {
    case goOn
    /// `.quit`, or `.open` once the next service is loaded.
    case leave
}
