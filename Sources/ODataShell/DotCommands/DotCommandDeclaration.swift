/// What a dot-command declares once: its name, the words it takes and their help. The parser
/// (`DotCommandArguments`), `.help`, completion and the documentation test all read it.
struct DotCommandDeclaration: Sendable {
    /// The name with its dot, as in `.refresh`.
    var name: String
    /// Other names that run the same command (`.exit`, `.q` for `.quit`); not listed, but accepted and completed.
    var aliases: [String] = []
    /// One line for `.help`.
    var summary: String
    /// The words after the name, in order: flags and options (anywhere before the text parameter), then positionals.
    var parameters: [DotParameter] = []
    /// Whether what it prints is a result that `.output FILE` sends to the file (as psql's `\o` does).
    var writesResults = false

    init(_ name: String, aliases: [String] = [], summary: String, parameters: [DotParameter] = [], writesResults: Bool = false) {
        self.name = name
        self.aliases = aliases
        self.summary = summary
        self.parameters = parameters
        self.writesResults = writesResults
    }

    var options: [DotParameter] { parameters.filter(\.isOption) }
    var positionals: [DotParameter] { parameters.filter { !$0.isOption } }

    /// The arguments as `.help` and usage errors show them: `[--with-secrets] [STATEMENT]`.
    var synopsis: String {
        var words: [String] = []
        var i = 0
        let ps = parameters
        while i < ps.count {
            let p = ps[i]
            // Optional positionals nest, as in `[N [NAME]]`.
            if !p.isOption, !p.isRequired, p.choices.isEmpty {
                var nested = p.valueName
                var j = i + 1
                var closing = "]"
                while j < ps.count, !ps[j].isOption, !ps[j].isRequired, ps[j].choices.isEmpty {
                    nested += " [" + ps[j].valueName
                    closing += "]"
                    j += 1
                }
                words.append("[" + nested + closing)
                i = j
                continue
            }
            words.append(p.synopsis)
            i += 1
        }
        return words.joined(separator: " ")
    }

    /// `.name ARGS`, for usage errors.
    var usage: String { synopsis.isEmpty ? name : "\(name) \(synopsis)" }

    /// Whether `word` (lowercased) names this command.
    func isNamed(_ word: String) -> Bool { word == name || aliases.contains(word) }
}

/// One word (or the rest of the line) a dot-command takes.
struct DotParameter: Sendable {
    enum Kind: Sendable {
        /// `--open-enums`: present or not.
        case flag
        /// `--term PATTERN` or `--term=PATTERN`.
        case option
        /// One word.
        case positional
        /// The rest of the line as typed (a statement, a search text): it keeps its spaces and quotes.
        case text
    }

    var kind: Kind
    /// `--term` for flags and options; the placeholder (`NAME`, `STATEMENT`) for the others.
    var name: String
    /// The placeholder of an option's value (`PATTERN`).
    var valueName: String
    var isRequired: Bool
    /// What it is, as errors name it: "a pattern, as in --term 'UI.*'", "a name: a set, type, function or action".
    var help: String
    /// What TAB offers for it.
    var values: DotValues
    /// Fixed words it takes, shown in the synopsis as `on|off` (empty: any word).
    var choices: [String]

    var isOption: Bool { kind == .flag || kind == .option }

    static func flag(_ name: String, _ help: String) -> DotParameter {
        DotParameter(kind: .flag, name: name, valueName: "", isRequired: false, help: help, values: .none, choices: [])
    }

    static func option(_ name: String, value: String, _ help: String, values: DotValues = .none) -> DotParameter {
        DotParameter(kind: .option, name: name, valueName: value, isRequired: false, help: help, values: values, choices: [])
    }

    static func positional(_ name: String, required: Bool = false, _ help: String, values: DotValues = .none,
                           choices: [String] = []) -> DotParameter {
        DotParameter(kind: .positional, name: name, valueName: name, isRequired: required, help: help, values: values, choices: choices)
    }

    static func text(_ name: String, required: Bool = false, _ help: String, values: DotValues = .none) -> DotParameter {
        DotParameter(kind: .text, name: name, valueName: name, isRequired: required, help: help, values: values, choices: [])
    }

    var synopsis: String {
        let body: String
        switch kind {
        case .flag: body = name
        case .option: body = "\(name) \(valueName)"
        case .positional, .text: body = choices.isEmpty ? valueName : choices.joined(separator: "|")
        }
        return isRequired ? body : "[\(body)]"
    }
}

/// What completion offers for a parameter of a dot-command.
enum DotValues: Sendable {
    case none
    /// Fixed words, each with a note.
    case words([CompletionCandidate])
    /// The names of the settings (`.set NAME`).
    case settingNames
    /// The values of the setting named by the word before (`.set pager VALUE`).
    case settingValue
    /// Sets, singletons, types, functions and imports of the model (`.describe NAME`).
    case modelElements
    /// A statement, completed as one (`.url STATEMENT`).
    case statement
    /// The services `.open` can open: the profile's aliases and the system's catalog.
    case serviceNames
    /// File paths (`.output FILE`).
    case files
}
