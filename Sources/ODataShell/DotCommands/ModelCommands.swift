import ODataModel

// The dot-commands that describe the model in use: what they print is a result (`.output FILE` takes it).

/// `.sets`: the entity sets and singletons.
struct SetsDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(".sets", summary: "entity sets and singletons, with sizes and SAP labels",
                                                   writesResults: true)
    init(_ arguments: DotCommandArguments) {}

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        out.write(EntitySetListing(doc: session.document).text(width: out.terminal.stdoutWidth))
        return .goOn
    }
}

/// `.describe NAME`: a set, type, function or action (or a property by its path) in detail.
struct DescribeDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(
        ".describe", summary: "a set, type, function or action in detail",
        parameters: [.positional("NAME", required: true, "a name: a set, type, function or action", values: .modelElements)],
        writesResults: true)
    let name: String
    init(_ arguments: DotCommandArguments) { name = arguments.word("NAME") ?? "" }

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        let d = ElementDescription(doc: session.document)
        out.write(d.text(try d.find(name), width: out.terminal.stdoutWidth))
        return .goOn
    }
}

/// `.annotations [TARGET] [--term PATTERN]`: annotations with their targets, terms, qualifiers and values.
struct AnnotationsDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(
        ".annotations", summary: "annotations: target, term, qualifier, value",
        parameters: [.positional("TARGET", "a set, type or member path", values: .modelElements),
                     .option("--term", value: "PATTERN", "a pattern, as in --term 'UI.*'")],
        writesResults: true)
    let target: String?
    let term: String?
    init(_ arguments: DotCommandArguments) {
        target = arguments.word("TARGET")
        term = arguments.option("--term")
    }

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        out.write(try AnnotationListing(doc: session.document, target: target, term: term).text(width: out.terminal.stdoutWidth))
        return .goOn
    }
}

/// `.find TEXT`: names, SAP labels and descriptions of the whole model that contain the text.
struct FindDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(
        ".find", summary: "search names, SAP labels and descriptions of the whole model",
        parameters: [.text("TEXT", required: true, "a word: it searches names, labels and descriptions")],
        writesResults: true)
    let text: String
    init(_ arguments: DotCommandArguments) { text = arguments.word("TEXT") ?? "" }

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        out.write(ModelSearchListing(doc: session.document, text: text).textOutput(width: out.terminal.stdoutWidth))
        return .goOn
    }
}

/// `.functions`: function and action imports, bound actions and functions.
struct FunctionsDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(".functions", summary: "function and action imports, actions and functions",
                                                   writesResults: true)
    init(_ arguments: DotCommandArguments) {}

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        out.write(FunctionListing(doc: session.document).text(width: out.terminal.stdoutWidth))
        return .goOn
    }
}
