/// The words of a dot-command as its declaration reads them: the one parser of every dot-command, so that each
/// takes its flags, options and words the same way and a wrong one gets the same kind of usage error.
///
/// Words are separated by spaces. Flags and options (`--top 5`, `--top=5`) come before the words, and only for a
/// command that declares some (elsewhere a word such as `-5` is a word); `--` ends them. A text parameter takes the
/// rest of the line as typed, with its spaces and quotes (a statement, a search text).
struct DotCommandArguments {
    let declaration: DotCommandDeclaration
    private(set) var flags: Set<String> = []
    private(set) var options: [String: String] = [:]
    /// The words of the positional and text parameters, by their names.
    private(set) var words: [String: String] = [:]

    init(parsing line: String, as declaration: DotCommandDeclaration) throws {
        self.declaration = declaration
        let positionals = declaration.positionals
        var slot = 0
        var optionsEnded = declaration.options.isEmpty
        var rest = Substring(line)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard !rest.isEmpty else { break }
            let startsOption = !optionsEnded && rest.hasPrefix("-")
            if !startsOption, slot < positionals.count, positionals[slot].kind == .text {
                words[positionals[slot].name] = String(rest).trimmingWhitespaceCharacters()
                slot += 1
                break
            }
            let word = String(rest.prefix { $0 != " " && $0 != "\t" })
            rest = rest.dropFirst(word.count)
            if startsOption {
                if word == "--" { optionsEnded = true; continue }
                try take(option: word, from: &rest)
                continue
            }
            guard slot < positionals.count else {
                throw usage(positionals.isEmpty ? "\(declaration.name) takes no \(declaration.options.isEmpty ? "arguments" : "words"), not \(word)"
                                                : "\(declaration.name) takes \(declaration.synopsis), not \(word)")
            }
            words[positionals[slot].name] = word
            slot += 1
        }
        for p in positionals where p.isRequired && words[p.name] == nil {
            throw usage("\(declaration.name) needs \(p.help)")
        }
    }

    private mutating func take(option word: String, from rest: inout Substring) throws {
        let (name, attached) = word.firstIndex(of: "=").map { (String(word[..<$0]), Optional(String(word[word.index(after: $0)...]))) }
            ?? (word, nil)
        guard let p = declaration.options.first(where: { $0.name == name }) else {
            let suggestion = NameSuggesterBridge.closest(name, declaration.options.map(\.name))
            throw usage("unknown \(declaration.name) option \(name)" + (suggestion.map { " (did you mean \($0)?)" } ?? ""))
        }
        switch p.kind {
        case .flag:
            guard attached == nil else { throw usage("\(declaration.name) \(name) takes no value") }
            flags.insert(name)
        default:
            if let attached, !attached.isEmpty {
                options[name] = attached
                return
            }
            rest = rest.drop { $0 == " " || $0 == "\t" }
            let value = String(rest.prefix { $0 != " " && $0 != "\t" })
            guard attached == nil, !value.isEmpty, !value.hasPrefix("--") else {
                throw usage("\(declaration.name) \(name) needs \(p.help)")
            }
            rest = rest.dropFirst(value.count)
            options[name] = value
        }
    }

    /// Whether the flag was given.
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The value of an option, or nil when it was not given.
    func option(_ name: String) -> String? { options[name] }

    /// The word (or text) of a positional or text parameter, or nil when it was not given.
    func word(_ name: String) -> String? { words[name] }

    /// An option's value as a whole number of at least `minimum`, or nil when it was not given.
    func number(option name: String, atLeast minimum: Int) throws -> Int? {
        guard let text = options[name] else { return nil }
        guard let n = Int(text), n >= minimum else {
            throw usage("\(declaration.name) \(name) takes a whole number of at least \(minimum), not \(text)")
        }
        return n
    }

    /// A word as a whole number of at least `minimum`, or nil when it was not given.
    func number(_ name: String, atLeast minimum: Int) throws -> Int? {
        guard let text = words[name] else { return nil }
        guard let n = Int(text), n >= minimum else {
            throw usage("\(declaration.name) takes \(declaration.synopsis): \(name) is a whole number of at least \(minimum), not \(text)")
        }
        return n
    }

    /// A usage error about this command, with its usage after the message.
    func usage(_ message: String) -> UsageError { declaration.usageError(message) }
}

extension DotCommandDeclaration {
    /// A usage error about this command: the message, then how the command is used.
    func usageError(_ message: String) -> UsageError { UsageError("\(message) (usage: \(usage))") }
}
