/// A way past the argument parser for the one-shot command lines that scripts and CI run most, in their plain forms:
/// `odsh metadata summary|sets SOURCE`, `odsh metadata describe SOURCE NAME` and `odsh diff OLD NEW`, with their
/// flags, `--metadata-fix`, and diff's `--format`, `--fail-on` and `--can-be-removed`; not the connection options.
///
/// Why: the argument parser learns a command's options by reflecting over the types that declare them, and it does
/// so for each command on the path three or four times per run (`includesPassthroughArguments`,
/// `includesAllUnrecognizedArgument`, the parse itself, the built-in flag check), each time demangling every
/// option's type; the first time, the runtime also scans all ~4,100 protocol conformance records of the binary for
/// each option type. `odsh metadata summary FILE`, whose path holds some thirty options (the connection options
/// for a URL source among them), spent 16.9 M instructions there before reading a byte: 3 to 5 ms of every run,
/// as much as xmllint needs to read a 1 MB document.
///
/// What is taken here is a strict subset of what the argument parser accepts, read the same way: each argument is
/// one of the command's flags, given once; one of those options with its value (`--format X` or `--format=X`, a
/// value that is not empty and does not start with `-`), given once (`--can-be-removed` any number of times); or a
/// positional argument that does not start with `-`. The positional arguments are exactly as many as the command
/// takes. Anything else (help, `--`, other options, a flag given twice, short flags run together, a value the
/// option does not accept, a missing or extra argument) returns nil, and the argument parser reads the command line
/// as always: usage, help and error messages come only from it. `QuickCommandLineTests` checks that every command
/// line taken here is parsed by the argument parser into the same values.
enum QuickCommandLine {
    enum Command {
        case summary(MetadataSource)
        case sets(MetadataSource)
        case describe(MetadataSource, name: String)
        case diff(DiffRequest)

        func run() throws {
            switch self {
            case .summary(let s): try MetadataCommand.Summary.run(s)
            case .sets(let s): try MetadataCommand.Sets.run(s)
            case .describe(let s, let name): try MetadataCommand.Describe.run(s, name: name)
            case .diff(let d): try d.run()
            }
        }
    }

    /// The command a plain command line (the arguments after `odsh`) asks for; nil for any other, which the
    /// argument parser then reads.
    static func match(_ arguments: [String]) -> Command? {
        guard arguments.count >= 2 else { return nil }
        switch arguments[0] {
        case "metadata": return metadata(arguments.dropFirst())
        case "diff": return diff(arguments.dropFirst())
        default: return nil
        }
    }

    /// `summary|sets|describe`, then flags, `--metadata-fix` and positional arguments.
    private static func metadata(_ arguments: ArraySlice<String>) -> Command? {
        let sub = arguments.first!
        let wanted: Int
        switch sub {
        case "summary", "sets": wanted = 1
        case "describe": wanted = 2
        default: return nil
        }
        guard let line = Line(arguments.dropFirst(), flags: ["--json", "--strict", "-v", "--verbose", "-q", "--quiet", "--no-cache"],
                              options: ["--metadata-fix"]),
              line.positional.count == wanted, let verbose = line.either("-v", "--verbose"), let quiet = line.either("-q", "--quiet")
        else { return nil }
        let source = MetadataSource(source: line.positional[0], json: line["--json"],
                                    loading: MetadataLoading(strict: line["--strict"], verbose: verbose, quiet: quiet,
                                                             noCache: line["--no-cache"], metadataFix: line.value("--metadata-fix")))
        switch sub {
        case "summary": return .summary(source)
        case "sets": return .sets(source)
        default: return .describe(source, name: line.positional[1])
        }
    }

    /// `OLD NEW` with flags, `--format`, `--fail-on`, `--metadata-fix` and `--can-be-removed` (repeatable).
    private static func diff(_ arguments: ArraySlice<String>) -> Command? {
        guard let line = Line(arguments, flags: ["--open-enums", "--allow-changes", "--allow-removals", "--strict", "-q", "--quiet", "-v",
                                                 "--verbose", "--no-cache", "--timings"],
                              options: ["--format", "--fail-on", "--metadata-fix"], repeatable: ["--can-be-removed"]),
              line.positional.count == 2, let verbose = line.either("-v", "--verbose"), let quiet = line.either("-q", "--quiet")
        else { return nil }
        var format = DiffFormat.text
        if let v = line.value("--format") {
            guard let f = DiffFormat(argument: v) else { return nil }
            format = f
        }
        var failOn = DiffFailLevel.incompatible
        if let v = line.value("--fail-on") {
            guard let f = DiffFailLevel(argument: v) else { return nil }
            failOn = f
        }
        return .diff(DiffRequest(old: line.positional[0], new: line.positional[1], format: format, openEnums: line["--open-enums"],
                                 allowChanges: line["--allow-changes"], allowRemovals: line["--allow-removals"],
                                 canBeRemoved: line.values["--can-be-removed"] ?? [], failOn: failOn,
                                 loading: MetadataLoading(strict: line["--strict"], verbose: verbose, quiet: quiet,
                                                          noCache: line["--no-cache"], metadataFix: line.value("--metadata-fix")),
                                 timings: line["--timings"]))
    }

    /// A command line's flags (each given once), option values and positional arguments; nil for anything outside
    /// the plain forms. An option's value is `--name=value`, or the next argument when that does not start with `-`.
    private struct Line {
        private var flags: [String: Bool]
        private(set) var values: [String: [String]] = [:]
        private(set) var positional: [String] = []

        /// `options` may be given once each, `repeatable` ones any number of times.
        init?(_ arguments: ArraySlice<String>, flags names: [String], options: Set<String> = [], repeatable: Set<String> = []) {
            flags = Dictionary(uniqueKeysWithValues: names.map { ($0, false) })
            var i = arguments.startIndex
            while i < arguments.endIndex {
                let a = arguments[i]
                i += 1
                guard a.hasPrefix("-") else { positional.append(a); continue }
                if flags[a] == false { flags[a] = true; continue }
                let eq = a.firstIndex(of: "=")
                let name = eq.map { String(a[..<$0]) } ?? a
                guard repeatable.contains(name) || (options.contains(name) && values[name] == nil) else { return nil }
                let value: String
                if let eq {
                    value = String(a[a.index(after: eq)...])
                } else {
                    guard i < arguments.endIndex else { return nil }
                    value = arguments[i]
                    i += 1
                }
                guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
                values[name, default: []].append(value)
            }
        }

        subscript(flag: String) -> Bool { flags[flag] ?? false }
        func value(_ option: String) -> String? { values[option]?.first }
        /// A flag with a short and a long name: nil when both were given.
        func either(_ short: String, _ long: String) -> Bool? {
            self[short] && self[long] ? nil : self[short] || self[long]
        }
    }
}
