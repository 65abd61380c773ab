// The dot-commands that change how the session shows results: settings, format, tracing, and where results go.

/// `.output [FILE]`: results go to the file until `.output` alone.
struct OutputDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(
        ".output", summary: "results to FILE in the format set; alone: to the terminal",
        parameters: [.text("FILE", "a file", values: .files)])
    let path: String?
    init(_ arguments: DotCommandArguments) { path = arguments.word("FILE") }

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        session.outputFile = nil
        if let path {
            session.outputFile = try OutputFile(path)
            out.write("results go to \(path) (.output alone: back to the terminal)\n")
        }
        return .goOn
    }
}

/// `.format [FORMAT]`: sets the output format, or shows it.
struct FormatDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(
        ".format", summary: "set the output format",
        parameters: [.positional("FORMAT", "a format", values: .words(ShellSettings.OutputFormat.allCases.map { CompletionCandidate($0.rawValue, annotation: "format") }),
                                 choices: ShellSettings.OutputFormat.allCases.map(\.rawValue))])
    let format: String?
    init(_ arguments: DotCommandArguments) { format = arguments.word("FORMAT") }

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        guard let format else {
            out.write("format: \(session.settings.format.rawValue)\n")
            return .goOn
        }
        try session.change(.format, to: format)
        return .goOn
    }
}

/// `.set NAME VALUE`: changes a setting.
struct SetDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(
        ".set", summary: "change a setting (.settings lists them)",
        parameters: [.positional("NAME", required: true, "a name and a value, as in .set pagesize 50", values: .settingNames),
                     .positional("VALUE", required: true, "a value after the name, as in .set pagesize 50", values: .settingValue)])
    let setting: ShellSetting
    let value: String
    init(_ arguments: DotCommandArguments) throws {
        // An unknown name is refused before anything runs, with the closest one.
        setting = try ShellSetting.named(arguments.word("NAME") ?? "")
        value = arguments.word("VALUE") ?? ""
    }

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        try session.change(setting, to: value)
        return .goOn
    }
}

/// `.settings`: the settings with their values and what they do.
struct SettingsDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(".settings", summary: "show the settings")
    init(_ arguments: DotCommandArguments) {}

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        let rows = session.settings.described
        let width = rows.map(\.name.count).max() ?? 0
        let valueWidth = rows.map(\.value.count).max() ?? 0
        for r in rows {
            out.write("  \(r.name)\(String(repeating: " ", count: width - r.name.count))  "
                      + "\(r.value)\(String(repeating: " ", count: valueWidth - r.value.count))  \(r.help)\n")
        }
        return .goOn
    }
}

/// `.trace [LEVEL]`: HTTP tracing (alone: on).
struct TraceDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(
        ".trace", summary: "trace HTTP requests (secrets redacted)",
        parameters: [.positional("LEVEL", "a level", values: .words(ShellSettings.TraceLevel.allCases.map { CompletionCandidate($0.rawValue) }),
                                 choices: ShellSettings.TraceLevel.allCases.map(\.rawValue))])
    let level: String
    init(_ arguments: DotCommandArguments) { level = arguments.word("LEVEL") ?? "on" }

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        try session.change(.trace, to: level)
        return .goOn
    }
}

/// `.timing [on|off]`: show how long each statement takes (alone: on).
struct TimingDotCommand: DotCommand {
    static let declaration = DotCommandDeclaration(
        ".timing", summary: "show how long each statement takes",
        parameters: [.positional("SWITCH", "on or off", values: .words(["on", "off"].map { CompletionCandidate($0) }), choices: ["on", "off"])])
    let value: String
    init(_ arguments: DotCommandArguments) { value = arguments.word("SWITCH") ?? "on" }

    func run(in session: SessionContext, _ out: PagedOutput) throws -> DotCommandOutcome {
        try session.change(.timing, to: value)
        return .goOn
    }
}
