import ODataModel

// The dot-commands about requests and results: what a statement would send, and more of the last result.

/// `.url STATEMENT`: the request a statement makes, without sending it.
struct URLDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(
        ".url", summary: "the request a statement makes, without sending it",
        parameters: [.text("STATEMENT", required: true, "a statement", values: .statement)], writesResults: true)
    let statement: String
    init(_ arguments: DotCommandArguments) { statement = arguments.word("STATEMENT") ?? "" }

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        let bound = try session.bind(statement)
        out.write(try session.services.requestText(bound, settings: session.settings))
        return .goOn
    }
}

/// `.curl [--with-secrets] [STATEMENT]`: the last request, or the one a statement would make, as a curl command.
struct CurlDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(
        ".curl", summary: "the last request (or a statement's) as a curl command; secrets as $VARIABLES",
        parameters: [.flag("--with-secrets", "the secrets themselves, not $VARIABLES"),
                     .text("STATEMENT", "a statement", values: .statement)])
    let withSecrets: Bool
    let statement: String?
    init(_ arguments: DotCommandArguments) {
        withSecrets = arguments.has("--with-secrets")
        statement = arguments.word("STATEMENT")
    }

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        let bound = try statement.map(session.bind)
        out.write(try session.services.curlCommand(bound, settings: session.settings, withSecrets: withSecrets))
        return .goOn
    }
}

/// `.next`: the next page of the last result that had more.
struct NextDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(".next", summary: "the next page of the last result that had more",
                                                   writesResults: true)
    init(_ arguments: DotCommandArguments) {}

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        try session.services.nextPage(settings: session.settings, out: out.textOutput)
        return .goOn
    }
}

/// `.show [N [NAME]]`: the last result in full, its row N, or one value of that row.
struct ShowDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(
        ".show", summary: "the last result in full, its row N, or one value of it",
        parameters: [.positional("N", "a row number, as in .show 2"),
                     .positional("NAME", "a column of the row, as in .show 2 Description")],
        writesResults: true)
    let row: Int?
    let name: String?
    init(_ arguments: DotCommandArguments) throws {
        row = try arguments.number("N", atLeast: 1)
        name = arguments.word("NAME")
    }

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        try session.services.showRows(row, name, settings: session.settings, out: out.textOutput)
        return .goOn
    }
}
