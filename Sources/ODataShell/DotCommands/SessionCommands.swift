import ODataModel

// The dot-commands about the session itself: help, history, the metadata in use, the service, leaving.

/// `.help [TOPIC]`: statements and commands, or one topic.
struct HelpDotCommand: DotCommand {
    static let topics = ["statements", "expressions", "commands"]
    static let declaration = DotCommandDeclaration(
        ".help", aliases: [".h", ".?"], summary: "help, or help on a topic",
        parameters: [.positional("TOPIC", "a topic", values: .words(topics.map { CompletionCandidate($0, annotation: "topic") }), choices: topics)])
    let topic: String?
    init(_ arguments: DotCommandArguments) throws {
        topic = arguments.word("TOPIC")?.lowercased()
        if let topic, !Self.topics.contains(topic) {
            throw arguments.usage("no help topic \(arguments.word("TOPIC") ?? topic): try statements, expressions or commands")
        }
    }

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        switch topic {
        case "statements": out.write(ReplCommandCatalog.statementsHelp)
        case "expressions": out.write(ReplCommandCatalog.expressionsHelp)
        case "commands": out.write(ReplCommandCatalog.commandsHelp())
        default: out.write(ReplCommandCatalog.statementsHelp + ReplCommandCatalog.commandsHelp() + "\nMore: .help expressions\n")
        }
        return .goOn
    }
}

/// `.history [N]`: the last N statements and commands.
struct HistoryDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(".history", summary: "the last N statements (20)",
                                                   parameters: [.positional("N", "how many")])
    let count: Int
    init(_ arguments: DotCommandArguments) throws { count = try arguments.number("N", atLeast: 0) ?? 20 }

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        for line in session.recent.dropLast().suffix(count) { out.write("  \(line)\n") }
        return .goOn
    }
}

/// `.refresh [--open-enums] [--allow-changes] [--allow-removals]`: fetch the live metadata, compare it with the
/// one in use, apply it when compatible (or approved).
struct RefreshDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(
        ".refresh", summary: "reload $metadata, check compatibility, apply when compatible",
        parameters: [.flag("--open-enums", "new enum members are compatible"),
                     .flag("--allow-changes", "changed elements are approved"),
                     .flag("--allow-removals", "removed elements are approved")])
    let options: MetadataComparison.Options
    init(_ arguments: DotCommandArguments) {
        var o = MetadataComparison.Options()
        o.hasOpenEnumerations = arguments.has("--open-enums")
        o.canChangeAnything = arguments.has("--allow-changes")
        o.canRemoveAnything = arguments.has("--allow-removals")
        options = o
    }

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        let newer = try session.services.reloadMetadata()
        do {
            let result = try session.document.refreshMetadata(with: newer, options: options)
            let outcome = DiffOutcome(report: result.report, oldSource: "in use", newSource: newer.source, failOn: .incompatible)
            session.replaceDocument(result.document)
            let from = session.metadataFile.map { " (read again from \($0), the metadata file in use; the service was not asked)" } ?? ""
            if result.report.isEmpty {
                out.write("metadata unchanged\(from)\n")
            } else {
                if !from.isEmpty { out.write("metadata changed\(from)\n") }
                out.write(DiffTextRenderer(outcome: outcome).render())
                out.writeAfter("refreshed: the new metadata is in use\n")
            }
        } catch let e as MetadataRefreshError {
            let outcome = DiffOutcome(report: e.report, oldSource: "in use", newSource: newer.source, failOn: .incompatible)
            out.write(DiffTextRenderer(outcome: outcome).render())
            throw UsageError("refresh refused: the new metadata is not compatible; the old metadata stays in use "
                             + "(pre-approve with --open-enums, --allow-changes or --allow-removals)")
        }
        return .goOn
    }
}

/// `.open SERVICE`: another service of the same system; the session ends once it is loaded, and the next one
/// starts on it with the same settings.
struct OpenDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(
        ".open", summary: "open another service of the system (technical name or alias)",
        parameters: [.positional("SERVICE", required: true,
                                 "one service: its technical name, the profile's alias for it, a path or a URL on the system",
                                 values: .serviceNames)])
    let service: String
    init(_ arguments: DotCommandArguments) { service = arguments.word("SERVICE") ?? "" }

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        try session.services.open(service)
        return .leave
    }
}

/// `.quit`: leave (also `.exit`, `.q`).
struct QuitDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(".quit", aliases: [".exit", ".q"], summary: "leave (also .exit, or Ctrl-D)")
    init(_ arguments: DotCommandArguments) {}

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome { .leave }
}
